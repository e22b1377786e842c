/**
 * Running an LLM command once, through the adapters' one process runner: no shell, the
 * input written to stdin, a deadline, an abort signal, and a bound on stdout, so a runaway
 * command can neither hang a consolidation nor exhaust memory.
 */
import { runProcess } from "../process/run-process.js";

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

/**
 * Runs the command and resolves as soon as the outcome is known; never rejects. On a
 * timeout, an abort or too much output it resolves at once and stops the command's process
 * group (SIGTERM, then SIGKILL if it is still alive two seconds later) without waiting for it.
 *
 * @example
 * ```ts
 * const end = await runLlmProcess({ command: "node", args: ["echo.mjs"], input: "hi", timeoutMs: 5000, maxOutputBytes: 4096 });
 * if (end.kind === "answered") answer = end.stdout;
 * ```
 */
export async function runLlmProcess(options: LlmProcessOptions): Promise<LlmProcessEnd> {
  const end = await runProcess({
    command: options.command,
    args: options.args,
    input: options.input,
    timeoutMs: options.timeoutMs,
    stdout: { keep: "whole", maxBytes: options.maxOutputBytes },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  switch (end.kind) {
    case "exited":
      // Decoded once at the end, so a multi-byte character split across chunks survives.
      return end.exitCode === 0
        ? {
            kind: "answered",
            stdout: Buffer.from(end.stdout).toString("utf8"),
            stderrTail: end.stderr,
          }
        : { kind: "exited", exitCode: end.exitCode, stderrTail: end.stderr };
    case "killed":
      return { kind: "killed", signal: end.signal, stderrTail: end.stderr };
    case "timed-out":
    case "too-large":
      return { kind: end.kind, stderrTail: end.stderr };
    case "aborted":
    case "spawn-failed":
      return end;
  }
}
