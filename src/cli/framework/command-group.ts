/**
 * A command with subcommands (`memory journal add`, `memory journal list`): the group is
 * what the dispatcher sees; it picks the subcommand named by its first argument. Each
 * subcommand is an ordinary {@link defineCommand} command named `<group> <sub>`, so its
 * help, usage errors and `--help` read `memory journal add ...`.
 *
 * @module
 */

import { usageFailure } from "./cli-failure.js";
import { closestTitles } from "../render/closest-titles.js";
import type { Command } from "./command.js";
import { EXIT } from "./exit-codes.js";
import { createOutput } from "../render/output.js";

/** A group as its file declares it. */
export interface CommandGroupSpec {
  /** The word after `memory`. */
  readonly name: string;
  /** What the group is for, a few lines. */
  readonly description: string;
  /** The subcommands, each named `<group> <sub>`. */
  readonly subcommands: readonly Command[];
}

/**
 * Turns subcommands into one command for the dispatcher. Its help lists the subcommands and
 * then shows each one's full help; `memory <group>` alone prints it and exits 2.
 *
 * @example
 * ```ts
 * export const journalCommand = defineCommandGroup({ name: "journal", subcommands: [journalAddCommand, journalListCommand], ... });
 * ```
 */
export function defineCommandGroup(spec: CommandGroupSpec): Command {
  const word = (command: Command): string => command.name.slice(spec.name.length + 1);
  const width = Math.max(...spec.subcommands.map((command) => word(command).length));
  const help = [
    `Usage: memory ${spec.name} <${spec.subcommands.map(word).join("|")}> [options]`,
    "",
    spec.description,
    "",
    "Subcommands:",
    ...spec.subcommands.map(
      (command) => `  ${word(command).padEnd(width)}  ${command.summary ?? ""}`,
    ),
    "",
    ...spec.subcommands.map((command) => command.help),
  ].join("\n");
  return {
    name: spec.name,
    help,
    optionNames: [...new Set(spec.subcommands.flatMap((command) => command.optionNames))],
    async execute(argv, io) {
      const [first, ...rest] = argv;
      if (first === undefined || first === "--help" || first === "-h") {
        io.stdout(help);
        return first === undefined ? EXIT.usage : EXIT.ok;
      }
      const sub = spec.subcommands.find((command) => word(command) === first);
      if (sub !== undefined) return sub.execute(rest, io);
      const out = createOutput(io, argv.includes("--json"));
      if (argv.includes("--help") || argv.includes("-h")) {
        io.stdout(help);
        return EXIT.ok;
      }
      const near = closestTitles(
        first,
        spec.subcommands.map((command) => ({ id: word(command), title: word(command) })),
        1,
      );
      const hint = near[0] === undefined ? "" : ` (did you mean "${near[0].title}"?)`;
      const what = first.startsWith("-")
        ? `put the subcommand first (memory ${spec.name} <subcommand> [options]), not "${first}"`
        : `unknown subcommand "${spec.name} ${first}"${hint}`;
      return out.fail(usageFailure(what, spec.name));
    },
  };
}
