import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { analyzeMemory } from "../../../src/notes/analysis/analyze.js";
import { createMemory } from "../../../src/memory.js";

import { seedNotes } from "../../helpers/seed-notes.js";
import { notesContext } from "./analysis-helpers.js";
import { okOf } from "../../helpers/result-helpers.js";

const DAY = 86_400_000;
// Whole seconds: git stores author times in seconds.
const COMMITTED_AT = Date.UTC(2025, 0, 1);

/** Links from the i-th note of a group to every later one: the group becomes a clique. */
function linksToLater(ids: readonly string[], i: number): string {
  return ids
    .slice(i + 1)
    .map((id) => `[[${id}]]`)
    .join(" ");
}

async function fixture() {
  const ports = okOf(await inMemoryPorts({ now: () => COMMITTED_AT }));
  const { fs, root, persistence, git } = ports;
  await seedNotes(fs, root, [
    { id: "id__Hub000", title: "Hub", body: "[[id__Leaf01|one]] and [[id__Leaf02|two]]" },
    { id: "id__Leaf01", title: "Leaf one", body: "#people back to [[id__Hub000|hub]]" },
    {
      id: "id__Leaf02",
      title: "Leaf two",
      body: "points at [[id__Gone00|nothing]] [[id__Gone00]]",
    },
    { id: "id__TriA00", title: "Tri a", body: "[[id__TriB00]]" },
    { id: "id__TriB00", title: "Tri b", body: "[[id__TriC00]]" },
    { id: "id__TriC00", title: "Tri c", body: "[[id__TriA00]] " + "long ".repeat(60) },
    { id: "id__Lonely", title: "Lonely", body: "nobody links here" },
    { id: "id__Self00", title: "Self", body: "only [[id__Self00|myself]]" },
    { id: "id__Arch00", title: "Archived", body: "[[id__Lonely]]", folder: "archive" },
  ]);
  await fs.promises.writeFile(`${root}/index.md`, "# Index\n\n## Hot\n\n- [[id__Hub000|Hub]]\n");
  okOf(await git.commit("seed"));
  // Committed 40.5 days before the analysis clock.
  const now = COMMITTED_AT + 40.5 * DAY;
  return { fs, root, persistence, git, now, ctx: notesContext(persistence, git, () => now) };
}

