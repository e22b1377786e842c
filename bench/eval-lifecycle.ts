/**
 * `npm run eval:lifecycle`: consolidation then defrag on a realistic memory, measured. The
 * memory is LoCoMo prose (40 notes of about 1 KB, linked and tagged) plus planted problems with
 * known answers: near-duplicate pairs (must be merged), oversized notes of three topics each
 * (must be split), young orphans (should be linked from a related note) and decisions that
 * journal entries reverse (must be superseded by consolidation); the other entries are LoCoMo
 * turns. The model is the prompt-bound stand-in of `agent-memory/testing` by default, or any
 * model command:
 *
 *   npm run eval:lifecycle
 *   npm run eval:lifecycle -- --llm-cmd "claude -p"
 *   AGENT_MEMORY_LLM_CMD="codex exec -" npm run eval:lifecycle
 *
 * `EVAL_DUMP=FILE` appends every prompt to FILE, to read what the model was shown.
 *
 * Prints the actions proposed, accepted and refused by rule, the planted problems fixed, the
 * sentences kept (all must be), and the tokens in and out (o200k_base counts).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../src/adapters/git-cli/git-cli.js";
import { llmFromCommand } from "../src/adapters/llm/llm-from-command.js";
import { splitCommandLine } from "../src/cli/framework/llm-command-line.js";
import { createMemory } from "../src/memory.js";
import { buildFilename } from "../src/model/filename.js";
import { serializeNote } from "../src/model/note-format.js";
import { sentencesOf, plainText } from "../src/model/markdown/sentences.js";
import type { Llm } from "../src/ports/llm.js";
import { promptBoundLlm } from "../src/testing/prompt-bound-llm.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { LOCOMO_PATH } from "./retrieval/locomo.js";
import { syntheticId, writeNotes, type SyntheticNote } from "./synthetic-memory.js";

const PROSE_NOTES = 40;
const DUPLICATE_PAIRS = 3;
const OVERSIZED = 2;
const ORPHANS = 2;
const SESSION_ENTRIES = 4;
/** An orphan first committed this long before the run: old enough to archive, not relink. */
const OLD_ORPHAN_DATE = "2025-01-06T10:00:00Z";

/** Decisions planted as notes, and the journal entry of a later session reversing each. */
const DECISIONS = [
  {
    title: "We decided to use SQLite for the cache",
    body: "We decided to use SQLite for the cache. It needs no server to run.",
    reversal:
      "We use Postgres for the cache from now on. We decided to use SQLite for the cache no longer holds: SQLite locked under concurrent writes.",
  },
  {
    title: "The weekly sync happens on Mondays",
    body: "The weekly sync happens on Mondays at ten. Everyone joins from the big room.",
    reversal:
      "The weekly sync moved to Thursdays. The weekly sync happens on Mondays changed when the team grew past twelve people.",
  },
] as const;

function modelFromArgs(): { llm: Llm; label: string } {
  const flag = process.argv.indexOf("--llm-cmd");
  const line = flag >= 0 ? process.argv[flag + 1] : process.env.AGENT_MEMORY_LLM_CMD;
  if (line === undefined || line.trim() === "")
    return { llm: promptBoundLlm(), label: "prompt-bound stand-in (agent-memory/testing)" };
  const words = splitCommandLine(line);
  if (words.isErr()) throw new Error(`--llm-cmd: ${words.error}`);
  const [command = "", ...args] = words.value;
  return { llm: llmFromCommand({ command, args, timeoutMs: 900_000 }), label: line };
}

/** The model, with each call's prompt and answer counted in tokens. */
function counted(llm: Llm, spend: { calls: number; in: number; out: number }): Llm {
  return {
    complete(request) {
      spend.calls += 1;
      spend.in += countTokens(request.system) + countTokens(request.prompt);
      if (process.env.EVAL_DUMP)
        fs.appendFileSync(process.env.EVAL_DUMP, request.prompt + "\n=====\n");
      return llm.complete(request).map((answer) => {
        spend.out += countTokens(answer);
        return answer;
      });
    },
  };
}

function utterances(): string[] {
  const samples = JSON.parse(fs.readFileSync(LOCOMO_PATH, "utf8")) as {
    conversation: Record<string, unknown>;
  }[];
  return samples.flatMap((sample) =>
    Object.values(sample.conversation).flatMap((turns) =>
      Array.isArray(turns)
        ? (turns as { text?: unknown }[]).flatMap((t) =>
            typeof t.text === "string" ? [t.text] : [],
          )
        : [],
    ),
  );
}

function note(i: number, title: string, tags: string[], body: string): SyntheticNote {
  const id = syntheticId(i);
  return {
    id,
    path: `topics/${buildFilename(title, id)}`,
    markdown: serializeNote({ title, tags, body }),
  };
}

