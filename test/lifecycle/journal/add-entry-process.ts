/**
 * A separate process adding journal entries to a real directory, for the test that many
 * processes adding at once lose nothing. Usage: add-entry-process.ts <root> <worker> <count>
 * It says "ready" on stdout once loaded and adds when its stdin closes.
 */
import * as fs from "node:fs";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createJournal } from "../../../src/lifecycle/journal/journal.js";
import { errOf } from "../../helpers/result-helpers.js";

const [root = "", worker = "0", count = "1"] = process.argv.slice(2);
const journal = createJournal({ persistence: fsPersistence({ fs, root }) });

// Start together, so the adds really overlap: the test closes every stdin once all are ready.
process.stdout.write("ready\n");
process.stdin.resume();
await new Promise((resolve) => process.stdin.on("end", resolve));

const results = await Promise.all(
  Array.from({ length: Number(count) }, (_, index) =>
    journal.add({
      // One shared timestamp: every filename differs only by its random part.
      timestamp: "2026-02-13T09:30:00.000Z",
      harness: "codex",
      retrieval: { method: "jsonl", sessionPath: `/tmp/worker-${worker}-${index}.jsonl` },
      context: { cwd: "/tmp" },
      note: `worker ${worker} entry ${index}`,
    }),
  ),
);
const failed = results.filter((result) => result.isErr());
if (failed.length > 0) {
  process.stderr.write(`${failed.map((result) => JSON.stringify(errOf(result))).join("\n")}\n`);
  process.exit(1);
}
