/**
 * `memory view` at scale: building the site of a memory of real prose (LoCoMo) into a folder,
 * beside the bare read of the same files (readFileSync + regex: no site can be built without
 * reading every note once), the floor of a build (that bare read, then writeFileSync of every
 * file the site has, the same bytes, into an empty folder: no build writes less) and the
 * memory's own cold `readAll` (the build's first step), all turn about on the same load. Each
 * build is what `memory view --out` does: a new memory with its persisted caches (the notes'
 * facts, `.agent-memory/cache/view.json`), `renderSite`, `writeSite`, the site cache saved.
 * - first build, no caches: the memory's `.agent-memory/` removed first (a first ever view);
 * - first build: into an empty folder, the caches of an earlier view there;
 * - rebuild: one note edited, then the same into the folder written before (a second
 *   `memory view --out`: only the edited note's body rendered again, only changed files
 *   written);
 * - first serve: what `memory view --serve` does before it answers (a new memory, the site
 *   cache of an earlier view, the home page and one note page rendered);
 * - serve rebuild: one note edited, the same memory object (its notes cache warm, as
 *   `memory view --serve` keeps it) and the same site cache, `renderSite` and the two pages a
 *   reader then opens (home and the edited note: `--serve` renders a note page when asked).
 * Each is also measured in CPU time (the process's, worker thread included): on a machine
 * shared by others (and Linux's autogroup scheduling, which gives a session one share however
 * many threads it runs) wall time says more about the others than about the build.
 * Then what a reader downloads: a note page, the graph data, the search's files.
 * Run alone: `npx tsx bench/view.bench.ts [count...]` (default 2000 10000; VIEW_ROUNDS=3).
 */
