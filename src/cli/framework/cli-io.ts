/**
 * The process around the CLI: environment, working directory and the three standard
 * streams, passed in so commands never reach for globals and tests can run them in-process.
 *
 * @module
 */

import { isatty } from "node:tty";
import type { OpenedNotes } from "./open-memory.js";

/** What the CLI reads from and writes to its process. */
export interface CliIo {
  /** Environment variables (AGENT_MEMORY_ROOT is read here, nowhere else). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The working directory, absolute. */
  readonly cwd: string;
  /** Writes to stdout, as is. */
  stdout(text: string): void;
  /** Writes to stderr, as is. */
  stderr(text: string): void;
  /** Whether stderr is a terminal (progress lines are shown there by default). Default false. */
  readonly stderrIsTerminal?: boolean;
  /** All of stdin, or undefined when stdin is a terminal (nobody is piping anything in). */
  readStdin(): Promise<string | undefined>;
  /**
   * The notes of a memory this process keeps open (the daemon's), for a command naming its
   * root; undefined, or absent, and the command opens the memory itself.
   */
  readonly heldNotes?: (root: string) => OpenedNotes | undefined;
  /** The command line that runs this CLI (node, its flags, the script), to start a daemon. */
  readonly executable?: readonly string[];
}

/**
 * The io of the running node process.
 *
 * @example
 * ```ts
 * const code = await runCli(process.argv.slice(2), processIo());
 * ```
 */
export function processIo(): CliIo {
  return {
    env: process.env,
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    stderrIsTerminal: isatty(2),
    executable: [process.execPath, ...process.execArgv, ...process.argv.slice(1, 2)],
    readStdin: async () => {
      // A terminal would wait for the user to type and press Ctrl-D; nobody expects that.
      if (isatty(0)) return undefined;
      // The stream's decoder keeps a character split across two chunks whole.
      process.stdin.setEncoding("utf8");
      let text = "";
      for await (const chunk of process.stdin) text += String(chunk);
      return text;
    },
  };
}
