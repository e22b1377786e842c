/**
 * How a command is declared: its node:util parseArgs options, its help text (every option
 * documented, with examples) and a run function returning an exit code. {@link defineCommand}
 * does the parts every command shares: parsing, `--help`, argument counts, usage errors.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { usageFailure } from "./cli-failure.js";
import type { CliIo } from "./cli-io.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { createOutput, type Output } from "../render/output.js";
import { messageOf } from "../../shared/message-of.js";

/** The `options` of a parseArgs config. */
export type OptionsConfig = NonNullable<ParseArgsConfig["options"]>;

/** Options every command takes. */
export const COMMON_OPTIONS = {
  root: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionsConfig;

/** Options of the commands that change files (and so commit). */
export const COMMIT_OPTIONS = {
  ...COMMON_OPTIONS,
  "no-commit": { type: "boolean" },
} as const satisfies OptionsConfig;

/** One line of an Options section: the flag as typed, and what it does. */
export type OptionHelp = readonly [flag: string, text: string];

const COMMON_HELP: readonly OptionHelp[] = [
  ["--root PATH", "The memory root. Default: $AGENT_MEMORY_ROOT, else the current directory."],
  ["--json", "Print JSON for programs instead of text."],
  ["-h, --help", "Show this help."],
];

const COMMIT_HELP: OptionHelp = [
  "--no-commit",
  "Change the files but do not commit them (default: one git commit, when the root is in a repository).",
];

// A function (not a bare parseArgs call) so its return type can be named per options config.
function parseCommandLine<O extends OptionsConfig>(args: string[], options: O) {
  return parseArgs({ args, options, allowPositionals: true, strict: true });
}

/** The parsed values of a command's options. */
export type OptionValues<O extends OptionsConfig> = ReturnType<
  typeof parseCommandLine<O>
>["values"];

/** What a command's run function receives. */
export interface CommandInvocation<O extends OptionsConfig> {
  readonly values: OptionValues<O>;
  readonly positionals: readonly string[];
  readonly out: Output;
  readonly io: CliIo;
}

/** A command as its file declares it. */
export interface CommandSpec<O extends OptionsConfig> {
  /** The word after `memory`. */
  readonly name: string;
  /**
   * A subcommand's line in its group's help. A top-level command's summary lives in the
   * command registry (commands/index.ts), which `memory --help` reads without loading it.
   */
  readonly summary?: string;
  /** The arguments after the name, e.g. `<id> [--force]`. */
  readonly usage: string;
  /** What the command does, a few lines. */
  readonly description: string;
  /** parseArgs options, including {@link COMMON_OPTIONS} (or {@link COMMIT_OPTIONS}). */
  readonly options: O;
  /** Help for the command's own options (the common ones are added). */
  readonly optionHelp: readonly OptionHelp[];
  /** How many positional arguments it takes; `max` undefined means any number. */
  readonly positionals: { readonly min: number; readonly max: number | undefined };
  /** Complete command lines, shown under Examples. */
  readonly examples: readonly string[];
  run(context: CommandInvocation<O>): Promise<ExitCode>;
}

/** A command, ready for the dispatcher. */
export interface Command {
  readonly name: string;
  /** A subcommand's one line (see {@link CommandSpec.summary}). */
  readonly summary?: string;
  /** The full `--help` text. */
  readonly help: string;
  /** Every long option it accepts (without `--`), for tests that check the help covers them. */
  readonly optionNames: readonly string[];
  /** Parses `argv` (the arguments after the command name), runs, and returns the exit code. */
  execute(argv: readonly string[], io: CliIo): Promise<ExitCode>;
}

/**
 * Turns a spec into a command.
 *
 * @example
 * ```ts
 * export const orphansCommand = defineCommand({ name: "orphans", options: COMMON_OPTIONS, ... });
 * ```
 */
export function defineCommand<O extends OptionsConfig>(spec: CommandSpec<O>): Command {
  const help = helpText(spec);
  return {
    name: spec.name,
    ...(spec.summary === undefined ? {} : { summary: spec.summary }),
    help,
    optionNames: Object.keys(spec.options),
    async execute(argv, io) {
      const before = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
      const out = createOutput(io, before.includes("--json"));
      // --help wins over every other mistake on the line, as in git and npm.
      if (before.includes("--help") || before.includes("-h")) {
        io.stdout(help);
        return EXIT.ok;
      }
      let parsed: ReturnType<typeof parseCommandLine<O>>;
      try {
        parsed = parseCommandLine([...argv], spec.options);
      } catch (cause) {
        return out.fail(usageFailure(describeParseError(cause), spec.name));
      }
      const { positionals } = parsed;
      const { min, max } = spec.positionals;
      if (positionals.length < min) {
        return out.fail(
          usageFailure(`missing argument: memory ${spec.name} ${spec.usage}`, spec.name),
        );
      }
      if (max !== undefined && positionals.length > max) {
        const extra = positionals
          .slice(max)
          .map((arg) => JSON.stringify(arg))
          .join(" ");
        return out.fail(usageFailure(`unexpected argument ${extra} for "${spec.name}"`, spec.name));
      }
      return spec.run({ values: parsed.values, positionals, out, io });
    },
  };
}

function helpText<O extends OptionsConfig>(spec: CommandSpec<O>): string {
  const options = [
    ...spec.optionHelp,
    ...("no-commit" in spec.options ? [COMMIT_HELP] : []),
    ...COMMON_HELP,
  ];
  const width = Math.max(...options.map(([flag]) => flag.length));
  return [
    `Usage: memory ${spec.name} ${spec.usage}`,
    "",
    spec.description,
    "",
    "Options:",
    ...options.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`),
    "",
    "Examples:",
    ...spec.examples.map((example) => `  ${example}`),
    "",
  ].join("\n");
}

/** node:util's parse errors, reworded into one short line. */
function describeParseError(cause: unknown): string {
  const message = messageOf(cause);
  const code = typeof cause === "object" && cause !== null && "code" in cause ? cause.code : "";
  const option = /'(-[^' ]+)/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option !== undefined) {
    return `unknown option ${option}`;
  }
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option !== undefined) {
    return /argument missing/.test(message)
      ? `option ${option} needs a value`
      : `option ${option} takes no value`;
  }
  return message.split("\n")[0] ?? message;
}
