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

/** One call of a memory method, settling to whatever the method returns. */
type Operation = (m: Memory) => Promise<unknown>;

/** A memory's method by name; the methods of its groups as `group.method`. */
type Groups = "index" | "journal" | "sessionLog";
type MemoryMethod =
  | Exclude<keyof Memory, Groups>
  | { [G in Groups]: `${G}.${keyof Memory[G] & string}` }[Groups];

/**
 * Every method of a memory, with the calls that exercise it. Keyed by the Memory type, so a
 * new method does not compile until it is here; one that returns no Result (a property, a
 * synchronous accessor, a machine) says why it has no call.
 */
const OPERATIONS = {
  capture: [async (m) => m.capture({ title: "New thought", body: "Body." }, { commit: "capture" })],
  captureMany: [async (m) => m.captureMany([{ input: { title: "Batch thought", body: "Body." } }])],
  read: [async (m) => m.read("id__AAAAAA")],
  list: [async (m) => m.list()],
  listPage: [async (m) => m.listPage({}, { limit: 2 })],
  readAll: [async (m) => m.readAll()],
  update: [async (m) => m.update("id__AAAAAA", { body: "Changed." }, { commit: "update" })],
  append: [async (m) => m.append("id__AAAAAA", { heading: "Later", body: "More." })],
  tag: [async (m) => m.tag("id__AAAAAA", { add: ["later"] }, { commit: "tag" })],
  supersede: [async (m) => m.supersede("id__CCCCCC", "id__AAAAAA", { commit: "supersede" })],
  commit: [async (m) => m.commit("commit"), async (m) => m.commit("commit", ["topics"])],
  why: [async (m) => m.why("id__AAAAAA")],
  links: [async (m) => m.links("id__AAAAAA")],
  orphans: [async (m) => m.orphans()],
  deadEnds: [async (m) => m.deadEnds()],
  brokenLinks: [async (m) => m.brokenLinks()],
  refresh: [async (m) => m.refresh()],
  warmUp: [async (m) => m.warmUp()],
  filesChanged: { noResult: "returns nothing: it only marks the caches stale" },
  close: { noResult: "returns nothing: it only stops the default file watch" },
  cacheStats: { noResult: "synchronous counters of the store" },
  rename: [async (m) => m.rename("id__BBBBBB", "Bee renamed", { commit: "rename" })],
  move: [async (m) => m.move("id__BBBBBB", "inbox", { commit: "move" })],
  archive: [async (m) => m.archive("id__BBBBBB")],
  merge: [async (m) => m.merge(["id__CCCCCC"], "id__AAAAAA", { commit: "merge" })],
  reid: [async (m) => m.reid("id__AAAAAA", { commit: "reid" })],
  remove: [async (m) => m.remove("id__DDDDDD", { commit: "remove" })],
  doctor: [async (m) => m.doctor()],
  search: [async (m) => m.search("alpha")],
  updateVectors: [async (m) => m.updateVectors()],
  analyze: [async (m) => m.analyze()],
  "index.get": [async (m) => m.index.get()],
  "index.set": [async (m) => m.index.set({ hot: ["id__AAAAAA"], warm: [] })],
  "index.promote": [async (m) => m.index.promote("id__AAAAAA", "warm")],
  "index.demote": [async (m) => m.index.demote("id__AAAAAA")],
  "journal.add": [
    async (m) => m.journal.add({ harness: "manual", retrieval: { method: "none" }, note: "n" }),
  ],
  "journal.addOnce": [
    async (m) =>
      m.journal.addOnce(
        { harness: "manual", retrieval: { method: "none" }, note: "n" },
        () => false,
      ),
  ],
  "journal.pending": [async (m) => m.journal.pending()],
  "journal.consumable": [async (m) => m.journal.consumable()],
  "journal.quarantineInvalid": [async (m) => m.journal.quarantineInvalid()],
  "journal.quarantineEntries": [
    async (m) => m.journal.quarantineEntries([{ id: "absent", reason: "test" }]),
  ],
  "journal.markConsolidated": [
    async (m) => m.journal.markConsolidated(["absent"], { commit: null }),
  ],
  "journal.list": [async (m) => m.journal.list({ status: "pending" })],
  "journal.unreadReasons": [async (m) => m.journal.unreadReasons()],
  "journal.noteUnread": [async (m) => m.journal.noteUnread([{ id: "absent", reason: "test" }])],
  "journal.forgetUnread": [async (m) => m.journal.forgetUnread(["absent"])],
  "sessionLog.append": [
    async (m) => m.sessionLog.append({ what: "w", why: "y", how: "h", next: "n" }),
  ],
  "sessionLog.pickup": [async (m) => m.sessionLog.pickup()],
  "sessionLog.unconsumed": [async (m) => m.sessionLog.unconsumed()],
  "sessionLog.markConsumed": [
    async (m) => m.sessionLog.markConsumed([{ path: "sessions/2026/01/01/agent1.md", number: 1 }]),
  ],
  consolidationMachine: {
    noResult: "an xstate machine a host runs; its steps are covered by consolidate",
  },
  consolidate: [async (m) => m.consolidate()],
  defragMachine: { noResult: "an xstate machine a host runs; its steps are covered by defrag" },
  defrag: [async (m) => m.defrag()],
  agentsMd: [async (m) => m.agentsMd({ target: "AGENTS.md" })],
  tokenizer: { noResult: "a property: the tokenizer the budgets count with" },
  spend: [async (m) => m.spend()],
  run: [async (m) => m.run()],
} as const satisfies Record<MemoryMethod, readonly Operation[] | { readonly noResult: string }>;

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
  const calls = Object.entries(OPERATIONS).flatMap(([name, how]) =>
    "noResult" in how ? [] : how.map((operation) => [name, operation] as const),
  );
  for (const [name, operation] of calls) {
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
