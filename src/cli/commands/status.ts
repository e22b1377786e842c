import { execFile } from "node:child_process";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { NOTE_STATUSES, type NoteStatus } from "../../index.js";
import { PRIVATE_FOLDER } from "../../model/index.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory, repositoryFreeEnv } from "../framework/open-memory.js";
import type { CliIo } from "../framework/cli-io.js";
import type { SurfaceTokens } from "./status-tokens.js";
import type { Memory } from "../../index.js";
import type { SpendSummary } from "../../lifecycle/index.js";
import { ledgerLines } from "../render/spend-lines.js";
import { budgetFromOptions } from "../framework/budget-options.js";

/** The last consolidation commit, as git reports it. */
interface LastConsolidation {
  readonly commit: string;
  readonly at: string;
  readonly subject: string;
}

/** `memory status`: where the memory is and what waits in it. */
export const statusCommand = defineCommand({
  name: "status",
  usage: "[options]",
  description:
    "Prints the memory root and its repository, how many notes each status folder holds, how many\n" +
    "journal entries and logged sessions wait for consolidation, the last consolidation commit, when\n" +
    `defrag last ran, the cache (how many notes' facts came from ${PRIVATE_FOLDER}/cache/ and how many\n` +
    `notes had to be read), what the private ${PRIVATE_FOLDER}/ folder holds (locks, caches, hook log),\n` +
    `and the model spend of consolidation and defrag from ${PRIVATE_FOLDER}/spend.jsonl: today (UTC) and the\n` +
    "last 7 days, beside the caps ($AGENT_MEMORY_MAX_TOKENS_PER_DAY and _PER_RUN when set).\n" +
    "Changes no note (it refreshes the cache like any read). With --tokens, also what each surface\n" +
    "costs an agent in tokens (o200k_base) beside its budget: the AGENTS.md section, the SessionStart\n" +
    "and PreCompact hook output, `memory context`, MCP tools/list and typical tool answers.",
  options: { ...COMMON_OPTIONS, tokens: { type: "boolean" } },
  optionHelp: [["--tokens", "Also count the tokens of every surface an agent reads (see above)."]],
  positionals: { min: 0, max: 0 },
  examples: ["memory status", "memory status --json", "memory status --tokens"],
  async run({ values, out, io }) {
    // The caps shown are the ones a scheduled run would have: the environment's, or the defaults.
    const budget = budgetFromOptions({}, io.env, "status");
    if (budget.isErr()) return out.fail(budget.error);
    const opened = await openMemory(values.root, io, { budget: budget.value });
    if (opened.isErr()) return out.fail(opened.error);
    const { memory, root, git } = opened.value;
    const listed = await memory.list();
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const pending = await memory.journal.pending();
    if (pending.isErr()) return out.fail(failureFrom(pending.error));
    const sessions = await memory.sessionLog.unconsumed();
    if (sessions.isErr()) return out.fail(failureFrom(sessions.error));
    const notes = Object.fromEntries(
      NOTE_STATUSES.map((status) => [
        status,
        listed.value.filter((n) => n.status === status).length,
      ]),
    ) as Record<NoteStatus, number>;
    const stats = memory.cacheStats();
    const cache = {
      freshness: stats.freshness,
      persisted: stats.persisted,
      factsFromCache: stats.loadedFromCache,
      notesReadFromFiles: stats.lastLook?.read ?? 0,
    };
    const status = {
      root,
      git: git !== undefined,
      cache,
      notes,
      pendingJournalEntries: pending.value.length,
      unconsumedSessions: sessions.value.length,
      lastConsolidation: git === undefined ? null : await lastConsolidation(root, io),
      privateFiles: await privateFiles(root),
      spend: await spendOrNull(memory),
      ...(values.tokens === true
        ? {
            tokens: await (
              await import("./status-tokens.js")
            ).surfaceTokens(memory, {
              readIndex: () => readFile(join(root, "index.md"), "utf8").catch(() => ""),
            }),
          }
        : {}),
    };
    out.print(status, () =>
      [
        `root: ${root}${status.git ? "" : " (not in a git repository)"}`,
        `notes: ${NOTE_STATUSES.map((s) => `${notes[s]} ${s}`).join(", ")}`,
        `waiting for consolidation: ${status.pendingJournalEntries} journal entries, ${status.unconsumedSessions} logged sessions`,
        `last consolidation: ${status.lastConsolidation === null ? "none" : `${status.lastConsolidation.at} ${status.lastConsolidation.commit.slice(0, 7)} ${status.lastConsolidation.subject}`}`,
        `cache: ${cache.persisted ? `facts of ${cache.factsFromCache} notes from ${PRIVATE_FOLDER}/cache/notes.json` : "not persisted"}; this call read ${cache.notesReadFromFiles} of ${listed.value.length} notes from their files`,
        `${PRIVATE_FOLDER}/: ${status.privateFiles.length === 0 ? "empty (no cache, no lock)" : status.privateFiles.join(", ")}`,
        ...(status.spend === null
          ? [`model spend: ${PRIVATE_FOLDER}/spend.jsonl could not be read`]
          : ledgerLines(status.spend)),
        ...(status.tokens === undefined ? [] : tokenLines(status.tokens)),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});

/** The ledger's summary; null when it cannot be read (status still reports the rest). */
async function spendOrNull(memory: Memory): Promise<SpendSummary | null> {
  const spend = await memory.spend();
  return spend.isOk() ? spend.value : null;
}

function lastConsolidation(root: string, io: CliIo): Promise<LastConsolidation | null> {
  return new Promise((done) => {
    execFile(
      "git",
      ["log", "-1", "--format=%H%x09%cI%x09%s", "--grep=^memory: consolidate", "--", "."],
      { cwd: root, env: repositoryFreeEnv(io.env) },
      (error, stdout) => {
        const [commit, at, subject] = stdout.trim().split("\t");
        done(
          error !== null || commit === undefined || commit === "" || at === undefined
            ? null
            : { commit, at, subject: subject ?? "" },
        );
      },
    );
  });
}

async function privateFiles(root: string): Promise<string[]> {
  const entries = await readdir(join(root, PRIVATE_FOLDER), {
    recursive: true,
    withFileTypes: true,
  }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(join(root, PRIVATE_FOLDER).length + 1))
    .toSorted();
}

/** The token table: one line a surface, tokens then budget, aligned. */
function tokenLines(rows: readonly SurfaceTokens[]): string[] {
  const width = Math.max(...rows.map((row) => row.surface.length));
  return [
    "tokens (o200k_base):",
    ...rows.map((row) => {
      const budget = row.budget === null ? "" : ` of ${row.budget}`;
      const over = row.budget !== null && row.tokens > row.budget ? " OVER BUDGET" : "";
      return `  ${row.surface.padEnd(width)}  ${String(row.tokens).padStart(6)}${budget}${over}  (${row.note})`;
    }),
  ];
}