describe("analyzeMemory", () => {
  it("reports each finding with the graph queries' definitions, in the documented order", async () => {
    const { ctx, persistence, git, now } = await fixture();
    const analysis = okOf(await analyzeMemory(ctx, { maxNoteBytes: 200 }));

    expect(analysis.notes.map((n) => [n.id, n.inbound, n.outbound, n.indexed, n.status])).toEqual([
      ["id__Arch00", 0, 1, false, "archived"],
      ["id__Hub000", 1, 2, true, "active"],
      ["id__Leaf01", 1, 1, false, "active"],
      ["id__Leaf02", 1, 1, false, "active"],
      ["id__Lonely", 1, 0, false, "active"],
      ["id__Self00", 0, 0, false, "active"],
      ["id__TriA00", 1, 1, false, "active"],
      ["id__TriB00", 1, 1, false, "active"],
      ["id__TriC00", 1, 1, false, "active"],
    ]);
    const leaf = analysis.notes.find((n) => n.id === "id__Leaf01");
    expect(leaf).toMatchObject({
      title: "Leaf one",
      tags: ["people"],
      createdAt: COMMITTED_AT,
      updatedAt: COMMITTED_AT,
    });
    expect(leaf?.path).toBe("topics/leaf-one id__Leaf01.md");

    // The archived note's link keeps Lonely from being an orphan; archived notes never are.
    expect(analysis.orphans).toEqual([{ id: "id__Self00", ageDays: 40 }]);
    expect(analysis.brokenLinks).toEqual([{ sourceId: "id__Leaf02", targetId: "id__Gone00" }]);
    expect(analysis.deadEnds).toEqual(["id__Lonely", "id__Self00"]);
    // Largest first, then by first id; Self00 links nowhere else, so it is in no cluster.
    expect(analysis.clusters).toEqual([
      { id: "id__Hub000", noteIds: ["id__Hub000", "id__Leaf01", "id__Leaf02"] },
      { id: "id__TriA00", noteIds: ["id__TriA00", "id__TriB00", "id__TriC00"] },
      { id: "id__Arch00", noteIds: ["id__Arch00", "id__Lonely"] },
    ]);
    expect(analysis.cycles).toEqual([
      ["id__Hub000", "id__Leaf01"],
      ["id__TriA00", "id__TriB00", "id__TriC00"],
    ]);
    expect(analysis.oversize).toEqual([{ id: "id__TriC00", size: expect.any(Number) }]);
    expect(analysis.nearDuplicates).toEqual([]);

    // The same definitions as the graph queries (which also count archived notes as orphans).
    const memory = createMemory({ persistence, git, now: () => now });
    expect(okOf(await memory.deadEnds()).toSorted()).toEqual(analysis.deadEnds);
    expect(okOf(await memory.orphans()).toSorted()).toEqual(["id__Arch00", "id__Self00"]);
    expect(okOf(await memory.brokenLinks())).toEqual(analysis.brokenLinks);
  });

  it("takes times from git, else from the file, and ages orphans from createdAt", async () => {
    const { ctx, fs, root } = await fixture();
    await seedNotes(fs, root, [{ id: "id__Fresh0", title: "Fresh", body: "uncommitted" }]);
    const analysis = okOf(await analyzeMemory(ctx));
    const fresh = analysis.notes.find((n) => n.id === "id__Fresh0");
    expect(fresh?.createdAt).toBeGreaterThan(COMMITTED_AT);
    expect(analysis.orphans).toEqual([
      { id: "id__Self00", ageDays: 40 },
      // Its mtime (the real clock) is later than the analysis clock: 0 days, never negative.
      { id: "id__Fresh0", ageDays: 0 },
    ]);
  });

  it("finds near-duplicates and splits a large cluster into communities", async () => {
    const { ctx, fs, root } = await fixture();
    const text =
      "the deploy runs on tuesdays after review and the staging build goes first then production";
    const left = Array.from({ length: 6 }, (_, i) => `id__Left0${i}`);
    const right = Array.from({ length: 6 }, (_, i) => `id__Rite0${i}`);
    await seedNotes(fs, root, [
      { id: "id__Dup001", title: "Deploy day", body: text },
      { id: "id__Dup002", title: "Deploy day", body: `${text}.` },
      ...left.map((id, i) => ({
        id,
        title: `left ${i}`,
        body: `${linksToLater(left, i)} ${i === 5 ? "[[id__Rite00]]" : ""}`,
      })),
      ...right.map((id, i) => ({ id, title: `right ${i}`, body: linksToLater(right, i) })),
    ]);
    const analysis = okOf(await analyzeMemory(ctx, { communityMinSize: 12 }));
    expect(analysis.nearDuplicates).toEqual([{ a: "id__Dup001", b: "id__Dup002", similarity: 1 }]);
    expect(analysis.clusters[0]).toEqual({
      id: "id__Left00",
      noteIds: [...left, ...right],
      communities: [left, right],
    });
    expect(analysis.clusters.slice(1).every((cluster) => cluster.communities === undefined)).toBe(
      true,
    );
  });

  it("gives byte-identical output for the same files: twice, after a refresh, from a new store", async () => {
    const { ctx, persistence, git, now } = await fixture();
    const first = JSON.stringify(okOf(await analyzeMemory(ctx)));
    expect(JSON.stringify(okOf(await analyzeMemory(ctx)))).toBe(first);
    ctx.store.invalidate();
    expect(JSON.stringify(okOf(await analyzeMemory(ctx)))).toBe(first);
    const other = notesContext(persistence, git, () => now);
    expect(JSON.stringify(okOf(await analyzeMemory(other)))).toBe(first);
  });
});
