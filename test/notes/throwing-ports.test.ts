/**
 * A host's port may break its contract: a method that throws instead of returning an Err, or
 * a ResultAsync over a promise that rejects. Every public operation must still settle to a
 * Result (issue 13, item 12): a rejection would escape the caller's `isErr()` check.
 */
import { ResultAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { createMemory, type Memory } from "../../src/memory.js";
import type { Git } from "../../src/ports/git.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";

type Misbehaviour = "throws" | "rejects";

const boom = new Error("the host's port blew up");

function misbehave(how: Misbehaviour): () => never {
  return () => {
    if (how === "throws") throw boom;
    // A ResultAsync whose promise rejects: what `new ResultAsync(fetch(...))` gives a host.
    return new ResultAsync(Promise.reject(boom)) as never;
  };
}

/** `port` with `method` replaced by one that throws or rejects; the other methods kept. */
function breaking<P extends object>(port: P, method: string, how: Misbehaviour): P {
  const broken: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(port))
    broken[name] = typeof value === "function" ? value.bind(port) : value;
  broken[method] = misbehave(how);
  return broken as P;
}

const OPERATIONS: Record<string, (m: Memory) => Promise<unknown>> = {
  capture: async (m) => m.capture({ title: "New thought", body: "Body." }, { commit: "capture" }),
  read: async (m) => m.read("id__AAAAAA"),
  list: async (m) => m.list(),
  update: async (m) => m.update("id__AAAAAA", { body: "Changed." }, { commit: "update" }),
  append: async (m) => m.append("id__AAAAAA", { heading: "Later", body: "More." }),
  commit: async (m) => m.commit("commit"),
  commitPaths: async (m) => m.commit("commit", ["topics"]),
  links: async (m) => m.links("id__AAAAAA"),
  orphans: async (m) => m.orphans(),
  deadEnds: async (m) => m.deadEnds(),
  brokenLinks: async (m) => m.brokenLinks(),
  refresh: async (m) => m.refresh(),
  rename: async (m) => m.rename("id__BBBBBB", "Bee renamed", { commit: "rename" }),
  move: async (m) => m.move("id__BBBBBB", "inbox", { commit: "move" }),
  archive: async (m) => m.archive("id__BBBBBB"),
  merge: async (m) => m.merge(["id__CCCCCC"], "id__AAAAAA", { commit: "merge" }),
  remove: async (m) => m.remove("id__DDDDDD", { commit: "remove" }),
  doctor: async (m) => m.doctor(),
  search: async (m) => m.search("alpha"),
  updateVectors: async (m) => m.updateVectors(),
  analyze: async (m) => m.analyze(),
  indexGet: async (m) => m.index.get(),
  indexSet: async (m) => m.index.set({ hot: ["id__AAAAAA"], warm: [] }),
  indexPromote: async (m) => m.index.promote("id__AAAAAA", "warm"),
  indexDemote: async (m) => m.index.demote("id__AAAAAA"),
  journalAdd: async (m) =>
    m.journal.add({ harness: "manual", retrieval: { method: "none" }, note: "n" }),
  journalList: async (m) => m.journal.list({ status: "pending" }),
  sessionAppend: async (m) => m.sessionLog.append({ what: "w", why: "y", how: "h", next: "n" }),
  sessionPickup: async (m) => m.sessionLog.pickup(),
  sessionUnconsumed: async (m) => m.sessionLog.unconsumed(),
  consolidate: async (m) => m.consolidate(),
  defrag: async (m) => m.defrag(),
  agentsMd: async (m) => m.agentsMd({ target: "AGENTS.md" }),
  run: async (m) => m.run(),
};

const llm = llmFromFunction(() => '{"notes": [], "inbox": []}');

async function memoryWith(
  brokenPart: "persistence" | "git",
  method: string,
  how: Misbehaviour,
): Promise<Memory> {
  const { fs, root, persistence, git } = await freshMemory();
  await seedNotes(fs, root, [
    { id: "id__AAAAAA", title: "Alpha", body: "Alpha links [[id__BBBBBB|bee]]." },
    { id: "id__BBBBBB", title: "Bee", body: "Bee text." },
    { id: "id__CCCCCC", title: "Sea", body: "Sea text [[id__BBBBBB|bee]]." },
    { id: "id__DDDDDD", title: "Dee", body: "Dee text." },
  ]);
  return createMemory({
    persistence:
      brokenPart === "persistence" ? breaking<Persistence>(persistence, method, how) : persistence,
    git: brokenPart === "git" ? breaking<Git>(git, method, how) : git,
    llm,
    lock: { timeoutMs: 200 },
  });
}

/** The operations that rejected instead of settling to a Result. */
async function rejecting(memory: Memory): Promise<string[]> {
  const rejected: string[] = [];
  for (const [name, operation] of Object.entries(OPERATIONS)) {
    try {
      const result: unknown = await operation(memory);
      if (typeof result !== "object" || result === null || !("isErr" in result))
        rejected.push(`${name}: settled to ${String(result)}`);
    } catch (error) {
      rejected.push(`${name}: ${String(error)}`);
    }
  }
  return rejected;
}

const PERSISTENCE_METHODS = ["list", "listPaths", "stat", "read", "write", "move", "remove"];
const GIT_METHODS = ["timestamps", "commit"];

describe("a port that throws or rejects", () => {
  for (const how of ["throws", "rejects"] as const) {
    it.each(PERSISTENCE_METHODS)(
      `persistence.%s ${how}: every operation returns a Result`,
      async (method) => {
        expect(await rejecting(await memoryWith("persistence", method, how))).toEqual([]);
      },
    );
    it.each(GIT_METHODS)(`git.%s ${how}: every operation returns a Result`, async (method) => {
      expect(await rejecting(await memoryWith("git", method, how))).toEqual([]);
    });
  }

  it("turns a method that settles to something other than a Result into an Err", async () => {
    const { fs, root, persistence, git } = await freshMemory();
    await seedNotes(fs, root, [{ id: "id__AAAAAA", title: "Alpha", body: "a" }]);
    // A JavaScript host's read that resolves to the text itself, not to Ok(text).
    const plain = { ...persistence, read: async () => "# Not a Result\n" } as never;
    const memory = createMemory({ persistence: plain, git });
    const read = await memory.read("id__AAAAAA");
    expect(read.isErr() && read.error.message).toMatch(/read\(\) failed unexpectedly: settled to/);
  });

  it("returns the port's error as a PersistenceError or GitError carrying the cause", async () => {
    const reading = await memoryWith("persistence", "read", "throws");
    const read = await reading.read("id__AAAAAA");
    expect(read.isErr() && read.error.code).toBe("PERSISTENCE");
    expect(read.isErr() && read.error.cause).toBe(boom);
    expect(read.isErr() && read.error.message).toMatch(/the host's port blew up/);

    const committing = await memoryWith("git", "commit", "rejects");
    const commit = await committing.commit("commit");
    expect(commit.isErr() && commit.error.code).toBe("GIT");
    expect(commit.isErr() && commit.error.cause).toBe(boom);
  });
});
