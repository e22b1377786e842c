/**
 * Issue 13, item 2, in the library: a mutation asked to commit whose commit fails after the
 * change was applied returns Ok with the change and `notCommitted` (why), never an Err that a
 * caller would retry; with a working git it returns the commit.
 */
import { errAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { GitError } from "../../src/errors.js";
import { createMemory } from "../../src/memory.js";
import type { Git } from "../../src/ports/git.js";
import { freshMemory, sequentialIds } from "../helpers/fresh-memory.js";
import { okOf } from "../helpers/result-helpers.js";

/** The git port with a commit that always fails (say, another program holds index.lock). */
function failingCommits(git: Git): Git {
  return {
    timestamps: (prefix) => git.timestamps(prefix),
    commit: () => errAsync(new GitError("Unable to create '.git/index.lock': File exists.")),
  };
}

const NOT_COMMITTED = /index\.lock[\s\S]*applied but not committed/;

describe("a mutation whose commit fails after applying", () => {
  it("capture, update, append, rename, move, merge and remove each return Ok with notCommitted", async () => {
    const { persistence, git, fs, root } = await freshMemory();
    const memory = createMemory({
      persistence,
      git: failingCommits(git),
      generateId: sequentialIds("C"),
    });
    const commit = { commit: "memory: test" };
    const a = okOf(await memory.capture({ title: "A", body: "alpha" }, commit));
    expect(a).toMatchObject({
      commit: null,
      committed: false,
      notCommitted: expect.stringMatching(NOT_COMMITTED),
    });
    expect(String(await fs.promises.readFile(`${root}/${a.path}`, "utf8"))).toContain("alpha");
    const b = okOf(await memory.capture({ title: "B", body: "[[id__C00000|a]]" }));
    expect(b.notCommitted).toBeUndefined();

    const updated = okOf(await memory.update(a.id, { body: "alpha two" }, commit));
    expect(updated.notCommitted).toMatch(NOT_COMMITTED);
    expect(okOf(await memory.read(a.id)).body).toBe("alpha two");
    const appended = okOf(await memory.append(a.id, { body: "more" }, commit));
    expect(appended.notCommitted).toMatch(NOT_COMMITTED);
    const renamed = okOf(await memory.rename(a.id, "A renamed", commit));
    expect(renamed).toMatchObject({
      commit: null,
      notCommitted: expect.stringMatching(NOT_COMMITTED),
    });
    const moved = okOf(await memory.move(a.id, "active", commit));
    expect(moved.notCommitted).toMatch(NOT_COMMITTED);
    expect(okOf(await memory.read(a.id)).status).toBe("active");
    const merged = okOf(await memory.merge([b.id], a.id, commit));
    expect(merged.notCommitted).toMatch(NOT_COMMITTED);
    const removed = okOf(await memory.remove(a.id, { ...commit, force: true }));
    expect(removed.notCommitted).toMatch(NOT_COMMITTED);
    expect((await memory.read(a.id)).isErr()).toBe(true);
  });

  it("with a working git, the same calls carry their commit and no notCommitted", async () => {
    const { memory } = await freshMemory({ generateId: sequentialIds("D") });
    const a = okOf(await memory.capture({ title: "A", body: "alpha" }, { commit: "memory: a" }));
    expect(a.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(a.committed).toBe(true);
    expect(a.notCommitted).toBeUndefined();
    const renamed = okOf(await memory.rename(a.id, "A2", { commit: "memory: rename" }));
    expect(renamed.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(renamed.notCommitted).toBeUndefined();
  });
});
