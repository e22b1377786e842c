import { describeAnalysis } from "../render/analysis-summary.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory analyze`: the shape of the memory, without a model and without writing anything. */
export const analyzeCommand = defineCommand({
  name: "analyze",
  usage: "[options]",
  description:
    "Analyzes the link graph and the text of every note, without a model and without changing\n" +
    "anything: counts, the largest clusters of linked notes, pairs of notes saying nearly the same\n" +
    "thing (with their similarity), orphans (nothing links to them) with their age, notes over\n" +
    "8 KB, broken links and short cycles. The text shows the first entries of each list; --json\n" +
    "prints the whole analysis (per-note stats, dead ends, cluster communities) in a stable order.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory analyze", "memory analyze --json --root ~/notes"],
  async run({ values, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const analysis = await opened.value.memory.analyze();
    if (analysis.isErr()) return out.fail(failureFrom(analysis.error));
    out.print(analysis.value, () => describeAnalysis(analysis.value));
    return EXIT.ok;
  },
});