/** The planted problems, each with its known answer. */
function planted(prose: readonly SyntheticNote[]) {
  const said = utterances().slice(5_000);
  let cursor = 0;
  const take = (chars: number) => {
    const parts: string[] = [];
    let length = 0;
    while (length < chars) {
      const text = said[cursor++] ?? "";
      parts.push(text);
      length += text.length + 1;
    }
    return parts.join(" ");
  };
  const notes: SyntheticNote[] = [];
  const duplicates: [string, string][] = [];
  let next = PROSE_NOTES;
  for (let d = 0; d < DUPLICATE_PAIRS; d++) {
    const text = take(900);
    const a = note(next++, `Recollection ${d + 1}`, ["people"], text);
    const b = note(next++, `Recollection ${d + 1}, again`, ["people"], `${text} ${take(60)}`);
    notes.push(a, b);
    duplicates.push([a.id, b.id]);
  }
  const oversized: string[] = [];
  for (let o = 0; o < OVERSIZED; o++) {
    const body = ["Travel", "Work", "Family"]
      .map((topic) => `## ${topic}, part ${o + 1}\n\n${take(3_200)}`)
      .join("\n\n");
    const big = note(next++, `Everything from week ${o + 1}`, ["hobby"], body);
    notes.push(big);
    oversized.push(big.id);
  }
  const orphans: string[] = [];
  for (let r = 0; r < ORPHANS; r++) {
    const host = prose[r * 7];
    const orphan = note(
      next++,
      `A stray remark ${r + 1}`,
      [tagOf(host?.markdown ?? "")],
      take(300),
    );
    notes.push(orphan);
    orphans.push(orphan.id);
  }
  const oldOrphan = note(next++, "A forgotten remark", ["misc"], take(300));
  notes.push(oldOrphan);
  const decisions: string[] = [];
  for (const decision of DECISIONS) {
    const decisionNote = note(next++, decision.title, ["decision"], decision.body);
    notes.push(decisionNote);
    decisions.push(decisionNote.id);
  }
  const sessions = Array.from({ length: SESSION_ENTRIES }, () => take(700));
  return { notes, duplicates, oversized, orphans, oldOrphan, decisions, sessions };
}

async function allText(memory: ReturnType<typeof createMemory>): Promise<string> {
  const bodies: string[] = [];
  for (const status of ["inbox", "active", "archived"] as const) {
    const listed = await memory.list({ status });
    if (listed.isErr()) throw listed.error;
    for (const meta of listed.value) {
      const read = await memory.read(meta.id);
      if (read.isOk()) bodies.push(read.value.body);
    }
  }
  return bodies.join("\n");
}

