/**
 * A host embedding agent-memory (say, an agent harness that vendors this repository as a git
 * submodule): it brings its own storage adapter and replaces two consolidation steps with
 * its own actors through `machine.provide`, the way xstate v5 machines are customised.
 *
 * Run it with `npx tsx examples/host-actors.ts`.
 */
import { errAsync, okAsync } from "neverthrow";
import { fromPromise } from "xstate";
import {
  createMemory,
  NotFoundError,
  PersistenceError,
  type Persistence,
  type StoredFile,
} from "../src/index.js";
import {
  runConsolidation,
  type FetchSessionsInput,
  type FetchSessionsOutput,
  type RunAgentInput,
  type RunAgentOutput,
} from "../src/lifecycle/index.js";

const refuse = (path: string) => path.startsWith("/") || path.split("/").includes("..");

/** The host's own storage: a Map of path to text (a database row, a KV store, ...). */
function mapPersistence(): Persistence & { files: Map<string, { text: string; mtimeMs: number }> } {
  const files = new Map<string, { text: string; mtimeMs: number }>();
  let clock = 0;
  return {
    files,
    list: (dir = "") =>
      okAsync(
        [...files]
          .filter(([path]) => dir === "" || path.startsWith(`${dir}/`))
          .map(([path, file]): StoredFile => ({
            path,
            mtimeMs: file.mtimeMs,
            size: Buffer.byteLength(file.text),
          }))
          .toSorted((a, b) => (a.path < b.path ? -1 : 1)),
      ),
    read: (path) => {
      const file = files.get(path);
      return file === undefined
        ? errAsync(new NotFoundError(`No file ${path}.`))
        : okAsync(file.text);
    },
    write: (path, text) => {
      if (refuse(path)) return errAsync(new PersistenceError(`Refused path ${path}.`));
      files.set(path, { text, mtimeMs: ++clock });
      return okAsync(undefined);
    },
    move: (from, to) => {
      const file = files.get(from);
      if (file === undefined) return errAsync(new NotFoundError(`No file ${from}.`));
      if (files.has(to))
        return errAsync(new PersistenceError(`${to} exists; a move never overwrites.`));
      files.delete(from);
      files.set(to, { ...file, mtimeMs: ++clock });
      return okAsync(undefined);
    },
    remove: (path) =>
      files.delete(path) ? okAsync(undefined) : errAsync(new NotFoundError(`No file ${path}.`)),
  };
}

/** The harness's thread store, which its own fetchSessions step reads. */
const threads = new Map([
  ["T-42", "user: the staging deploy failed\nassistant: the migration needed a lock timeout of 5s"],
]);

async function main(): Promise<void> {
  const persistence = mapPersistence();
  const memory = createMemory({ persistence });
  const entry = await memory.journal.add({
    harness: "amp",
    retrieval: { method: "amp-thread", threadId: "T-42" },
  });
  if (entry.isErr()) throw entry.error;

  // Step 1 replaced: sessions come from the harness's own store, not a session reader.
  const fetchSessions = fromPromise<FetchSessionsOutput, FetchSessionsInput>(async ({ input }) => ({
    sessions: input.entries.map((e) => ({
      label: `thread ${e.retrieval.threadId ?? "?"}`,
      text: threads.get(e.retrieval.threadId ?? "") ?? "",
    })),
    readEntryIds: input.entries.map((e) => e.id),
    unreadable: [],
    deferred: [],
  }));
  // Step 2 replaced: the harness runs its own agent (here, a canned answer).
  const runAgent = fromPromise<RunAgentOutput, RunAgentInput>(async ({ input }) => {
    console.log(`runAgent got a prompt of ${input.prompt.prompt.length} characters`);
    return {
      answer: JSON.stringify({
        notes: [
          {
            op: "create",
            key: "lock-timeout",
            title: "Staging migrations need a 5 s lock timeout",
            tags: ["ops"],
            body: "Found on 2026-11-22: without it the staging deploy's migration waits forever.",
          },
        ],
        inbox: [],
      }),
    };
  });

  const machine = memory.consolidationMachine().provide({ actors: { fetchSessions, runAgent } });
  const report = await runConsolidation(machine);
  if (report.isErr()) throw report.error;
  console.log(
    `created ${report.value.created.join(", ")} from ${report.value.consumed.length} journal entry`,
  );
  for (const [path, file] of persistence.files) {
    if (path.startsWith("topics/")) console.log(`\n${path}\n${file.text}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
