/**
 * What the memory costs an agent, in tokens (o200k_base, the default tokenizer): every
 * surface `memory status --tokens` counts, for the quickstart's memory (its end state: three
 * notes, two hot, one warm, a session logged) and for 10,000 notes of LoCoMo prose whose
 * index has the most defrag allows by default (12 hot, 60 warm), beside each budget. The
 * baseline column is the old estimate of the same text (4 characters a token), with the ratio.
 * Run alone: `npx tsx bench/tokens.bench.ts [count]`.
 */
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemory, type Memory } from "../src/index.js";
import { fsPersistence } from "../src/adapters/index.js";
import { surfaceTokens, type SurfaceTokens } from "../src/cli/commands/status-tokens.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { writeNotes } from "./synthetic-memory.js";

function open(root: string): Memory {
  mkdirSync(root, { recursive: true });
  return createMemory({ persistence: fsPersistence({ fs, root }) });
}

async function quickstartMemory(root: string): Promise<Memory> {
  const memory = open(root);
  const captured = [
    ["Console app at axiom", "The web console; its query builder emits a structured format."],
    [
      "Deploys go through the release branch",
      "Decided on 2026-11-21: the console app ships from `release` after review.\nOwner: Igor.",
    ],
    [
      "Igor owns the console's design",
      "Igor is a fullstack developer with deep expertise in design.",
    ],
  ];
  const ids: string[] = [];
  for (const [title = "", body = ""] of captured) {
    const note = await memory.capture({ title, body }, { status: "active" });
    if (note.isErr()) throw note.error;
    ids.push(note.value.id);
  }
  await memory.index.set({ hot: [ids[1] ?? "", ids[2] ?? ""], warm: [ids[0] ?? ""] });
  await memory.sessionLog.append({
    what: "set up the release branch",
    why: "releases were ad hoc",
    how: "protected branch plus a review rule",
    next: "write the rollback runbook",
  });
  return memory;
}

async function proseMemory(root: string, count: number): Promise<Memory> {
  const notes = proseNotes(count, 0.2);
  writeNotes(root, notes);
  const memory = open(root);
  await memory.index.set({
    hot: notes.slice(0, 12).map((note) => note.id),
    warm: notes.slice(12, 72).map((note) => note.id),
  });
  await memory.sessionLog.append({
    what: "read the notes",
    why: "benchmark",
    how: "tokens",
    next: "count the surfaces",
  });
  return memory;
}

async function measure(memory: Memory, root: string): Promise<SurfaceTokens[]> {
  return surfaceTokens(memory, {
    readIndex: () => fs.promises.readFile(join(root, "index.md"), "utf8").catch(() => ""),
  });
}

/** Prints the table for both memories. */
export async function benchTokens(workDir: string, count: number): Promise<void> {
  console.log(`\n## Tokens of every surface (o200k_base), quickstart and ${count} notes`);
  if (!hasLocomo()) {
    console.log("skipped: no LoCoMo data");
    return;
  }
  const small = await measure(await quickstartMemory(join(workDir, "q")), join(workDir, "q"));
  const bigRoot = join(workDir, `tokens-${count}`);
  const big = await measure(await proseMemory(bigRoot, count), bigRoot);
  const lines = [
    `| surface | quickstart | ${count} notes | budget | within | ${count} notes, chars/4 (old estimate) | ratio |`,
    "|---|---|---|---|---|---|---|",
  ];
  for (const [at, row] of small.entries()) {
    const other = big.find((candidate) => candidate.surface === row.surface) ?? big[at];
    const budget = row.budget === null ? "none" : String(row.budget);
    const within =
      row.budget === null
        ? "-"
        : row.tokens <= row.budget && (other?.tokens ?? 0) <= row.budget
          ? "yes"
          : "NO";
    lines.push(
      `| ${row.surface} | ${row.tokens} | ${other?.tokens ?? "-"} | ${budget} | ${within} | ${estimate(other)} | ${ratio(other)} |`,
    );
  }
  console.log(lines.join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const workDir = mkdtempSync(join(tmpdir(), "agent-memory-tokens-"));
  benchTokens(workDir, Number(process.argv[2] ?? "10000"))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => rmSync(workDir, { recursive: true, force: true }));
}

function estimate(row: SurfaceTokens | undefined): number {
  return Math.ceil((row?.characters ?? 0) / 4);
}

function ratio(row: SurfaceTokens | undefined): string {
  return estimate(row) === 0 ? "-" : `${((row?.tokens ?? 0) / estimate(row)).toFixed(2)}x`;
}