import * as fs from "node:fs";
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../src/create-notes-memory.js";
import { loadSiteCache, renderSite, SiteCache, writeSite, type Site } from "../src/view/index.js";
import { alternatingMediansMs, percentile, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { readAllWithRegex } from "./read-all-baseline.js";
import { writeNotes } from "./synthetic-memory.js";

const BARE = "readFileSync + regex";

/** Runs the benchmark in `workDir` with `count` notes. */
export async function benchView(workDir: string, count: number): Promise<void> {
  if (!hasLocomo()) {
    console.log("view: skipped (no LoCoMo data beside the clone)");
    return;
  }
  const root = join(workDir, `view-${count}`);
  const notes = proseNotes(count, 0.1);
  writeNotes(root, notes);
  // As the CLI opens a memory: no watcher (one look), the notes' facts persisted.
  const persistence = fsPersistence({ fs, root, watch: false });
  const open = () => createNotesMemory({ persistence, cache: { persist: true } });
  const edited = join(root, notes[Math.floor(count / 2)]?.path ?? "");
  let edits = 0;
  const edit = () => appendFileSync(edited, `\nEdit ${++edits} of this note.\n`);
  const check = (site: Site): Site => {
    if (site.notes !== count) throw new Error(`rendered ${site.notes} notes`);
    return site;
  };
  const build = async (folder: string) => {
    const cache = await loadSiteCache(persistence);
    const site = await renderSite({ memory: open() }, { cache });
    if (site.isErr()) throw site.error;
    const written = await writeSite(check(site.value), folder);
    if (written.isErr()) throw written.error;
    await cache.save();
    return written.value;
  };
  let firsts = 0;
  const firstBuild = () => build(join(workDir, `view-${count}-first-${++firsts}`));
  const firstBuildNoCaches = () => {
    rmSync(join(root, ".agent-memory"), { recursive: true, force: true });
    return firstBuild();
  };
  const rebuiltFolder = join(workDir, `view-${count}-site`);
  await build(rebuiltFolder);
  const rebuild = async () => {
    edit();
    const written = await build(rebuiltFolder);
    if (written.written > 20) throw new Error(`a rebuild wrote ${written.written} files`);
  };
  const served = open();
  const servedCache = new SiteCache();
  const serveRebuild = async () => {
    edit();
    served.filesChanged();
    const site = await renderSite({ memory: served }, { cache: servedCache });
    if (site.isErr()) throw site.error;
    check(site.value).files.get("index.html");
    site.value.files.get(`notes/${notes[Math.floor(count / 2)]?.id ?? ""}.html`);
  };
  // What `memory view --serve` does before its first answer: a new memory, the site cache of
  // an earlier view loaded, the site rendered (its note pages and search files left for when
  // a reader asks), then the home page and one note page, as a reader's first two clicks.
  const firstServe = async () => {
    const cache = await loadSiteCache(persistence);
    const site = await renderSite({ memory: open() }, { cache });
    if (site.isErr()) throw site.error;
    check(site.value).files.get("index.html");
    site.value.files.get(`notes/${notes[Math.floor(count / 3)]?.id ?? ""}.html`);
  };
  const readAll = async () => {
    const read = await open().readAll();
    if (read.isErr()) throw read.error;
  };
  // The floor: the bare read, then every file of the site written the bare way.
  const shown = await renderSite({ memory: open() });
  if (shown.isErr()) throw shown.error;
  const siteFiles = [...check(shown.value).files];
  let bareWrites = 0;
  const bareReadAndWrite = () => {
    readAllWithRegex(root);
    const folder = join(workDir, `view-${count}-bare-${++bareWrites}`);
    for (const made of new Set(siteFiles.map(([path]) => dirname(join(folder, path))))) {
      mkdirSync(made, { recursive: true });
    }
    for (const [path, text] of siteFiles) writeFileSync(join(folder, path), text);
  };
  const rounds = Number(process.env["VIEW_ROUNDS"] ?? 3);
  const measured: (() => unknown)[] = [
    () => readAllWithRegex(root),
    bareReadAndWrite,
    readAll,
    firstBuildNoCaches,
    firstBuild,
    rebuild,
    serveRebuild,
    firstServe,
  ];
  const cpu = measured.map((): number[] => []);
  const withCpu = measured.map((fn, at) => async () => {
    const start = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(start);
    cpu[at]?.push((used.user + used.system) / 1000);
  });
  const [bareMs, floorMs, readAllMs, firstColdMs, firstMs, rebuildMs, serveMs, firstServeMs] =
    await alternatingMediansMs(withCpu, rounds);
  // The first call of each was the warm-up.
  const [bareCpu, floorCpu, , firstColdCpu, firstCpu] = cpu.map((each) =>
    percentile(each.slice(1), 50),
  );
  for (let at = 1; at <= firsts; at++) {
    rmSync(join(workDir, `view-${count}-first-${at}`), { recursive: true, force: true });
  }
  for (let at = 1; at <= bareWrites; at++) {
    rmSync(join(workDir, `view-${count}-bare-${at}`), { recursive: true, force: true });
  }
  const bare = bareMs ?? Number.NaN;
  const floor = floorMs ?? Number.NaN;
  console.log(
    `view: ${count} notes, load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores, ${rounds} rounds`,
  );
  report(
    `view: the floor, bare read + writeFileSync of the site's ${siteFiles.length} files`,
    floor,
    BARE,
    bare,
  );
  report(`view: memory.readAll of ${count} notes (cold)`, readAllMs ?? Number.NaN, BARE, bare);
  report(
    `view: first build of a ${count}-note site, no caches (render + write)`,
    firstColdMs ?? Number.NaN,
    BARE,
    bare,
  );
  report(
    `view: first build of a ${count}-note site, no caches, beside the floor`,
    firstColdMs ?? Number.NaN,
    "the floor",
    floor,
  );
  report(
    `view: first build of a ${count}-note site, caches of an earlier view (render + write)`,
    firstMs ?? Number.NaN,
    BARE,
    bare,
  );
  report(
    `view: first build of a ${count}-note site, caches of an earlier view, beside the floor`,
    firstMs ?? Number.NaN,
    "the floor",
    floor,
  );
  report(
    `view: CPU of the floor, bare read + writeFileSync`,
    floorCpu ?? Number.NaN,
    `CPU of ${BARE}`,
    bareCpu ?? Number.NaN,
  );
  report(
    `view: CPU of a first build, no caches`,
    firstColdCpu ?? Number.NaN,
    "CPU of the floor",
    floorCpu ?? Number.NaN,
  );
  report(
    `view: CPU of a first build, caches of an earlier view`,
    firstCpu ?? Number.NaN,
    "CPU of the floor",
    floorCpu ?? Number.NaN,
  );
  report(
    `view: rebuild after one edit (cold memory, same folder)`,
    rebuildMs ?? Number.NaN,
    BARE,
    bare,
  );
  report(
    `view: --serve rebuild after one edit (+ home and the note)`,
    serveMs ?? Number.NaN,
    BARE,
    bare,
  );
  report(
    `view: --serve ready, from a new memory to the home page and one note page served`,
    firstServeMs ?? Number.NaN,
    BARE,
    bare,
  );
  const site = check(shown.value);
  const sizes = [...site.files]
    .filter(([path]) => path.startsWith("notes/"))
    .map(([, page]) => Buffer.byteLength(page));
  const sizeOf = (path: string) => Buffer.byteLength(site.files.get(path) ?? "");
  const notesBytes = readdirSync(join(root, "topics")).reduce(
    (sum, name) => sum + fs.statSync(join(root, "topics", name)).size,
    0,
  );
  const shards = [...site.files]
    .filter(([path]) => path.startsWith("data/search/"))
    .map(([, text]) => Buffer.byteLength(text));
  console.log(
    `view: note pages median ${kb(percentile(sizes, 50))}, p99 ${kb(percentile(sizes, 99))}, max ${kb(Math.max(...sizes))}; ` +
      `page scripts graph.js ${kb(sizeOf("assets/graph.js"))}, search.js ${kb(sizeOf("assets/search.js"))} (each loaded once, cached); ` +
      `data/graph.js ${kb(sizeOf("data/graph.js"))}; data/search.js ${kb(sizeOf("data/search.js"))} (the full-text search and each note's facts, loaded on the first search); ` +
      `${shards.length} shards of the notes' text (${kb(notesBytes)} of notes), median ${kb(percentile(shards, 50))}, a search loading those of its best hits and results`,
  );
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  try {
    const counts = process.argv.slice(2).map(Number);
    for (const count of counts.length > 0 ? counts : [2_000, 10_000]) {
      await benchView(workDir, count);
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
