/**
 * Opening a memory of 10,000 notes of real prose (LoCoMo conversations), with and without
 * code in them, against a bare readFileSync-and-regex pass over the same files; and the
 * cost of finding code ranges alone. Real prose matters here: it decides how often the
 * code-range fast path holds (LoCoMo writes "it`s" with a backtick now and then).
 *
 * Run alone: `npx tsx bench/prose-code-ranges.bench.ts [count]`. LoCoMo is read from
 * LOCOMO_JSON, or /work/shared/data/locomo/locomo10.json.
 */
import * as fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { createMemory } from "../src/memory.js";
import { findCodeRanges } from "../src/model/markdown/code-ranges.js";
import { medianMs, report } from "./measure.js";
import { proseNotes } from "./prose-notes.js";
import { LOCOMO_PATH } from "./retrieval/locomo.js";
import { writeNotes } from "./synthetic-memory.js";
import { readAllWithRegex } from "./read-all-baseline.js";

/** Runs the benchmark in `workDir` with `count` notes, without code and with 20% code. */
export async function benchProseCodeRanges(workDir: string, count: number): Promise<void> {
  if (!fs.existsSync(LOCOMO_PATH)) {
    console.log(`\n## Code ranges on prose: skipped, no LoCoMo data at ${LOCOMO_PATH}`);
    return;
  }
  for (const codeShare of [0, 0.2]) {
    const label = codeShare === 0 ? "LoCoMo prose" : "LoCoMo prose, 20% with code";
    const notes = proseNotes(count, codeShare);
    const root = join(workDir, `prose-${count}-${codeShare}`);
    writeNotes(root, notes);
    const persistence = fsPersistence({ fs, root });
    const baseline = await medianMs(() => readAllWithRegex(root));
    const open = await medianMs(async () => {
      const listing = await createMemory({ persistence }).list();
      if (listing.isErr() || listing.value.length !== count) throw new Error("listing failed");
    });
    report(`open + list ${count} notes, ${label}`, open, "readFileSync + regex", baseline);
    const ranges = await medianMs(() => {
      let total = 0;
      for (const note of notes) total += findCodeRanges(note.markdown).length;
      return total;
    });
    report(
      `findCodeRanges over ${count} notes, ${label}`,
      ranges,
      "readFileSync + regex",
      baseline,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-bench-"));
  benchProseCodeRanges(workDir, Number(process.argv[2] ?? "10000"))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(workDir, { recursive: true, force: true }));
}
