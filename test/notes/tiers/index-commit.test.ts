/**
 * `memory tier` commits index.md in the same hold of the memory lock as the write (issue 13):
 * written and committed in two holds, a sync in another process could commit the change in
 * between and the command reported "Nothing to commit" for a change it had made.
 */
import { ResultAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createMemory } from "../../../src/memory.js";
import { LOCK_PATH } from "../../../src/notes/memory-lock.js";
import type { Git } from "../../../src/ports/git.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("index.promote and demote with a commit", () => {
  it("commit index.md holding the lock and say what became of the commit", async () => {
    const ports = okOf(await inMemoryPorts());
    const lockAtCommit: boolean[] = [];
    const git: Git = {
      ...ports.git,
      commit: (message, paths) =>
        ResultAsync.fromSafePromise(
          ports.persistence.read(LOCK_PATH).then((lock) => lockAtCommit.push(lock.isOk())),
        ).andThen(() => ports.git.commit(message, paths)),
    };
    const memory = createMemory({ ...ports, git });
    const note = okOf(await memory.capture({ title: "Top of mind", body: "b" }));
    const promoted = okOf(await memory.index.promote(note.id, "hot", { commit: "memory: tier" }));
    expect(promoted.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(promoted.hot.map((entry) => entry.id)).toEqual([note.id]);
    // Already hot: nothing written, nothing to commit.
    const again = okOf(await memory.index.promote(note.id, "hot", { commit: "memory: tier" }));
    expect(again.commit).toBeNull();
    const demoted = okOf(await memory.index.demote(note.id, { commit: "memory: untier" }));
    expect(demoted.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(lockAtCommit).toEqual([true, true, true]);
    // Without the option nothing is committed and the result is the tiers alone.
    expect(okOf(await memory.index.promote(note.id, "warm"))).not.toHaveProperty("commit");
    expect(okOf(await memory.commit("left over"))).not.toBeNull();
  });
});
