import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { okOf } from "../../helpers/result-helpers.js";

/** A links to B (default text) and to a missing id; C links to B; B links to itself. */
async function smallGraph() {
  const fresh = await freshMemory();
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__AAAAAA", title: "Alpha", body: "see [[id__BBBBBB|Bravo]] and [[id__Gone00|gone]]" },
    { id: "id__BBBBBB", title: "Bravo", body: "links back to itself [[id__BBBBBB]]" },
    {
      id: "id__CCCCCC",
      title: "Charlie",
      body: "[[id__BBBBBB|custom]] and [[id__DDDDDD|old one]]",
      folder: "inbox",
    },
    { id: "id__DDDDDD", title: "Delta", body: "archived, no links", folder: "archive" },
    { id: "id__EEEEEE", title: "Echo", body: "only in the index" },
  ]);
  return fresh;
}

describe("link queries", () => {
  it("links(id): inbound notes (self excluded) and outbound links with existence and status", async () => {
    const { memory } = await smallGraph();
    const links = okOf(await memory.links("id__BBBBBB"));
    expect(links.inbound.map((link) => [link.id, link.title, link.status])).toEqual([
      ["id__CCCCCC", "Charlie", "inbox"],
      ["id__AAAAAA", "Alpha", "active"],
    ]);
    expect(links.outbound).toEqual([
      { id: "id__BBBBBB", displayText: "id__BBBBBB", exists: true, status: "active" },
    ]);
    const alpha = okOf(await memory.links("AAAAAA"));
    expect(alpha.outbound).toEqual([
      { id: "id__BBBBBB", displayText: "Bravo", exists: true, status: "active" },
      { id: "id__Gone00", displayText: "gone", exists: false },
    ]);
    expect(alpha.inbound).toEqual([]);
  });

  it("orphans(): no inbound link from another note or the index; self-links don't count", async () => {
    const { memory, fs, root } = await smallGraph();
    expect(okOf(await memory.orphans()).toSorted()).toEqual([
      "id__AAAAAA",
      "id__CCCCCC",
      "id__EEEEEE",
    ]);
    await fs.promises.writeFile(`${root}/index.md`, "# Index\n\n## Hot\n\n- [[id__EEEEEE|Echo]]\n");
    expect(okOf(await memory.orphans()).toSorted()).toEqual(["id__AAAAAA", "id__CCCCCC"]);
    expect(okOf(await memory.links("id__EEEEEE")).indexed).toBe(true);
  });

  it("deadEnds(): notes whose only links, if any, are to themselves", async () => {
    const { memory } = await smallGraph();
    expect(okOf(await memory.deadEnds()).toSorted()).toEqual([
      "id__BBBBBB",
      "id__DDDDDD",
      "id__EEEEEE",
    ]);
  });

  it("brokenLinks(): links to ids that exist nowhere; a link to an archived note is not broken", async () => {
    const { memory } = await smallGraph();
    expect(okOf(await memory.brokenLinks())).toEqual([
      { sourceId: "id__AAAAAA", targetId: "id__Gone00" },
    ]);
  });

  it("follows edits made behind the library's back, with no refresh call", async () => {
    const { memory, fs, root } = await smallGraph();
    okOf(await memory.links("id__BBBBBB"));
    const alpha = okOf(await memory.read("id__AAAAAA"));
    await fs.promises.writeFile(
      `${root}/${alpha.path}`,
      "# Alpha\n\nnow links to [[id__EEEEEE|echo]] only, and is longer\n",
    );
    expect(okOf(await memory.links("id__BBBBBB")).inbound.map((link) => link.id)).toEqual([
      "id__CCCCCC",
    ]);
    expect(okOf(await memory.brokenLinks())).toEqual([]);
    await fs.promises.writeFile(`${root}/topics/new id__FFFFFF.md`, "# New\n\n[[id__Nope00]]\n");
    expect(okOf(await memory.brokenLinks())).toEqual([
      { sourceId: "id__FFFFFF", targetId: "id__Nope00" },
    ]);
    await fs.promises.unlink(`${root}/topics/new id__FFFFFF.md`);
    expect(okOf(await memory.brokenLinks())).toEqual([]);
    okOf(await memory.refresh());
    expect(okOf(await memory.orphans())).toContain("id__AAAAAA");
  });
});
