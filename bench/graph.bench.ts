/**
 * The link graph of a 10,000-note memory (node:fs, no git) with a warm index: `links(id)`,
 * `orphans()` and `brokenLinks()`, and a rename of a note with exactly 50 inbound links,
 * against naive implementations that read every file, measured in the same run.
 *
 * Every query and mutation starts with the store's refresh, which lists the status folders
 * and stats every file (that is how edits made behind the library's back are seen) but
 * re-reads only files whose (mtime, size) changed. The Persistence port is wrapped in a
 * counting proxy so the rename's reads, writes and moves are printed, with the listing
 * (and so the stats) counted apart.
 */
import * as fs from "node:fs";
import { basename, dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ResultAsync } from "neverthrow";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { createMemory, type Memory } from "../src/memory.js";
import { buildFilename } from "../src/model/filename.js";
import { serializeNote } from "../src/model/note-format.js";
import type { Persistence } from "../src/ports/persistence.js";
import { medianMs, percentile, report } from "./measure.js";
import { syntheticId, syntheticNotes, writeNotes, type SyntheticNote } from "./synthetic-memory.js";

const INBOUND = 50;
const RENAME_RUNS = 5;
const TITLES = ["graph bench target", "graph bench target renamed"] as const;
/** The title a rename gives the target on run `run`: the two titles in turn. */
const titleFor = (run: number): string => (run % 2 === 0 ? TITLES[0] : TITLES[1]);

/** What the proxy saw, since the last reset. */
interface Counts {
  lists: number;
  /** Files returned by list(): one stat each. */
  listed: number;
  reads: string[];
  writes: string[];
  moves: string[];
  removes: string[];
  exclusive: string[];
}

const noCounts = (): Counts => ({
  lists: 0,
  listed: 0,
  reads: [],
  writes: [],
  moves: [],
  removes: [],
  exclusive: [],
});

/** Notes `entry` in `log`, then makes the call. */
function track<T, E>(
  log: string[],
  entry: string,
  call: () => ResultAsync<T, E>,
): ResultAsync<T, E> {
  log.push(entry);
  return call();
}

/** Whether a path is a note file (not the index note, not the lock). */
function isNote(path: string): boolean {
  return /^(inbox|topics|archive)\//.test(path);
}

/** Wraps a Persistence port, counting every call. */
function countingPersistence(inner: Persistence): {
  persistence: Persistence;
  counts: () => Counts;
  reset(): void;
} {
  let counts = noCounts();
  const createExclusive = inner.createExclusive?.bind(inner);
  const persistence: Persistence = {
    list(dir) {
      counts.lists++;
      return inner.list(dir).map((files) => {
        counts.listed += files.length;
        return files;
      });
    },
    read: (path) => track(counts.reads, path, () => inner.read(path)),
    write: (path, content) => track(counts.writes, path, () => inner.write(path, content)),
    move: (from, to) => track(counts.moves, `${from} -> ${to}`, () => inner.move(from, to)),
    remove: (path) => track(counts.removes, path, () => inner.remove(path)),
    ...(createExclusive === undefined
      ? {}
      : {
          createExclusive: (path: string, content: string) =>
            track(counts.exclusive, path, () => createExclusive(path, content)),
        }),
  };
  return {
    persistence,
    counts: () => counts,
    reset() {
      counts = noCounts();
    },
  };
}

/** The synthetic notes, plus a target note that exactly INBOUND others link to (by title). */
function graphNotes(count: number): {
  notes: SyntheticNote[];
  targetId: string;
  linking: Set<string>;
} {
  // Synthetic notes link to ids below their count, so the last id is linked by nobody yet.
  const base = syntheticNotes(count - 1, 23);
  const targetId = syntheticId(count - 1);
  const title = TITLES[0];
  const target: SyntheticNote = {
    id: targetId,
    path: `topics/${buildFilename(title, targetId)}`,
    markdown: serializeNote({ title, tags: ["bench"], body: "The note every rename moves." }),
  };
  const step = Math.floor(base.length / INBOUND);
  const linking = new Set<string>();
  const notes = base.map((note, i) => {
    if (i % step !== 0 || linking.size >= INBOUND) return note;
    linking.add(note.path);
    return { ...note, markdown: `${note.markdown}\nAlso see [[${targetId}|${title}]].\n` };
  });
  return { notes: [...notes, target], targetId, linking };
}

