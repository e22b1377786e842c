import * as fs from "node:fs";
import { resolve } from "node:path";
import { fileTarget } from "../../adapters/index.js";
import { generateAgentsMd } from "../../lifecycle/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { plural } from "../render/format.js";
import { openMemory } from "../framework/open-memory.js";

/** `memory agents-md`: writes the memory's section of an AGENTS.md. */
export const agentsMdCommand = defineCommand({
  name: "agents-md",
  usage: "--target PATH [--budget N] [options]",
  description:
    "Writes the memory's section between <!-- agent-memory:start --> and <!-- agent-memory:end -->\n" +
    "in the target file (created if missing; everything outside the markers is kept). Hot notes of\n" +
    "the index note are inlined in full, warm notes listed as links relative to the target. Hot\n" +
    "notes over the budget or over 8192 bytes are listed instead, and the section says so.\n" +
    "An unchanged section is not written. Nothing is committed. Exits 1 when the markers are damaged.",
  options: { ...COMMON_OPTIONS, target: { type: "string" }, budget: { type: "string" } },
  optionHelp: [
    ["--target PATH", "The file to write, relative to the current directory (required)."],
    [
      "--budget N",
      "The section's size in tokens, counted with o200k_base (default 2000); what does not fit is listed by title.",
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    "memory agents-md --root memory --target AGENTS.md",
    "memory agents-md --target ../AGENTS.md --budget 4000 --json",
  ],
  async run({ values, out, io }) {
    const targetOption = values.target;
    if (targetOption === undefined || targetOption.trim() === "") {
      return out.fail(usageFailure("missing --target PATH", "agents-md"));
    }
    const budget = values.budget?.trim();
    if (budget !== undefined && !/^[1-9]\d*$/.test(budget)) {
      return out.fail(usageFailure("--budget takes a whole number of tokens above 0", "agents-md"));
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const target = fileTarget({
      fs,
      path: resolve(io.cwd, targetOption),
      memoryRoot: opened.value.root,
    });
    const result = await generateAgentsMd({
      notes: opened.value.memory,
      tokenizer: opened.value.memory.tokenizer,
      target,
      ...(budget === undefined ? {} : { budgetTokens: Number(budget) }),
    });
    if (result.isErr()) return out.fail(failureFrom(result.error));
    const { written, inlined, listed, demoted, missing, omitted } = result.value;
    out.print(result.value, () =>
      [
        `${written ? "updated" : "unchanged"} ${targetOption}: ${plural(inlined.length, "note")} inlined, ${listed.length} listed` +
          (demoted.length === 0 ? "" : ` (${demoted.length} demoted from hot)`) +
          (omitted.length === 0 ? "" : `, ${omitted.length} left to the index note`) +
          ".",
        ...(missing.length === 0
          ? []
          : [
              `The index note links to ${plural(missing.length, "missing note")}: ${missing.join(", ")} (run "memory doctor").`,
            ]),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
