/**
 * `memory view` at scale: rendering a 10,000-note memory of real prose (LoCoMo) as a site,
 * beside the bare read of the same files (readFileSync + regex: no site can be built without
 * reading every note once), and beside the memory's own cold `readAll` (the render's first step,
 * so the floor of any render through the memory), all turn about on the same load. Then the site written to disk,
 * and what a reader downloads: a note page, the graph data, the search data.
 * Run alone: `npx tsx bench/view.bench.ts [count]`.
 */
import * as fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../src/create-notes-memory.js";
import { renderSite, writeSite } from "../src/view/index.js";
import { alternatingMediansMs, medianMs, percentile, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { readAllWithRegex } from "./read-all-baseline.js";
import { writeNotes } from "./synthetic-memory.js";

/** Runs the benchmark in `workDir` with `count` notes. */
export async function benchView(workDir: string, count: number): Promise<void> {
  if (!hasLocomo()) {
    console.log("view: skipped (no LoCoMo data beside the clone)");
    return;
  }
  const root = join(workDir, `view-${count}`);
  writeNotes(root, proseNotes(count, 0.1));
  const persistence = fsPersistence({ fs, root });
  const render = async () => {
    // A fresh memory each time: a cold `memory view`, which reads every note.
    const site = await renderSite({ memory: createNotesMemory({ persistence }) });
    if (site.isErr()) throw site.error;
    if (site.value.notes !== count) throw new Error(`rendered ${site.value.notes} notes`);
    return site.value;
  };
  // The floor of any site built from the memory: its own read of every note (listed, read,
  // parsed, hashed, timed), once, as `memory.readAll` does it for the site.
  const readAll = async () => {
    const notes = await createNotesMemory({ persistence }).readAll();
    if (notes.isErr()) throw notes.error;
  };
  const [renderMs, baselineMs, readAllMs] = await alternatingMediansMs(
    [render, () => readAllWithRegex(root), readAll],
    5,
  );
  report(
    `view: memory.readAll of the ${count} notes (cold; the render's first step)`,
    readAllMs ?? Number.NaN,
    "readFileSync + regex",
    baselineMs ?? Number.NaN,
  );
  report(
    `view: render a ${count}-note site (cold)`,
    renderMs ?? Number.NaN,
    "readFileSync + regex",
    baselineMs ?? Number.NaN,
  );
  const site = await render();
  const out = join(workDir, `view-${count}-site`);
  const writeMs = await medianMs(async () => {
    const written = await writeSite(site, out);
    if (written.isErr()) throw written.error;
  }, 3);
  report(
    `view: write the ${site.files.size} files`,
    writeMs,
    "readFileSync + regex",
    baselineMs ?? Number.NaN,
  );
  const sizes = [...site.files]
    .filter(([path]) => path.startsWith("notes/"))
    .map(([, page]) => Buffer.byteLength(page));
  const sizeOf = (path: string) => Buffer.byteLength(site.files.get(path) ?? "");
  const notesBytes = fs
    .readdirSync(join(root, "topics"))
    .reduce((sum, name) => sum + fs.statSync(join(root, "topics", name)).size, 0);
  console.log(
    `view: note pages median ${kb(percentile(sizes, 50))}, p99 ${kb(percentile(sizes, 99))}, max ${kb(Math.max(...sizes))}; ` +
      `page scripts graph.js ${kb(sizeOf("assets/graph.js"))}, search.js ${kb(sizeOf("assets/search.js"))} (each loaded once, cached); ` +
      `data/graph.js ${kb(sizeOf("data/graph.js"))}; data/search.js ${kb(sizeOf("data/search.js"))} (the notes themselves: ${kb(notesBytes)}, loaded on the first search)`,
  );
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  try {
    await benchView(workDir, Number(process.argv[2] ?? 10_000));
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
