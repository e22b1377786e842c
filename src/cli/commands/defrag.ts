import { abortOnSignals } from "../framework/abort-on-signals.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { describeDefrag } from "../render/defrag-summary.js";
import { runSpendLine } from "../render/spend-lines.js";
import { EXIT } from "../framework/exit-codes.js";
import { LLM_COMMAND_VARIABLE } from "../framework/llm-command-line.js";
import { LLM_OPTION_HELP, LLM_OPTIONS, llmFromOptions } from "../framework/llm-options.js";
import { progressFor } from "../framework/llm-progress.js";
import { budgetAdvice, spendOptions } from "../framework/budget-options.js";
import { openMemory } from "../framework/open-memory.js";

/** `memory defrag`: lets a model reorganise the notes and the index note's tiers. */
export const defragCommand = defineCommand({
  name: "defrag",
  usage: "[--llm-cmd COMMAND] [--dry-run] [--timeout SECONDS] [--max-tokens N] [options]",
  description:
    "Commits any uncommitted change as a snapshot, analyzes the memory, shows the model the notes\n" +
    "and the findings (cluster by cluster), and checks its decision before anything changes: every\n" +
    "id exists, one action per note, no new broken link, at most 20% archived and 10% merged away,\n" +
    "at most 12 hot and 60 warm notes. Each action breaking a rule is refused and listed with the\n" +
    "rule; the rest (merge, split, rename, archive, relink, retag: nothing is ever deleted) are\n" +
    "applied, the index note's ## Hot and ## Warm lists rewritten, and all committed once. When\n" +
    "more than half the actions are refused, nothing is applied: the proposal is saved under\n" +
    ".agent-memory/defrag-held/ for review and the command exits 1. " +
    `The model is --llm-cmd, else $${LLM_COMMAND_VARIABLE}, as for consolidate. Ctrl-C stops cleanly.`,
  options: { ...COMMON_OPTIONS, ...LLM_OPTIONS, "dry-run": { type: "boolean" } },
  optionHelp: [
    ...LLM_OPTION_HELP,
    ["--dry-run", "Ask the model and show the validated plan; change nothing, commit nothing."],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    'memory defrag --llm-cmd "claude -p" --dry-run',
    'AGENT_MEMORY_LLM_CMD="codex exec -" memory defrag --timeout 900 --json',
  ],
  async run({ values, out, io }) {
    const progress = progressFor(values, io, "defrag");
    const spend = spendOptions(values, io.env, progress, "defrag");
    if (spend.isErr()) return out.fail(spend.error);
    const llm = await llmFromOptions(values, io.env, "defrag", progress);
    if (llm.isErr()) return out.fail(llm.error);
    const opened = await openMemory(values.root, io, { llm: llm.value, ...spend.value });
    if (opened.isErr()) return out.fail(opened.error);
    const { memory, git } = opened.value;
    const before = await memory.list();
    if (before.isErr()) return out.fail(failureFrom(before.error));
    const dryRun = values["dry-run"] === true;
    const abort = abortOnSignals();
    let ran;
    try {
      // The library's dry run commits nothing, not even the snapshot.
      ran = await memory.defrag({ dryRun, signal: abort.signal });
    } finally {
      abort.dispose();
    }
    if (ran.isErr()) return out.fail(failureFrom(ran.error));
    const report = ran.value;
    const titles = new Map(before.value.map((note) => [note.id, note.title]));
    out.print(report, () =>
      [
        describeDefrag(report, titles, { git: git !== undefined }),
        ...runSpendLine(report.spend),
      ].join("\n"),
    );
    // A run the cap stopped kept its first batches and is not finished: say what to do.
    if (report.budgetStop !== undefined) {
      io.stderr(budgetAdvice("defrag", report.budgetStop));
      return EXIT.failed;
    }
    // A held run applied nothing: a scheduled job must notice it.
    return report.held === true ? EXIT.failed : EXIT.ok;
  },
});
