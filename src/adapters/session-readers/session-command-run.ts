/**
 * Running a harness command that prints a session, through the adapters' one process runner:
 * no shell (a thread id is never interpreted), a deadline, and only the tail of stdout kept,
 * so a command that prints gigabytes cannot exhaust memory.
 */
import { runProcess } from "../process/run-process.js";

/**
 * How to run the command.
 *
 * @example
 * ```ts
 * const run: CommandRunOptions = { command: "amp", args: ["threads", "markdown", "T-1"], timeoutMs: 30_000, keepBytes: 65_536 };
 * ```
 */
export interface CommandRunOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly timeoutMs: number;
  /** How many bytes of the end of stdout to keep. */
  readonly keepBytes: number;
  readonly cwd?: string;
  /** The complete environment; default: this process's. */
  readonly env?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * How the run ended.
 *
 * @example
 * ```ts
 * if (run.exitCode !== 0) console.error(run.stderrTail);
 * ```
 */
export interface CommandRun {
  /** Exit code, or null when the process was killed by a signal or never started. */
  readonly exitCode: number | null;
  readonly killedBy: string | null;
  /** The last `keepBytes` bytes of stdout. */
  readonly stdoutTail: Uint8Array;
  /** All bytes written to stdout. */
  readonly stdoutBytes: number;
  /** The end of stderr, for error messages. */
  readonly stderrTail: string;
  readonly timedOut: boolean;
  readonly aborted: boolean;
  /** Why the process could not be started (ENOENT for a missing program, ...). */
  readonly spawnError: Error | undefined;
}

const STDERR_KEEP = 2048;
const NOTHING = new Uint8Array(0);

/**
 * Runs the command and resolves when its outcome is known; never rejects. A timeout or an
 * abort stops its process group and resolves at once.
 *
 * @example
 * ```ts
 * const run = await runCommand({ command: "node", args: ["print.js"], timeoutMs: 5000, keepBytes: 4096 });
 * ```
 */
export async function runCommand(options: CommandRunOptions): Promise<CommandRun> {
  const end = await runProcess({
    command: options.command,
    args: options.args,
    timeoutMs: options.timeoutMs,
    stdout: { keep: "tail", bytes: options.keepBytes },
    stderrKeepBytes: STDERR_KEEP,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const none = {
    exitCode: null,
    killedBy: null,
    stdoutTail: NOTHING,
    stdoutBytes: 0,
    stderrTail: "",
    timedOut: false,
    aborted: false,
    spawnError: undefined,
  };
  switch (end.kind) {
    case "exited":
    case "killed":
      return {
        ...none,
        exitCode: end.kind === "exited" ? end.exitCode : null,
        killedBy: end.kind === "killed" ? end.signal : null,
        stdoutTail: end.stdout,
        stdoutBytes: end.stdoutBytes,
        stderrTail: end.stderr,
      };
    case "timed-out":
      return { ...none, stderrTail: end.stderr, timedOut: true };
    case "too-large":
      // Not reached: only the tail of stdout is kept, so no amount of it is too much.
      return { ...none, stderrTail: end.stderr, killedBy: "too much output" };
    case "aborted":
      return { ...none, aborted: true };
    case "spawn-failed":
      return { ...none, spawnError: end.error };
  }
}
