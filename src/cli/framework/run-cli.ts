/**
 * The dispatcher: picks the command named by the first argument and runs it. Everything
 * the process provides comes in through {@link CliIo}, so this runs in-process in tests too.
 *
 * @module
 */

import { usageFailure } from "./cli-failure.js";
import type { CliIo } from "./cli-io.js";
import { COMMANDS } from "../commands/index.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { createOutput } from "../render/output.js";
import { ROOT_VARIABLE } from "./root-variable.js";
import { packageVersion } from "./version.js";

/**
 * Runs the CLI on `argv` (the arguments after the executable) and returns the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await runCli(process.argv.slice(2), processIo());
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const topic =
      name === "help" ? COMMANDS.find((command) => command.name === rest[0]) : undefined;
    io.stdout(topic === undefined ? mainHelp() : (await topic.load()).help);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === "--version" || name === "-v") {
    io.stdout(`${packageVersion()}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    const out = createOutput(io, argv.includes("--json"));
    if (name.startsWith("-")) {
      return out.fail(
        usageFailure(`put the command first (memory <command> [options]), not "${name}"`),
      );
    }
    // Loaded here only: it brings the model, which help and --version never need.
    const { closestTitles } = await import("../render/closest-titles.js");
    const near = closestTitles(
      name,
      COMMANDS.map((candidate) => ({ id: candidate.name, title: candidate.name })),
      1,
    );
    const hint = near[0] === undefined ? "" : ` (did you mean "${near[0].title}"?)`;
    return out.fail(usageFailure(`unknown command "${name}"${hint}`));
  }
  return (await command.load()).execute(rest, io);
}

/** The text of `memory --help`: every command with its one-line summary. */
export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    "Usage: memory <command> [options]",
    "",
    "A durable memory of linked markdown notes in git. Ids work with or without the id__ prefix.",
    "",
    "Commands:",
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    "",
    "Every command takes:",
    `  --root PATH  The memory root. Default: $${ROOT_VARIABLE}, else the current directory.`,
    "  --json       Print JSON for programs instead of text.",
    "  -h, --help   Show the command's options and examples.",
    "memory --version prints the version.",
    "Commands that change files commit them (when the root is in a git repository) unless --no-commit;",
    "journal add and log do not: the consolidation that consumes what they wrote commits it.",
    "",
    "Exit codes: 0 success, 1 refused or failed (or doctor found problems), 2 bad usage.",
    "",
    "Examples:",
    "  memory init --root ~/notes",
    '  memory capture "Igor is a designer" --tag people --body "Works on the console app."',
    "  memory list --status active",
    "  memory show Kf9mNp",
    "  memory search igor designer",
    "  memory journal add --harness amp --thread T-019c545f --cwd . --repo acme/console",
    '  memory consolidate --llm-cmd "claude -p"',
    "  memory capture --help",
    "",
  ].join("\n");
}
