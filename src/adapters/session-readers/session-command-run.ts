/**
 * Running a harness command that prints a session: no shell (arguments go straight to the
 * program, so a thread id is never interpreted), a deadline, and only the tail of stdout
 * kept, so a command that prints gigabytes cannot exhaust memory.
 */
import { spawn } from "node:child_process";

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
const KILL_GRACE_MS = 2000;

/**
 * Runs the command and resolves when it has ended; never rejects.
 *
 * @example
 * ```ts
 * const run = await runCommand({ command: "node", args: ["print.js"], timeoutMs: 5000, keepBytes: 4096 });
 * ```
 */
export function runCommand(options: CommandRunOptions): Promise<CommandRun> {
  return new Promise((resolve) => {
    const stdout = tailKeeper(options.keepBytes);
    const stderr = tailKeeper(STDERR_KEEP);
    let timedOut = false;
    let aborted = false;
    let spawnError: Error | undefined;
    const child = spawn(options.command, [...options.args], {
      stdio: ["ignore", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.env === undefined ? {} : { env: { ...options.env } }),
    });
    const stop = (): void => {
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS).unref();
      // A grandchild may hold the pipes open after the child died; do not wait for it.
      child.once("exit", () => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutMs);
    const onAbort = (): void => {
      aborted = true;
      stop();
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted === true) onAbort();
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    const finish = (code: number | null, signal: string | null): void => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve({
        exitCode: code,
        killedBy: signal,
        stdoutTail: stdout.bytes(),
        stdoutBytes: stdout.total(),
        stderrTail: Buffer.from(stderr.bytes()).toString("utf8").trim(),
        timedOut,
        aborted,
        spawnError,
      });
    };
    // A program that cannot start emits "error" and, depending on the Node version, maybe
    // no "close"; resolving twice is harmless, so settle on whichever comes first.
    child.on("error", (error) => {
      spawnError = error;
      if (child.pid === undefined) finish(null, null);
    });
    child.on("close", finish);
  });
}

/** Keeps the last `keep` bytes of a stream and counts all of them. */
function tailKeeper(keep: number) {
  const chunks: Buffer[] = [];
  let kept = 0;
  let total = 0;
  return {
    push(chunk: Buffer): void {
      chunks.push(chunk);
      kept += chunk.length;
      total += chunk.length;
      for (
        let first = chunks[0];
        first !== undefined && kept - first.length >= keep;
        first = chunks[0]
      ) {
        chunks.shift();
        kept -= first.length;
      }
    },
    bytes(): Uint8Array {
      const all = Buffer.concat(chunks);
      return all.subarray(Math.max(0, all.length - keep));
    },
    total: (): number => total,
  };
}
