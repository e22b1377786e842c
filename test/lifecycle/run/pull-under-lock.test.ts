/**
 * The sync's pull runs under the memory lock (issue 13, item 1): a mutation of another process
 * can never land between the sync's commit of outside edits and its merge, nor inside the
 * merge. The git port's pull looks for the lock file when it is called.
 */
import { ResultAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { createMemory } from "../../../src/memory.js";
import { LOCK_PATH } from "../../../src/notes/memory-lock.js";
import type { Git } from "../../../src/ports/git.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("memory.run's pull", () => {
  it("holds the memory lock while it pulls", async () => {
    const ports = okOf(await inMemoryPorts());
    const lockHeldAtPull: boolean[] = [];
    const git: Git = {
      ...ports.git,
      pull: () =>
        ResultAsync.fromSafePromise(
          (async () => {
            lockHeldAtPull.push((await ports.persistence.read(LOCK_PATH)).isOk());
            return "up-to-date" as const;
          })(),
        ),
    };
    const llm = llmFromFunction(() => JSON.stringify({ notes: [], inbox: [] }));
    const memory = createMemory({ ...ports, git, llm });
    const report = okOf(await memory.run());
    expect(report.pulled).toBe("up-to-date");
    expect(lockHeldAtPull).toEqual([true]);
  });

  it("holds it for every commit of the run (consolidation and defrag included) and the push", async () => {
    const ports = okOf(await inMemoryPorts());
    const held: string[] = [];
    const lockHeld = async (what: string) => {
      if ((await ports.persistence.read(LOCK_PATH)).isErr()) held.push(`${what} without the lock`);
    };
    const git: Git = {
      ...ports.git,
      commit: (message, paths) =>
        ResultAsync.fromSafePromise(lockHeld(message.split("\n")[0] ?? "")).andThen(() =>
          ports.git.commit(message, paths),
        ),
      pull: () => ResultAsync.fromSafePromise(lockHeld("pull").then(() => "up-to-date" as const)),
      push: () => ResultAsync.fromSafePromise(lockHeld("push").then(() => "pushed" as const)),
    };
    const answers = [
      JSON.stringify({
        notes: [{ op: "create", key: "k", title: "A fact", tags: [], body: "b" }],
        inbox: [],
      }),
      JSON.stringify({ hotTier: [], warmTier: [], actions: [] }),
    ];
    const llm = llmFromFunction(() => answers.shift() ?? "");
    const memory = createMemory({ ...ports, git, llm });
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "a fact",
      }),
    );
    const report = okOf(await memory.run({ defragEvery: { consolidations: 1 } }));
    expect(report.consolidation.commit).not.toBeNull();
    expect(report.defrag?.status).toBe("done");
    expect(report.pushed).toBe("pushed");
    expect(held).toEqual([]);
  });
});
