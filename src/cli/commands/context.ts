import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { parseAgentOption } from "../framework/agent-option.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";

/** `memory context`: what an agent reads at session start. */
export const contextCommand = defineCommand({
  name: "context",
  usage: "[--budget N] [--agent N] [options]",
  description:
    "Prints the last session's next: line (memory pickup), then the hot notes of the index inlined\n" +
    "while they fit in N tokens (o200k_base), then the other hot and the warm notes as links, whole\n" +
    "lines only, and how many more the index note names. Changes nothing.\n" +
    "The Claude Code SessionStart hook prints the same text.",
  options: { ...COMMON_OPTIONS, budget: { type: "string" }, agent: { type: "string" } },
  optionHelp: [
    ["--budget N", "Tokens the context may take (default 1200)."],
    ["--agent N", "Whose session log to pick up from: 0 (default), 1, 2, ..."],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory context", "memory context --budget 500 --json"],
  async run({ values, out, io }) {
    const budget = values.budget === undefined ? undefined : Number(values.budget);
    if (budget !== undefined && (!Number.isInteger(budget) || budget <= 0)) {
      return out.fail(
        usageFailure("--budget takes a whole number of tokens such as 1000", "context"),
      );
    }
    const agent = parseAgentOption(values.agent);
    if (agent === undefined) {
      return out.fail(usageFailure("--agent takes a whole number such as 0 or 1", "context"));
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { sessionContext } = await import("../../lifecycle/index.js");
    const context = await sessionContext(opened.value.memory, {
      agent,
      ...(budget === undefined ? {} : { budget }),
    });
    if (context.isErr()) return out.fail(failureFrom(context.error));
    out.print(context.value, () => context.value.text.trimEnd());
    return EXIT.ok;
  },
});