async function main(): Promise<void> {
  if (!hasLocomo()) {
    console.log(`eval:lifecycle needs the LoCoMo data at ${LOCOMO_PATH} (or LOCOMO_JSON).`);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), "am-eval-lifecycle-"));
  const home = mkdtempSync(join(tmpdir(), "am-eval-home-"));
  try {
    const prose = proseNotes(PROSE_NOTES, 0);
    const plant = planted(prose);
    writeNotes(root, [...prose, ...plant.notes]);
    writeFileSync(join(root, ".gitignore"), ".agent-memory/\n");
    const env = { ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: "1" };
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: root, env });
    // The old orphan's first commit is a year and more back, so defrag sees it as stale.
    execFileSync("git", ["add", "--", plant.oldOrphan.path], { cwd: root, env });
    execFileSync(
      "git",
      [
        "-c",
        "user.name=eval",
        "-c",
        "user.email=eval@agent-memory.invalid",
        "commit",
        "-q",
        "-m",
        "old",
      ],
      {
        cwd: root,
        env: { ...env, GIT_AUTHOR_DATE: OLD_ORPHAN_DATE, GIT_COMMITTER_DATE: OLD_ORPHAN_DATE },
      },
    );
    const git = gitCli({ dir: root, env: { HOME: home, GIT_CONFIG_NOSYSTEM: "1" } });
    const model = modelFromArgs();
    const spend = { calls: 0, in: 0, out: 0 };
    const memory = createMemory({
      persistence: fsPersistence({ fs, root }),
      git,
      llm: counted(model.llm, spend),
    });
    const committed = await memory.commit("seed");
    if (committed.isErr()) throw committed.error;
    const entries = [...plant.sessions, ...DECISIONS.map((d) => d.reversal)];
    for (const [i, text] of entries.entries()) {
      const added = await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: text,
        timestamp: new Date(Date.UTC(2026, 2, 14, 9, i)).toISOString(),
      });
      if (added.isErr()) throw added.error;
    }
    const consolidationStarted = performance.now();
    const consolidated = await memory.consolidate();
    const consolidationSeconds = (performance.now() - consolidationStarted) / 1000;
    if (consolidated.isErr()) throw consolidated.error;
    const consolidation = consolidated.value;
    const consolidationSpend = { ...spend };
    const afterConsolidation = plainText(await allText(memory));
    const entrySentences = entries.flatMap((text) => sentencesOf(text));
    const entriesLost = entrySentences.filter((sentence) => !afterConsolidation.includes(sentence));
    const superseded = plant.decisions.filter((id) =>
      (consolidation.superseded ?? []).some((mark) => mark.id === id),
    ).length;
    const consolidationRefused = new Map<string, number>();
    for (const refusal of consolidation.refused ?? [])
      consolidationRefused.set(refusal.rule, (consolidationRefused.get(refusal.rule) ?? 0) + 1);
    const consolidationLines = [
      `eval:lifecycle: consolidation of ${entries.length} journal entries (${SESSION_ENTRIES} LoCoMo sessions, ${DECISIONS.length} reversing a planted decision)`,
      `model: ${model.label}; ${consolidationSpend.calls} model call(s), ${consolidationSeconds.toFixed(1)} s`,
      `entries consumed: ${consolidation.consumed.length}/${entries.length}; notes created ${consolidation.created.length}, updated ${consolidation.updated.length}; supersede ops applied ${(consolidation.superseded ?? []).length}`,
      `refused by rule: ${[...consolidationRefused].map(([rule, n]) => `${rule} ${n}`).join(", ") || "none"}`,
      `planted: decisions superseded ${superseded}/${plant.decisions.length}`,
      `entry sentences kept: ${entrySentences.length - entriesLost.length}/${entrySentences.length} (${entriesLost.length} lost)`,
      `tokens (o200k_base): ${consolidationSpend.in.toLocaleString("en-US")} in, ${consolidationSpend.out.toLocaleString("en-US")} out`,
      "",
    ];
    console.log(consolidationLines.join("\n"));
    for (const sentence of entriesLost.slice(0, 5)) console.log(`  lost: ${sentence}`);
    if (entriesLost.length > 0) process.exitCode = 1;
    spend.calls = 0;
    spend.in = 0;
    spend.out = 0;
    const before = sentencesOf(await allText(memory));
    const started = performance.now();
    const ran = await memory.defrag();
    const seconds = (performance.now() - started) / 1000;
    if (ran.isErr()) throw ran.error;
    const report = ran.value;
    const after = plainText(await allText(memory));
    const lost = before.filter((sentence) => !after.includes(sentence));
    const byRule = new Map<string, number>();
    for (const refusal of report.refused ?? [])
      byRule.set(refusal.rule, (byRule.get(refusal.rule) ?? 0) + 1);
    const merged = plant.duplicates.filter(([a, b]) =>
      report.applied.some(
        (action) =>
          action.type === "merge" &&
          [action.target, ...action.sources].includes(a) &&
          [action.target, ...action.sources].includes(b),
      ),
    ).length;
    const split = plant.oversized.filter((id) =>
      report.applied.some((action) => action.type === "split" && action.id === id),
    ).length;
    const linked = plant.orphans.filter((id) =>
      report.applied.some((action) => action.type === "relink" && action.body.includes(`[[${id}`)),
    ).length;
    const archived = report.applied.some(
      (action) => action.type === "archive" && action.id === plant.oldOrphan.id,
    );
    const proposed = report.proposed ?? report.applied.length;
    const accepted =
      proposed - (report.refused ?? []).filter((r) => r.action.type !== "tier").length;
    const kinds = new Map<string, number>();
    for (const action of report.applied) kinds.set(action.type, (kinds.get(action.type) ?? 0) + 1);
    const lines = [
      `eval:lifecycle: defrag of ${PROSE_NOTES + plant.notes.length} notes (LoCoMo prose + planted problems)`,
      `model: ${model.label}; ${report.batches} batch(es), ${spend.calls} model call(s), ${seconds.toFixed(1)} s`,
      `actions: ${proposed} proposed, ${accepted} accepted (${proposed === 0 ? "n/a" : `${((accepted / proposed) * 100).toFixed(0)}%`}), ${report.applied.length} applied: ${[...kinds].map(([k, n]) => `${n} ${k}`).join(", ") || "none"}`,
      `refused by rule: ${[...byRule].map(([rule, n]) => `${rule} ${n}`).join(", ") || "none"}${report.held === true ? " (run held)" : ""}`,
      `planted: duplicates merged ${merged}/${plant.duplicates.length}, oversized split ${split}/${plant.oversized.length}, orphans linked ${linked}/${plant.orphans.length}, old orphan archived ${archived ? 1 : 0}/1`,
      `sentences kept: ${before.length - lost.length}/${before.length} (${lost.length} lost)`,
      `tokens (o200k_base): ${spend.in.toLocaleString("en-US")} in, ${spend.out.toLocaleString("en-US")} out`,
    ];
    console.log(lines.join("\n"));
    for (const sentence of lost.slice(0, 5)) console.log(`  lost: ${sentence}`);
    if (lost.length > 0) process.exitCode = 1;
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

await main();

function tagOf(markdown: string): string {
  return /\n#([a-z_/]+)/.exec(markdown)?.[1] ?? "people";
}
