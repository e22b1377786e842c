import type { ConsolidationReport } from "../../lifecycle/index.js";
import type { Memory } from "../../index.js";
import { abortOnSignals } from "../framework/abort-on-signals.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { describeConsolidation } from "../render/consolidation-summary.js";
import { runSpendLine } from "../render/spend-lines.js";
import { EXIT } from "../framework/exit-codes.js";
import { LLM_COMMAND_VARIABLE } from "../framework/llm-command-line.js";
import { LLM_OPTION_HELP, LLM_OPTIONS, llmFromOptions } from "../framework/llm-options.js";
import { progressFor } from "../framework/llm-progress.js";
import { spendOptions } from "../framework/budget-options.js";
import { openMemory } from "../framework/open-memory.js";
import { drainHookSpool } from "../hooks/hook-spool.js";
import { cliSessionReaders } from "../framework/cli-session-readers.js";

/** `memory consolidate`: turns pending journal entries and logged sessions into notes. */
export const consolidateCommand = defineCommand({
  name: "consolidate",
  usage: "[--llm-cmd COMMAND] [--dry-run] [--timeout SECONDS] [--max-tokens N] [options]",
  description:
    "Reads the pending journal entries, the unconsumed session-log sections and the inbox, asks the\n" +
    "model for notes, writes them, moves the entries to journal/done/ and commits once. The model is\n" +
    `a command that reads the prompt on stdin and prints its answer: --llm-cmd, else $${LLM_COMMAND_VARIABLE}\n` +
    "(split like a shell line, run without a shell). Amp threads are read with `amp threads markdown ID`.\n" +
    "Ctrl-C stops the run cleanly: entries stay pending for the next one.",
  options: { ...COMMON_OPTIONS, ...LLM_OPTIONS, "dry-run": { type: "boolean" } },
  optionHelp: [
    ...LLM_OPTION_HELP,
    ["--dry-run", "Ask the model and show the plan (titles, keys, updates, inbox), write nothing."],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    'memory consolidate --llm-cmd "claude -p"',
    'AGENT_MEMORY_LLM_CMD="codex exec -" memory consolidate --dry-run --timeout 300',
  ],
  async run({ values, out, io }) {
    const progress = progressFor(values, io, "consolidate");
    const spend = spendOptions(values, io.env, progress, "consolidate");
    if (spend.isErr()) return out.fail(spend.error);
    const llm = await llmFromOptions(values, io.env, "consolidate", progress);
    if (llm.isErr()) return out.fail(llm.error);
    const sessionReaders = await cliSessionReaders(io);
    const opened = await openMemory(values.root, io, {
      llm: llm.value,
      sessionReaders,
      ...spend.value,
    });
    if (opened.isErr()) return out.fail(opened.error);
    const { memory, git } = opened.value;
    // Sessions a hook recorded but could not queue in time are queued first.
    if (values["dry-run"] !== true) await drainHookSpool(memory, opened.value.root, io);
    const before = await memory.list();
    if (before.isErr()) return out.fail(failureFrom(before.error));
    const dryRun = values["dry-run"] === true;
    const abort = abortOnSignals();
    let ran;
    try {
      ran = await memory.consolidate({ dryRun, signal: abort.signal });
    } finally {
      abort.dispose();
    }
    if (ran.isErr()) return out.fail(failureFrom(withStep(ran.error)));
    const report = ran.value;
    const titles = new Map(before.value.map((note) => [note.id, note.title]));
    for (const [id, title] of await titlesOf(memory, report)) titles.set(id, title);
    out.print(report, () =>
      [
        describeConsolidation(report, titles, { git: git !== undefined }),
        ...runSpendLine(report.spend),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});

/** The titles of the notes a run created or updated, as they are now. */
async function titlesOf(memory: Memory, report: ConsolidationReport): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const id of [...report.created, ...report.updated]) {
    const note = await memory.read(id);
    if (note.isOk()) titles.set(id, note.value.title);
  }
  return titles;
}

/** A PIPELINE error's message, made to name the failed step if the library's does not. */
function withStep(error: {
  readonly code: string;
  readonly message: string;
  readonly step?: string;
}): {
  readonly code: string;
  readonly message: string;
} {
  const { step } = error;
  if (step === undefined || error.message.includes(step)) return error;
  return { code: error.code, message: `Consolidation failed at ${step}: ${error.message}` };
}
