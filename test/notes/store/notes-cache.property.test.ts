/**
 * Property: whatever edits are made behind the library's back (writes, same-size rewrites,
 * deletions, renames, moves between folders), a memory that keeps its caches (in memory and
 * persisted, across "processes") answers list, links and read exactly as a fresh scan does.
 * So does a long-lived memory in watch mode on real disk, told of changes by its watcher and
 * waiting on its cookie before each query.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { watchMemoryFiles } from "../../../src/adapters/fs/fs-watch.js";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import type { NotesMemory } from "../../../src/notes/notes-memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";

const IDS = ["id__Prop01", "id__Prop02", "id__Prop03", "id__Prop04"] as const;
const FOLDERS = ["inbox", "topics", "archive"] as const;

type Step =
  | { kind: "write"; id: number; folder: number; slug: string; title: string; link: number }
  | { kind: "rewriteSameSize"; id: number }
  | { kind: "remove"; id: number }
  | { kind: "query"; newProcess: boolean };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("write" as const),
    id: fc.nat(IDS.length - 1),
    folder: fc.nat(FOLDERS.length - 1),
    slug: fc.constantFrom("a", "b", "long-slug"),
    title: fc.constantFrom("One", "Two", "Three"),
    link: fc.nat(IDS.length - 1),
  }),
  fc.record({ kind: fc.constant("rewriteSameSize" as const), id: fc.nat(IDS.length - 1) }),
  fc.record({ kind: fc.constant("remove" as const), id: fc.nat(IDS.length - 1) }),
  fc.record({ kind: fc.constant("query" as const), newProcess: fc.boolean() }),
);

interface Answer {
  readonly list: unknown;
  readonly links: unknown[];
  readonly reads: unknown[];
}

async function answer(memory: NotesMemory): Promise<Answer> {
  const list = await memory.list();
  const links: unknown[] = [];
  const reads: unknown[] = [];
  for (const id of IDS) {
    const linked = await memory.links(id);
    links.push(linked.isOk() ? linked.value : linked.error.code);
    const read = await memory.read(id);
    reads.push(
      read.isOk()
        ? {
            title: read.value.title,
            body: read.value.body,
            path: read.value.path,
            hash: read.value.hash,
          }
        : read.error.code,
    );
  }
  return {
    list: list.isOk()
      ? list.value.map(({ id, title, tags, status, path, hash }) => ({
          id,
          title,
          tags,
          status,
          path,
          hash,
        }))
      : list.error.code,
    links,
    reads,
  };
}

function open(base: Persistence) {
  return createNotesMemory({ persistence: base, cache: { persist: true } });
}

/** The file calls the steps make: node:fs and memfs both have them. */
interface StepFs {
  readonly promises: {
    unlink(path: string): Promise<void>;
    mkdir(path: string, options: { recursive: true }): Promise<unknown>;
    writeFile(path: string, data: string): Promise<void>;
    readFile(path: string, encoding: "utf8"): Promise<string | Uint8Array>;
  };
}

/** Runs the steps behind the library's back; returns each query's cached and fresh answers. */
async function run(
  steps: readonly Step[],
  fs: StepFs,
  root: string,
  cachedMemory: (newProcess: boolean) => NotesMemory,
  fresh: () => NotesMemory,
): Promise<[Answer, Answer][]> {
  const where = new Map<string, string>();
  const compared: [Answer, Answer][] = [];
  for (const step of steps) {
    if (step.kind === "write") {
      const id = IDS[step.id] ?? IDS[0];
      const previous = where.get(id);
      if (previous !== undefined) await fs.promises.unlink(`${root}/${previous}`);
      const path = `${FOLDERS[step.folder] ?? "inbox"}/${step.slug} ${id}.md`;
      await fs.promises.mkdir(`${root}/${FOLDERS[step.folder] ?? "inbox"}`, {
        recursive: true,
      });
      const target = IDS[step.link] ?? IDS[0];
      await fs.promises.writeFile(`${root}/${path}`, `# ${step.title}\n\nSee [[${target}|x]].\n`);
      where.set(id, path);
    } else if (step.kind === "rewriteSameSize") {
      const path = where.get(IDS[step.id] ?? IDS[0]);
      if (path === undefined) continue;
      const text = String(await fs.promises.readFile(`${root}/${path}`, "utf8"));
      await fs.promises.writeFile(
        `${root}/${path}`,
        text.replace(/# \w/, (m) => (m === "# Z" ? "# Y" : "# Z")),
      );
    } else if (step.kind === "remove") {
      const id = IDS[step.id] ?? IDS[0];
      const path = where.get(id);
      if (path === undefined) continue;
      await fs.promises.unlink(`${root}/${path}`);
      where.delete(id);
    } else {
      compared.push([await answer(cachedMemory(step.newProcess)), await answer(fresh())]);
    }
  }
  return compared;
}

/**
 * node:fs with each edit done synchronously: the query that follows runs before the event
 * loop turns, so only the watcher's cookie can make it see the edit.
 */
const syncFs: StepFs = {
  promises: {
    unlink: async (path) => nodeFs.unlinkSync(path),
    mkdir: async (path, options) => nodeFs.mkdirSync(path, options),
    writeFile: async (path, data) => nodeFs.writeFileSync(path, data),
    readFile: async (path, encoding) => nodeFs.readFileSync(path, encoding),
  },
};

describe("cached answers under edits behind the library's back", () => {
  it("equal a fresh scan's, with the facts persisted between processes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const ports = await inMemoryPorts();
        if (ports.isErr()) throw ports.error;
        const { fs, root, persistence } = ports.value;
        let cached = open(persistence);
        const compared = await run(
          steps,
          fs,
          root,
          (newProcess) => {
            if (newProcess) cached = open(persistence);
            return cached;
          },
          () => createNotesMemory({ persistence }),
        );
        expect(compared.map(([seen]) => seen)).toEqual(compared.map(([, fresh]) => fresh));
        expect(await answer(open(persistence))).toEqual(
          await answer(createNotesMemory({ persistence })),
        );
      }),
      { numRuns: 60 },
    );
  });

  it("equal a fresh scan's in a long-lived memory in watch mode, on real disk", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), async (steps) => {
        const root = await mkdtemp(join(tmpdir(), "watch-property-"));
        const persistence = fsPersistence({ fs: nodeFs, root });
        const served: { memory?: NotesMemory } = {};
        const watcher = watchMemoryFiles({
          fs: nodeFs,
          root,
          onChange: () => served.memory?.filesChanged(),
          // A lost cookie forces a look, which would hide a watcher that misses events: here
          // it stalls the run past vitest's timeout instead.
          cookieTimeoutMs: 600_000,
        });
        if (watcher.isErr()) throw watcher.error;
        // maxMs far beyond the run: only the watcher and its cookie keep the answers fresh.
        const watched = createNotesMemory({
          persistence,
          cache: { persist: true },
          freshness: { mode: "watch", maxMs: 600_000, settled: () => watcher.value.settled() },
        });
        served.memory = watched;
        try {
          const compared = await run(
            steps,
            syncFs,
            root,
            () => watched,
            () => createNotesMemory({ persistence }),
          );
          expect(compared.map(([seen]) => seen)).toEqual(compared.map(([, fresh]) => fresh));
        } finally {
          watcher.value.close();
          await rm(root, { recursive: true, force: true });
        }
      }),
      { numRuns: 25 },
    );
  });
});
