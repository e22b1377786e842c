/**
 * Running an LLM command once: no shell (arguments go straight to the program), the input
 * written to stdin, a deadline, an abort signal, and a bound on stdout, so a runaway
 * command can neither hang a consolidation nor exhaust memory.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

/**
 * How to run the command.
 *
 * @example
 * ```ts
 * const run: LlmProcessOptions = { command: "claude", args: ["-p"], input: "Say hi", timeoutMs: 60_000, maxOutputBytes: 1 << 20 };
 * ```
 */
export interface LlmProcessOptions {
  readonly command: string;
  readonly args: readonly string[];
  /** Written to stdin, which is then closed. */
  readonly input: string;
  readonly timeoutMs: number;
  /** Stdout beyond this many bytes stops the process. */
  readonly maxOutputBytes: number;
  readonly cwd?: string;
  /** The complete environment; default: this process's. */
  readonly env?: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
}

/**
 * How the run ended. `stderrTail` is the end of what the command wrote to stderr.
 *
 * @example
 * ```ts
 * if (end.kind === "exited") console.error(end.exitCode, end.stderrTail);
 * ```
 */
export type LlmProcessEnd =
  | { readonly kind: "answered"; readonly stdout: string; readonly stderrTail: string }
  | { readonly kind: "exited"; readonly exitCode: number; readonly stderrTail: string }
  | { readonly kind: "killed"; readonly signal: string; readonly stderrTail: string }
  | { readonly kind: "timed-out"; readonly stderrTail: string }
  | { readonly kind: "aborted"; readonly reason: unknown }
  | { readonly kind: "too-large"; readonly stderrTail: string }
  | { readonly kind: "spawn-failed"; readonly error: Error };

const STDERR_KEEP_BYTES = 8192;
const KILL_GRACE_MS = 2000;

/**
 * Runs the command and resolves as soon as the outcome is known; never rejects. On a
 * timeout, an abort or too much output it resolves at once and stops the process (SIGTERM,
 * then SIGKILL if it is still alive two seconds later) without waiting for it.
 *
 * @example
 * ```ts
 * const end = await runLlmProcess({ command: "node", args: ["echo.mjs"], input: "hi", timeoutMs: 5000, maxOutputBytes: 4096 });
 * if (end.kind === "answered") answer = end.stdout;
 * ```
 */
export function runLlmProcess(options: LlmProcessOptions): Promise<LlmProcessEnd> {
  return new Promise((resolve) => {
    if (options.signal?.aborted === true) {
      resolve({ kind: "aborted", reason: options.signal.reason });
      return;
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let settled = false;
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(options.command, [...options.args], {
        stdio: ["pipe", "pipe", "pipe"],
        shell: false,
        windowsHide: true,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.env === undefined ? {} : { env: { ...options.env } }),
      });
    } catch (error) {
      // Arguments Node refuses outright (a NUL byte in the system prompt, say) throw here.
      resolve({
        kind: "spawn-failed",
        error: error instanceof Error ? error : new Error(String(error)),
      });
      return;
    }
    const stderrTail = (): string => stderr.toString("utf8").trim();

    const settle = (end: LlmProcessEnd): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(end);
    };
    const stop = (): void => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }, KILL_GRACE_MS).unref();
      // A grandchild may keep the pipes open after the child died; stop listening to them.
      child.once("exit", () => {
        child.stdout.destroy();
        child.stderr.destroy();
      });
    };
    const stopWith = (end: LlmProcessEnd): void => {
      settle(end);
      stop();
    };
    const timer = setTimeout(
      () => stopWith({ kind: "timed-out", stderrTail: stderrTail() }),
      options.timeoutMs,
    );
    const onAbort = (): void => stopWith({ kind: "aborted", reason: options.signal?.reason });
    options.signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout.on("data", (chunk: Buffer) => {
      if (settled) return;
      stdoutBytes += chunk.length;
      if (stdoutBytes > options.maxOutputBytes) {
        stopWith({ kind: "too-large", stderrTail: stderrTail() });
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      const joined = Buffer.concat([stderr, chunk]);
      stderr = joined.subarray(Math.max(0, joined.length - STDERR_KEEP_BYTES));
    });
    // The command may exit without reading its input (a usage error, say); the EPIPE that
    // follows is told by the exit status, so it must not become an unhandled 'error' event.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input);

    // A program that cannot start emits "error" (ENOENT, EACCES) and, depending on the Node
    // version, maybe no "close".
    child.on("error", (error) => {
      if (child.pid === undefined) settle({ kind: "spawn-failed", error });
    });
    child.on("close", (code, signal) => {
      if (code === 0) {
        // Decoded once at the end, so a multi-byte character split across chunks survives.
        settle({
          kind: "answered",
          stdout: Buffer.concat(stdout).toString("utf8"),
          stderrTail: stderrTail(),
        });
      } else if (code !== null) {
        settle({ kind: "exited", exitCode: code, stderrTail: stderrTail() });
      } else {
        settle({ kind: "killed", signal: signal ?? "unknown signal", stderrTail: stderrTail() });
      }
    });
  });
}
