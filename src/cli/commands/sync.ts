import * as fs from "node:fs";
import { resolve } from "node:path";
import { fileTarget, mergeLogEnd, mergesSince } from "../../adapters/index.js";
import type { RunReport } from "../../lifecycle/index.js";
import type { Memory } from "../../index.js";
import { abortOnSignals } from "../framework/abort-on-signals.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { LLM_COMMAND_VARIABLE } from "../framework/llm-command-line.js";
import { LLM_OPTION_HELP, LLM_OPTIONS, llmFromOptions } from "../framework/llm-options.js";
import { progressFor } from "../framework/llm-progress.js";
import { budgetAdvice, spendOptions } from "../framework/budget-options.js";
import { openMemory } from "../framework/open-memory.js";
import { drainHookSpool } from "../hooks/hook-spool.js";
import { describeSync } from "../render/sync-summary.js";
import { cliSessionReaders } from "../framework/cli-session-readers.js";
import { ensureMergeDriver } from "../framework/merge-driver-setup.js";
import { repositoryFreeEnv } from "../framework/open-memory.js";
import { headOf, marksSince } from "../framework/merge-marks-since.js";
import { describeMarked } from "../render/marked-summary.js";
import { describeMerged } from "../render/merged-summary.js";

/** `memory sync`: the whole lifecycle in one run. */
export const syncCommand = defineCommand({
  name: "sync",
  usage:
    "[--llm-cmd COMMAND] [--agents-md PATH]... [--defrag-every N] [--defrag-days D] [--timeout SECONDS] [--max-tokens N] [options]",
  description:
    "Runs the memory's lifecycle: commits changes made by hand, pulls (a merge; a conflict stops the\n" +
    "run before anything else changes), consolidates the pending sessions, defrags when it is due\n" +
    "(after N consolidations, or D days since the last defrag once something was consolidated),\n" +
    "rewrites the memory's section of each --agents-md file, commits and pushes. The model is\n" +
    `--llm-cmd, else $${LLM_COMMAND_VARIABLE}, as for consolidate. A failed step exits 1 naming the\n` +
    "step; what the steps before it committed stays committed. Ctrl-C stops cleanly.",
  options: {
    ...COMMON_OPTIONS,
    ...LLM_OPTIONS,
    "agents-md": { type: "string", multiple: true },
    "defrag-every": { type: "string" },
    "defrag-days": { type: "string" },
  },
  optionHelp: [
    ...LLM_OPTION_HELP,
    [
      "--agents-md PATH",
      "A file to write the hot and warm notes into, relative to the current directory; repeatable.",
    ],
    ["--defrag-every N", "Defrag after N consolidations that consumed something (default 5)."],
    [
      "--defrag-days D",
      "Or after D days since the last defrag, if anything was consolidated since (default 7).",
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    'memory sync --llm-cmd "claude -p" --agents-md AGENTS.md --root memory',
    'AGENT_MEMORY_LLM_CMD="codex exec -" memory sync --agents-md ../AGENTS.md --agents-md ../CLAUDE.md',
    'memory sync --llm-cmd "claude -p" --defrag-every 1 --json',
  ],
  async run({ values, out, io }) {
    const every = values["defrag-every"]?.trim();
    if (every !== undefined && !/^[1-9]\d{0,5}$/.test(every)) {
      return out.fail(usageFailure("--defrag-every takes a whole number from 1 to 999999", "sync"));
    }
    const days = values["defrag-days"]?.trim();
    if (days !== undefined && !(/^\d+(\.\d+)?$/.test(days) && Number(days) > 0)) {
      return out.fail(usageFailure("--defrag-days takes a number of days above 0", "sync"));
    }
    const targets = values["agents-md"] ?? [];
    if (targets.some((target) => target.trim() === "")) {
      return out.fail(usageFailure("--agents-md needs a file path", "sync"));
    }
    const progress = progressFor(values, io, "sync");
    const spend = spendOptions(values, io.env, progress, "sync");
    if (spend.isErr()) return out.fail(spend.error);
    const llm = await llmFromOptions(values, io.env, "sync", progress);
    if (llm.isErr()) return out.fail(llm.error);
    const sessionReaders = await cliSessionReaders(io);
    const opened = await openMemory(values.root, io, {
      llm: llm.value,
      sessionReaders,
      ...spend.value,
    });
    if (opened.isErr()) return out.fail(opened.error);
    const { memory, git, root } = opened.value;
    // Before the pull: this clone merges notes, the index, logs and journal files by meaning.
    if (git !== undefined) await ensureMergeDriver(root, memory, repositoryFreeEnv(io.env));
    // Sessions a hook recorded but could not queue in time are queued first.
    await drainHookSpool(memory, root, io);
    const before = await memory.list();
    if (before.isErr()) return out.fail(failureFrom(before.error));
    // The places this run's merges mark are found afterwards: git drops the driver's output.
    const gitEnv = repositoryFreeEnv(io.env);
    const startedAt = git === undefined ? undefined : await headOf(root, gitEnv);
    const markedByRun = () =>
      git === undefined ? Promise.resolve([]) : marksSince(root, gitEnv, startedAt);
    // And the files they merged by meaning, from the record the driver and the pull keep.
    const logEnd = await mergeLogEnd(root);
    const abort = abortOnSignals();
    let ran;
    try {
      ran = await memory.run({
        agentsMd: targets.map((target) => ({
          target: fileTarget({ fs, path: resolve(io.cwd, target), memoryRoot: root }),
        })),
        defragEvery: {
          ...(every === undefined ? {} : { consolidations: Number(every) }),
          ...(days === undefined ? {} : { days: Number(days) }),
        },
        signal: abort.signal,
      });
    } finally {
      abort.dispose();
    }
    if (ran.isErr()) {
      // The failed step, and what the steps before it merged or committed (kept, not undone).
      const { step, done, cause } = ran.error;
      // A cap that stopped the run is BUDGET, whichever step it stopped.
      const budget = cause instanceof Error && "code" in cause && cause.code === "BUDGET";
      const failure = failureFrom(ran.error);
      // A merge that was kept before a later step failed may have marked places too.
      const marked = await markedByRun();
      if (marked.length > 0 && !values.json) io.stderr(`${describeMarked(marked)}\n`);
      // A pull that stopped undid its merge: what its driver merged was undone with it.
      const merged = step === "pull" ? [] : await mergesSince(root, logEnd);
      if (merged.length > 0 && !values.json) io.stderr(`${describeMerged(merged)}\n`);
      return out.fail({
        ...failure,
        ...(budget ? { code: "BUDGET" } : {}),
        details: {
          step,
          ...(done && { done }),
          ...(marked.length > 0 && { marked }),
          ...(merged.length > 0 && { merged }),
        },
      });
    }
    const report = ran.value;
    const titles = new Map(before.value.map((note) => [note.id, note.title]));
    for (const [id, title] of await titlesOf(memory, report)) titles.set(id, title);
    const marked = await markedByRun();
    const merged = await mergesSince(root, logEnd);
    out.print({ ...report, merged, marked }, () =>
      [
        describeSync(report, titles, targets, { git: git !== undefined }),
        describeMerged(merged),
        describeMarked(marked),
      ]
        .filter((part) => part !== "")
        .join("\n"),
    );
    // A defrag the cap stopped kept its first batches and stays due: say what to do.
    if (report.defrag?.budgetStop !== undefined) {
      io.stderr(budgetAdvice("sync", report.defrag.budgetStop));
      return EXIT.failed;
    }
    return EXIT.ok;
  },
});

/** The titles of the notes the run created or updated, as they are now. */
async function titlesOf(memory: Memory, report: RunReport): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  const { consolidation, defrag } = report;
  for (const id of [
    ...consolidation.created,
    ...consolidation.updated,
    ...(defrag?.created ?? []),
  ]) {
    const note = await memory.read(id);
    if (note.isOk()) titles.set(id, note.value.title);
  }
  return titles;
}