/** What a query without an index does: read every note file and extract its links. */
function readAllLinks(root: string): Map<string, string[]> {
  const LINK = /\[\[(id__[0-9A-Za-z]{6})(?:[#|][^\]\n]*)?\]\]/g;
  const links = new Map<string, string[]>();
  for (const folder of ["inbox", "topics", "archive"]) {
    let names: string[];
    try {
      names = fs.readdirSync(join(root, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const text = fs.readFileSync(join(root, folder, name), "utf8");
      links.set(
        `${folder}/${name}`,
        [...text.matchAll(LINK)].map((match) => match[1] ?? ""),
      );
    }
  }
  return links;
}

/** Writes like the library does (a temp file renamed over the target), so only the reads differ. */
function atomicWriteSync(path: string, content: string): void {
  const temp = join(dirname(path), `.${basename(path)}.bench.tmp`);
  fs.writeFileSync(temp, content);
  fs.renameSync(temp, path);
}

/**
 * The baseline rename: read every file, rewrite (atomically) those linking with the old title,
 * write the renamed note and delete the old one.
 */
export function naiveRename(root: string, targetId: string, from: string, to: string): number {
  const oldLink = `[[${targetId}|${from}]]`;
  const newLink = `[[${targetId}|${to}]]`;
  let written = 0;
  let notePath = "";
  for (const folder of ["inbox", "topics", "archive"]) {
    let names: string[];
    try {
      names = fs.readdirSync(join(root, folder));
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(root, folder, name);
      const text = fs.readFileSync(path, "utf8");
      if (name.endsWith(` ${targetId}.md`)) notePath = path;
      if (!text.includes(oldLink)) continue;
      atomicWriteSync(path, text.split(oldLink).join(newLink));
      written++;
    }
  }
  const text = fs.readFileSync(notePath, "utf8");
  const renamed = join(root, "topics", buildFilename(to, targetId));
  atomicWriteSync(renamed, text.replace(`# ${from}\n`, `# ${to}\n`));
  fs.unlinkSync(notePath);
  return written + 1;
}

async function must<T, E>(result: ResultAsync<T, E>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new Error(`benchmark step failed: ${JSON.stringify(settled.error)}`);
  return settled.value;
}

async function timeRuns(
  runs: number,
  before: () => Promise<unknown>,
  fn: (run: number) => Promise<unknown> | unknown,
): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    await before();
    const start = performance.now();
    await fn(run);
    times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

/** Runs the benchmark in `workDir` with `count` notes. */
export async function benchGraph(workDir: string, count: number): Promise<void> {
  const { notes, targetId, linking } = graphNotes(count);
  const root = join(workDir, `graph-${count}`);
  const naiveRoot = join(workDir, `graph-${count}-naive`);
  writeNotes(root, notes);
  writeNotes(naiveRoot, notes);

  const counting = countingPersistence(fsPersistence({ fs, root }));
  const memory: Memory = createMemory({ persistence: counting.persistence });
  await must(memory.list()); // warm: every file read once, the link index built

  // The queries, each after the (stat-only) refresh every call makes.
  const scan = await medianMs(() => readAllLinks(root));
  const warmList = await medianMs(() => must(memory.list()));
  const links = await medianMs(async () => {
    const found = await must(memory.links(targetId));
    if (found.inbound.length !== INBOUND)
      throw new Error(`expected ${INBOUND} inbound links, got ${found.inbound.length}`);
  });
  const orphans = await medianMs(() => must(memory.orphans()));
  const broken = await medianMs(() => must(memory.brokenLinks()));
  const baseline = "read every file + regex";
  report(`list() ${count} notes, warm (stat only)`, warmList, baseline, scan);
  report(`links(id) at ${count} notes, warm`, links, baseline, scan);
  report(`orphans() at ${count} notes, warm`, orphans, baseline, scan);
  report(`brokenLinks() at ${count} notes, warm`, broken, baseline, scan);

  // One counted rename, after a warm list so the refresh finds nothing to re-read.
  await must(memory.list());
  counting.reset();
  const renamed = await must(memory.rename(targetId, TITLES[1]));
  const seen = counting.counts();
  const expectedReads = new Set([...linking, renamed.previousPath]);
  const unrelated = seen.reads.filter((path) => isNote(path) && !expectedReads.has(path));
  console.log(
    `rename of a note with ${INBOUND} inbound links (${count} notes): ` +
      `${seen.writes.filter(isNote).length} note files written, ${seen.moves.length} move, ` +
      `${seen.reads.filter(isNote).length} note files read (${unrelated.length} unrelated), ` +
      `other reads: ${seen.reads.filter((path) => !isNote(path)).join(", ") || "none"}; ` +
      `lock: ${seen.exclusive.length} exclusive create, ${seen.removes.length} remove; ` +
      `refresh: ${seen.lists} list calls returning ${seen.listed} files (one stat each); ` +
      `${renamed.updatedLinks} links retitled`,
  );
  if (unrelated.length > 0 || renamed.updatedLinks !== INBOUND) {
    throw new Error(`the rename touched more than it should: ${JSON.stringify(seen)}`);
  }

  // Medians: the library's rename (after a warm list) against the read-every-file rename.
  const renameMs = await timeRuns(
    RENAME_RUNS,
    () => must(memory.list()),
    (run) => must(memory.rename(targetId, titleFor(run))),
  );
  const naiveMs = await timeRuns(
    RENAME_RUNS,
    async () => undefined,
    (run) => {
      const written = naiveRename(naiveRoot, targetId, titleFor(run), titleFor(run + 1));
      if (written !== INBOUND + 1) throw new Error(`the naive rename wrote ${written} files`);
    },
  );
  report(
    `rename, ${INBOUND} inbound links, ${count} notes (warm)`,
    renameMs,
    "read-every-file rename",
    naiveMs,
  );
}
