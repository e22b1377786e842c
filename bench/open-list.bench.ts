/**
 * Opening and listing a 10,000-note memory, against a bare readFileSync-and-regex pass over
 * the same files (the floor: no library can list notes without reading them once).
 */
import * as fs from "node:fs";
import { join } from "node:path";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { createMemory } from "../src/memory.js";
import { medianMs, report } from "./measure.js";
import { syntheticNotes, writeNotes } from "./synthetic-memory.js";
import { readAllWithRegex } from "./read-all-baseline.js";

/** Runs the benchmark in `workDir` with `count` notes. */
export async function benchOpenList(workDir: string, count: number): Promise<void> {
  const root = join(workDir, `open-list-${count}`);
  writeNotes(root, syntheticNotes(count));
  const persistence = fsPersistence({ fs, root });

  const baseline = await medianMs(() => readAllWithRegex(root));
  const open = await medianMs(async () => {
    const listing = await createMemory({ persistence }).list();
    if (listing.isErr() || listing.value.length !== count) throw new Error("listing failed");
  });
  report(`open + list ${count} notes (cold)`, open, "readFileSync + regex", baseline, "<= 2x");

  const memory = createMemory({ persistence });
  await memory.list();
  const warm = await medianMs(async () => {
    const listing = await memory.list();
    if (listing.isErr()) throw listing.error;
  });
  report(`list ${count} notes again (warm: stat only)`, warm, "readFileSync + regex", baseline);
}
