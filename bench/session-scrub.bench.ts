/**
 * What the secret scrubber does to real session text on its way to the model (issue 28):
 * the bytes it changes in the readers' transcript fixtures (test/fixtures/transcripts,
 * sessions, hooks: shapes of real harness files) and in LoCoMo's conversations (real
 * prose), each beside the bytes read; then its cost beside a baseline measured in the same
 * run (one case-insensitive pass of a single pattern over the same text).
 *
 * Run: npx tsx bench/session-scrub.bench.ts
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { scrubSecrets } from "../src/lifecycle/secret-scrubber.js";
import { alternatingMediansMs } from "./measure.js";
import { LOCOMO_PATH } from "./retrieval/locomo.js";
import { hasLocomo } from "./prose-notes.js";

const FIXTURES = resolve(import.meta.dirname, "../test/fixtures");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The transcripts a reader reads (not the expected renderings, sources or scripts). */
function fixtureTranscripts(): { path: string; text: string }[] {
  return ["transcripts", "sessions", "hooks"]
    .flatMap((folder) => files(join(FIXTURES, folder)))
    .filter((path) => /\.(jsonl|json|md|txt)$/.test(path))
    .filter((path) => !path.endsWith(".expected.json") && !path.endsWith("SOURCES.md"))
    .map((path) => ({ path, text: readFileSync(path, "utf8") }));
}

function changedBytes(text: string): { bytes: number; kinds: string[] } {
  const scrubbed = scrubSecrets(text);
  if (scrubbed.redacted.length === 0) return { bytes: 0, kinds: [] };
  // The bytes outside the common prefix and suffix: an upper bound of what was replaced.
  let start = 0;
  while (start < text.length && text[start] === scrubbed.text[start]) start++;
  let end = 0;
  while (
    end < text.length - start &&
    text[text.length - 1 - end] === scrubbed.text[scrubbed.text.length - 1 - end]
  )
    end++;
  return { bytes: text.length - start - end, kinds: [...scrubbed.redacted] };
}

function report(name: string, texts: readonly string[]): void {
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  let changed = 0;
  const kinds: string[] = [];
  for (const text of texts) {
    const found = changedBytes(text);
    changed += found.bytes;
    kinds.push(...found.kinds);
  }
  console.log(
    `${name}: ${texts.length} texts, ${total} characters read, ${changed} changed ` +
      `(${((changed / Math.max(1, total)) * 100).toFixed(4)}%), ${kinds.length} redactions` +
      (kinds.length === 0 ? "" : ` (${[...new Set(kinds)].join(", ")})`),
  );
}

const transcripts = fixtureTranscripts().map((file) => file.text);
report("readers' fixture transcripts", transcripts);
const locomo: string[] = [];
if (hasLocomo()) {
  const samples = JSON.parse(readFileSync(LOCOMO_PATH, "utf8")) as {
    conversation: Record<string, unknown>;
  }[];
  for (const sample of samples) {
    for (const turns of Object.values(sample.conversation)) {
      if (!Array.isArray(turns)) continue;
      locomo.push(
        (turns as { speaker?: unknown; text?: unknown }[])
          .map((turn) => `[${String(turn.speaker)}] ${String(turn.text)}`)
          .join("\n"),
      );
    }
  }
  report("LoCoMo conversations (one text per session)", locomo);
} else console.log(`LoCoMo not found at ${LOCOMO_PATH}: its figure is skipped`);

const all = [...transcripts, ...locomo].join("\n");
const [scrub = 0, baseline = 0] = await alternatingMediansMs(
  [() => scrubSecrets(all), () => all.replace(/\bpassword\s*[:=]/gi, "")],
  7,
);
console.log(
  `scrub ${all.length} characters: ${scrub.toFixed(1)} ms; baseline (one pattern) ${baseline.toFixed(1)} ms; ratio ${(scrub / Math.max(0.001, baseline)).toFixed(1)}x`,
);
