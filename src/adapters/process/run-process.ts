/**
 * The one way the adapters run another program (git, a model command, a harness command that
 * prints a session): no shell, so nothing in an argument is ever interpreted; an optional
 * input on stdin; a deadline and an abort signal that stop the program's whole process group;
 * a bound on what is kept of its output; and an environment the caller can scrub.
 *
 * @module
 */
import { spawn, type ChildProcess } from "node:child_process";

/**
 * What is kept of stdout: `whole` keeps everything and stops the run as `too-large` past
 * `maxBytes`; `tail` keeps the last `bytes` and counts the rest, however much is printed.
 *
 * @example
 * ```ts
 * const whole: StdoutKeep = { keep: "whole", maxBytes: 1 << 20 };
 * ```
 */
export type StdoutKeep =
  | { readonly keep: "whole"; readonly maxBytes: number }
  | { readonly keep: "tail"; readonly bytes: number };

/**
 * How to run a program.
 *
 * @example
 * ```ts
 * const options: ProcessRunOptions = { command: "git", args: ["status"], stdout: { keep: "whole", maxBytes: 1 << 20 } };
 * ```
 */
export interface ProcessRunOptions {
  /** The program (looked up on PATH); never a shell line. */
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  /** The complete environment; default this process's. See {@link scrubbedEnv}. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Written to stdin, which is then closed; absent, the program gets no stdin. */
  readonly input?: string;
  /** The program is stopped after this long; absent, it may run as long as it likes. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  readonly stdout: StdoutKeep;
  /** How many bytes of the end of stderr are kept. Default 8 KiB. */
  readonly stderrKeepBytes?: number;
}

/**
 * How a run ended. `stdout` holds what was kept (all of it, or the tail), `stdoutBytes` how
 * much was printed in all; `stderr` is the kept end of stderr, decoded.
 *
 * @example
 * ```ts
 * if (end.kind === "exited" && end.exitCode === 0) text = new TextDecoder().decode(end.stdout);
 * ```
 */
export type ProcessEnd =
  | {
      readonly kind: "exited";
      readonly exitCode: number;
      readonly stdout: Uint8Array;
      readonly stdoutBytes: number;
      readonly stderr: string;
    }
  | {
      readonly kind: "killed";
      readonly signal: string;
      readonly stdout: Uint8Array;
      readonly stdoutBytes: number;
      readonly stderr: string;
    }
  | { readonly kind: "timed-out"; readonly stderr: string }
  | { readonly kind: "aborted"; readonly reason: unknown }
  | { readonly kind: "too-large"; readonly stderr: string }
  | { readonly kind: "spawn-failed"; readonly error: Error };

const DEFAULT_STDERR_KEEP_BYTES = 8192;
/** How long a stopped program has between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 2000;

/**
 * `env` (default: this process's environment) without the variables `names`: what a caller
 * passes when an inherited variable would mislead the program (git's `GIT_DIR` from a hook,
 * say).
 *
 * @example
 * ```ts
 * scrubbedEnv(["GIT_DIR"], { GIT_DIR: "/elsewhere", PATH: "/bin" }); // { PATH: "/bin" }
 * ```
 */
export function scrubbedEnv(
  names: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string | undefined> {
  const kept = { ...env };
  for (const name of names) delete kept[name];
  return kept;
}

/**
 * Runs the program and resolves as soon as the outcome is known; never rejects. On a
 * timeout, an abort or too much output it resolves at once and stops the program's process
 * group (SIGTERM, then SIGKILL {@link KILL_GRACE_MS} later if any of it is still alive), so
 * the grandchildren a wrapper script started stop with it.
 *
 * @example
 * ```ts
 * const end = await runProcess({ command: "node", args: ["-e", "console.log(1)"], timeoutMs: 5000, stdout: { keep: "whole", maxBytes: 4096 } });
 * ```
 */
export function runProcess(options: ProcessRunOptions): Promise<ProcessEnd> {
  return new Promise((resolve) => {
    if (options.signal?.aborted === true) {
      resolve({ kind: "aborted", reason: options.signal.reason });
      return;
    }
    const stdout =
      options.stdout.keep === "tail" ? tailKeeper(options.stdout.bytes) : tailKeeper(Infinity);
    const maxStdout = options.stdout.keep === "whole" ? options.stdout.maxBytes : Infinity;
    const stderr = tailKeeper(options.stderrKeepBytes ?? DEFAULT_STDERR_KEEP_BYTES);
    const stderrText = (): string => Buffer.from(stderr.bytes()).toString("utf8").trim();
    let child: ChildProcess;
    try {
      child = spawn(options.command, [...options.args], {
        stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
        shell: false,
        windowsHide: true,
        // Its own process group (POSIX), so a stop reaches what the program started too.
        detached: process.platform !== "win32",
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.env === undefined ? {} : { env: { ...options.env } }),
      });
    } catch (error) {
      // Arguments Node refuses outright (a NUL byte in an argument, say) throw here.
      resolve({
        kind: "spawn-failed",
        error: error instanceof Error ? error : new Error(String(error)),
      });
      return;
    }
    let settled = false;
    const settle = (end: ProcessEnd): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(end);
    };
    const stopWith = (end: ProcessEnd): void => {
      settle(end);
      stopGroup(child);
    };
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(
            () => stopWith({ kind: "timed-out", stderr: stderrText() }),
            options.timeoutMs,
          );
    const onAbort = (): void => stopWith({ kind: "aborted", reason: options.signal?.reason });
    options.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout?.on("data", (chunk: Buffer) => {
      if (settled) return;
      if (stdout.total() + chunk.length > maxStdout) {
        stopWith({ kind: "too-large", stderr: stderrText() });
        return;
      }
      stdout.push(chunk);
    });
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    if (options.input !== undefined) {
      // The program may exit without reading its input (a usage error, say); the EPIPE that
      // follows is told by the exit status, so it must not become an unhandled 'error' event.
      child.stdin?.on("error", () => undefined);
      child.stdin?.end(options.input);
    }
    // A program that cannot start emits "error" (ENOENT, EACCES) and, depending on the Node
    // version, maybe no "close".
    child.on("error", (error) => {
      if (child.pid === undefined) settle({ kind: "spawn-failed", error });
    });
    child.on("close", (code, signal) => {
      const kept = { stdout: stdout.bytes(), stdoutBytes: stdout.total(), stderr: stderrText() };
      if (code !== null) settle({ kind: "exited", exitCode: code, ...kept });
      else settle({ kind: "killed", signal: signal ?? "unknown signal", ...kept });
    });
  });
}

/** SIGTERM to the child's process group, SIGKILL after the grace if any of it survives. */
function stopGroup(child: ChildProcess): void {
  const { pid } = child;
  if (pid === undefined) return;
  const signalGroup = (signal: NodeJS.Signals): boolean => {
    try {
      // A negative pid names the process group the child leads (detached on POSIX).
      if (process.platform === "win32") return child.kill(signal);
      process.kill(-pid, signal);
      return true;
    } catch {
      // ESRCH: nothing of the group is left.
      return false;
    }
  };
  if (!signalGroup("SIGTERM")) return;
  setTimeout(() => signalGroup("SIGKILL"), KILL_GRACE_MS).unref();
  // A grandchild may hold the pipes open after the child died; stop listening to them.
  child.once("exit", () => {
    child.stdout?.destroy();
    child.stderr?.destroy();
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
      return keep === Infinity ? all : all.subarray(Math.max(0, all.length - keep));
    },
    total: (): number => total,
  };
}
