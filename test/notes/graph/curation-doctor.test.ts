/**
 * Issue 33, part 3: doctor reports git conflict markers left in a note (error), a hot-tier
 * entry pointing at an archived note (warning) and the `id__XXXXXX.md` file an Obsidian click
 * leaves at the root (warning, with where it came from); the archived-hot rule is the same in
 * `index.promote` (refused), AGENTS.md and the session context (left out).
 */
import { describe, expect, it } from "vitest";
import { sessionContext } from "../../../src/lifecycle/context/session-context.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

// The shape `git merge` writes on a conflicting hunk (git-merge(1), "HOW CONFLICTS ARE PRESENTED").
const CONFLICTED =
  "# Deploys\n\nDeploys go out on\n<<<<<<< HEAD\nTuesdays.\n=======\nThursdays.\n>>>>>>> feature/deploy-day\n";

describe("doctor: curation findings", () => {
  it("reports conflict markers in a note as an error with the fix, and not when quoted in code", async () => {
    let n = 0;
    const { memory, fs, root } = await freshMemory({ generateId: () => `id__Dep1o${n++}` });
    const note = okOf(await memory.capture({ title: "Deploys", body: "x" }, { status: "active" }));
    // A note about git may quote the markers in a fence: not a conflict.
    const fence = "```\n<<<<<<< HEAD\n=======\n>>>>>>> b\n```";
    okOf(await memory.capture({ title: "Git howto", body: fence }, { status: "active" }));
    await fs.promises.writeFile(`${root}/${note.path}`, CONFLICTED);
    const report = okOf(await memory.doctor());
    const conflicts = report.findings.filter((finding) => finding.kind === "conflict-markers");
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({ severity: "error", path: note.path, id: note.id });
    expect(conflicts[0]?.message).toMatch(
      /3 lines from "<<<<<<< HEAD" to ">>>>>>> feature\/deploy-day"/,
    );
    expect(conflicts[0]?.fix).toMatch(/delete the marker lines/);
    expect(report.ok).toBe(false);
  });

  it("warns about an archived note in the hot tier; promote refuses one; context and AGENTS.md leave it out", async () => {
    let n = 0;
    const { memory, fs, root } = await freshMemory({ generateId: () => `id__Arch0${n++}` });
    const kept = okOf(
      await memory.capture({ title: "Kept", body: "current" }, { status: "active" }),
    );
    const old = okOf(
      await memory.capture({ title: "Old", body: "retired text" }, { status: "active" }),
    );
    okOf(await memory.index.set({ hot: [kept.id, old.id], warm: [] }));
    okOf(await memory.archive(old.id));

    const report = okOf(await memory.doctor());
    expect(report.findings.filter((finding) => finding.kind === "archived-hot")).toEqual([
      expect.objectContaining({ severity: "warning", path: "index.md", id: old.id }),
    ]);

    const refused = errOf(await memory.index.promote(old.id, "warm"));
    expect(refused.code).toBe("INVALID_INPUT");
    expect(refused.message).toMatch(/is archived[\s\S]*memory move id__Arch01 active/);

    const context = okOf(await sessionContext(memory, { budget: 10_000 }));
    expect(context.hot.map((note) => note.id)).toEqual([kept.id]);
    expect(context.archived).toEqual([old.id]);
    expect(context.text).not.toContain("retired text");
    expect(context.text).not.toContain(old.id);

    const { fileTarget } = await import("../../../src/adapters/agents-md-file/file-target.js");
    const target = fileTarget({ fs, path: `${root}/AGENTS.md`, memoryRoot: root });
    const written = okOf(await memory.agentsMd({ target }));
    expect(written.archived).toEqual([old.id]);
    expect(String(await fs.promises.readFile(`${root}/AGENTS.md`, "utf8"))).not.toContain(
      "retired text",
    );
  });

  it("tells an Obsidian click's empty id__X.md at the root apart from other stray files", async () => {
    const { memory, fs, root } = await freshMemory({ generateId: () => "id__Kf9mNp" });
    okOf(await memory.capture({ title: "Console app", body: "x" }, { status: "active" }));
    await fs.promises.writeFile(`${root}/id__Kf9mNp.md`, "");
    await fs.promises.writeFile(`${root}/id__Zz9zZz.md`, "typed into it");
    await fs.promises.writeFile(`${root}/stray.md`, "other");
    // Obsidian's own folder in a vault is not the memory's to report.
    await fs.promises.mkdir(`${root}/.obsidian/plugins/agent-memory-links`, { recursive: true });
    await fs.promises.writeFile(`${root}/.obsidian/plugins/agent-memory-links/manifest.json`, "{}");
    const findings = okOf(await memory.doctor()).findings;
    const strays = findings.filter((finding) => finding.kind === "obsidian-stray");
    expect(strays.map((finding) => [finding.path, finding.severity])).toEqual([
      ["id__Kf9mNp.md", "warning"],
      ["id__Zz9zZz.md", "warning"],
    ]);
    expect(strays[0]?.message).toMatch(/Obsidian creates id__Kf9mNp\.md[\s\S]*"Console app"/);
    expect(strays[0]?.fix).toMatch(/^Delete it \(it is empty\)/);
    expect(strays[1]?.fix).toMatch(/memory edit id__Zz9zZz --append/);
    expect(
      findings.filter((finding) => finding.kind === "outside-layout").map((f) => f.path),
    ).toEqual(["stray.md"]);
  });
});
