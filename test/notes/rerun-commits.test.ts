/**
 * An interrupted rename or merge, run again with `commit`, must commit the whole operation
 * (issue 13, item 12): the files the first run changed and the re-run finds already done are
 * in the re-run's commit too, so nothing of the operation is left uncommitted.
 */
import { statusMatrix } from "isomorphic-git";
import type { Result } from "neverthrow";
import { describe, expect, it } from "vitest";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { faultyPorts } from "../torture/fault-ports.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { okOf } from "../helpers/result-helpers.js";
import { seedNotes } from "../helpers/seed-notes.js";

/** Note files (status folders, index.md) that differ from HEAD. */
async function uncommittedNotes(fs: FsLike, root: string): Promise<string[]> {
  const rows = await statusMatrix({ fs, dir: root });
  return rows
    .filter(([file]) => /^(inbox|topics|archive)\//.test(file) || file === "index.md")
    .filter(([, head, workdir]) => !(head === 1 && workdir === 1))
    .map(([file]) => file)
    .toSorted();
}

async function seeded() {
  const fresh = await freshMemory();
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__RRRRRR", title: "Old title", body: "Renamed note, see [[id__RRRRRR|Old title]]." },
    { id: "id__SSSSSS", title: "Source", body: "Source text [[id__RRRRRR|Old title]]." },
    ...Array.from({ length: 3 }, (_, i) => ({
      id: `id__LLLLL${i}`,
      title: `Linker ${i}`,
      body: `Links [[id__RRRRRR|Old title]] and [[id__SSSSSS|the source]] ${i}.`,
    })),
  ]);
  okOf(await fresh.memory.index.set({ hot: ["id__RRRRRR", "id__SSSSSS"], warm: [] }));
  okOf(await fresh.memory.commit("seed"));
  expect(await uncommittedNotes(fresh.fs, fresh.root)).toEqual([]);
  return fresh;
}

interface Case {
  readonly name: string;
  /** Whether a re-run can still find the note after a first run that died at its commit. */
  readonly rerunsAfterCommit: boolean;
  run(memory: Memory): Promise<Result<unknown, unknown>>;
}

const CASES: readonly Case[] = [
  {
    name: "rename",
    rerunsAfterCommit: true,
    run: async (m) => m.rename("id__RRRRRR", "New title", { commit: "rename" }),
  },
  {
    // Dead at its commit, the merge has removed its source: a re-run finds nothing to merge.
    name: "merge",
    rerunsAfterCommit: false,
    run: async (m) => m.merge(["id__SSSSSS"], "id__RRRRRR", { commit: "merge" }),
  },
];

describe.each(CASES)("an interrupted $name, run again", ({ run: operation, rerunsAfterCommit }) => {
  it("commits every file of the operation, those the first run changed included", async () => {
    const clean = await seeded();
    const counting = faultyPorts(clean.persistence, clean.git, { at: undefined, mode: "dead" });
    okOf(await operation(createMemory({ persistence: counting.persistence, git: counting.git })));
    expect(await uncommittedNotes(clean.fs, clean.root)).toEqual([]);
    const last = rerunsAfterCommit ? counting.calls() : counting.calls() - 1;
    for (let k = 1; k <= last; k++) {
      const { fs, root, persistence, git: repo } = await seeded();
      const faulty = faultyPorts(persistence, repo, { at: k, mode: "dead" });
      const running = operation(createMemory({ persistence: faulty.persistence, git: faulty.git }));
      await Promise.race([running, faulty.fired]);
      const rerun = await operation(createMemory({ persistence, git: repo }));
      expect({ k, failed: rerun.isErr() }).toEqual({ k, failed: false });
      expect({ k, uncommitted: await uncommittedNotes(fs, root) }).toEqual({ k, uncommitted: [] });
    }
  });
});
