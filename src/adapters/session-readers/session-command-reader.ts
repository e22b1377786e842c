/**
 * The `command` session reader: runs a harness CLI that prints a session with the entry's
 * thread id, and keeps the end of what it prints. What it printed is read as the format it
 * is: an Amp thread (markdown) by section, a JSON Lines transcript of any format of the
 * registry in formats/detect-format.ts (Claude Code, Codex, Gemini CLI, Cursor, Pi, chat
 * messages) rendered as the `jsonl` reader renders it, anything else as plain text.
 */
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import type { JournalEntry } from "../../model/records/journal-entry.js";
import { InvalidInputError, SessionReadError } from "../../errors.js";
import { budgetProblem } from "../../model/records/session-budget.js";
import type { SessionReader, SessionReadFailure, SessionText } from "../../ports/session-reader.js";
import { fitChunks, markerReserve, type SessionChunk } from "./session-budget.js";
import { runCommand, type CommandRun } from "./session-command-run.js";
import { cleanStart, decodeUtf8, firstNul } from "./session-text.js";
import { safeAsync } from "../../shared/safe-async.js";
import { isAmpMarkdown, renderAmpMarkdown } from "./formats/amp-markdown.js";
import { detectFormat } from "./formats/detect-format.js";
import { parseJsonl } from "./session-jsonl-render.js";

/** Output up to this size is kept whole (an Amp thread is rendered by section). */
const WHOLE_OUTPUT_BYTES = 8 * 1024 * 1024;

/**
 * Options of {@link commandSessionReader}.
 *
 * @example
 * ```ts
 * const options: CommandSessionReaderOptions = {
 *   command: "amp",
 *   args: ["threads", "markdown", "{threadId}"],
 *   timeoutMs: 30_000,
 * };
 * ```
 */
export interface CommandSessionReaderOptions {
  /** The program to run (looked up on PATH); never a shell line. */
  readonly command: string;
  /**
   * Its arguments. `{threadId}` and `{sessionPath}` are replaced by the entry's values;
   * when no argument mentions `{threadId}`, the thread id is appended as the last one.
   */
  readonly args?: readonly string[];
  /** How long the command may run before it is stopped. Default 60 s. */
  readonly timeoutMs?: number;
  /** Working directory; default this process's. */
  readonly cwd?: string;
  /** The command's complete environment; default this process's. */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Reads a session by running a command. A non-zero exit, a timeout or a program that
 * cannot start is a SessionReadError naming the command and quoting its stderr.
 *
 * @example
 * ```ts
 * const amp = commandSessionReader({ command: "amp", args: ["threads", "markdown"], timeoutMs: 30_000 });
 * const session = await amp.read(entry, { budgetBytes: 64 * 1024 });
 * // runs: amp threads markdown T-019c545f
 * ```
 */
export function commandSessionReader(options: CommandSessionReaderOptions): SessionReader {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return {
    read(entry, { budgetBytes, signal }): ResultAsync<SessionText, SessionReadFailure> {
      return safeAsync<SessionText, SessionReadFailure>(
        async () => {
          const budget = budgetProblem(budgetBytes);
          if (budget !== undefined) return err(budget);
          const args = commandArgs(options.args ?? [], entry);
          if (args.isErr()) return err(args.error);
          const source = `command "${[options.command, ...args.value].join(" ")}"`;
          const run = await runCommand({
            command: options.command,
            args: args.value,
            timeoutMs,
            // Enough to hold a whole Amp thread, whose first prompt a cut keeps.
            keepBytes: Math.max(budgetBytes, WHOLE_OUTPUT_BYTES),
            ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
            ...(options.env === undefined ? {} : { env: options.env }),
            ...(signal === undefined ? {} : { signal }),
          });
          const failure = runFailure(run, source, timeoutMs);
          if (failure !== undefined) return err(failure);
          const whole = run.stdoutBytes === run.stdoutTail.length;
          const text = decodeUtf8(run.stdoutTail).text;
          if (whole && isAmpMarkdown(text)) {
            const chunks = renderAmpMarkdown(text);
            if (chunks.length === 0) {
              return err(
                new SessionReadError(
                  `${source} printed an Amp thread with no ## User or ## Assistant section.`,
                ),
              );
            }
            return ok(
              fitChunks(chunks, {
                budgetBytes,
                totalBytes: run.stdoutBytes,
                source,
                warnings: [],
                unreadBytes: 0,
              }),
            );
          }
          const transcript = whole ? renderTranscript(run.stdoutTail) : undefined;
          if (transcript !== undefined) {
            return ok(
              fitChunks(transcript, {
                budgetBytes,
                totalBytes: run.stdoutBytes,
                source,
                warnings: [],
                unreadBytes: 0,
              }),
            );
          }
          return ok(toSessionText(run, source, budgetBytes));
        },
        (cause) =>
          new SessionReadError(`Could not run ${options.command}: ${String(cause)}`, { cause }),
      );
    },
  };
}

/**
 * The arguments for `entry`, placeholders filled in.
 *
 * @example
 * ```ts
 * commandArgs(["show", "{threadId}", "--md"], entry); // Ok(["show", "T-1", "--md"])
 * ```
 */
export function commandArgs(
  template: readonly string[],
  entry: JournalEntry,
): Result<string[], InvalidInputError> {
  const { threadId, sessionPath } = entry.retrieval;
  const values: Record<string, string | undefined> = { threadId, sessionPath };
  const placeholder = /\{(threadId|sessionPath)\}/g;
  const missing = template
    .flatMap((arg) => [...arg.matchAll(placeholder)].map((match) => match[1] ?? ""))
    .find((name) => values[name] === undefined);
  if (missing !== undefined) {
    return err(
      new InvalidInputError(
        `The journal entry has no retrieval.${missing}, which the command needs.`,
      ),
    );
  }
  const filled = template.map((arg) =>
    arg.replaceAll(placeholder, (_, name: string) => values[name] ?? ""),
  );
  if (template.some((arg) => arg.includes("{threadId}"))) return ok(filled);
  if (threadId === undefined) {
    return err(
      new InvalidInputError("The journal entry has no retrieval.threadId for the command to read."),
    );
  }
  return ok([...filled, threadId]);
}

/**
 * The chunks of a JSON Lines transcript of a known format, or undefined when the output is
 * not one (or renders nothing), so it is read as plain text instead.
 */
function renderTranscript(bytes: Uint8Array): SessionChunk[] | undefined {
  const parsed = parseJsonl(bytes, 0);
  if (parsed.lines.length === 0) return undefined;
  const chunks = detectFormat(parsed.lines)?.render(parsed.lines);
  return chunks === undefined || chunks.length === 0 ? undefined : chunks;
}

function runFailure(
  run: CommandRun,
  source: string,
  timeoutMs: number,
): SessionReadError | undefined {
  const stderr = run.stderrTail === "" ? "" : `: ${run.stderrTail.slice(-500)}`;
  if (run.spawnError !== undefined) {
    return new SessionReadError(
      `Could not start ${source} (${run.spawnError.message}); is it installed and on PATH?`,
      {
        cause: run.spawnError,
      },
    );
  }
  if (run.aborted) return new SessionReadError(`Reading the session with ${source} was aborted.`);
  if (run.timedOut)
    return new SessionReadError(
      `${source} did not finish within ${timeoutMs} ms and was stopped${stderr}`,
    );
  if (run.exitCode !== 0) {
    const how =
      run.exitCode === null
        ? `was killed by ${run.killedBy ?? "a signal"}`
        : `exited with code ${run.exitCode}`;
    return new SessionReadError(`${source} ${how}${stderr}`);
  }
  const nul = firstNul(run.stdoutTail);
  if (nul >= 0)
    return new SessionReadError(
      `${source} printed binary output (a NUL byte); it should print the thread as text.`,
    );
  return undefined;
}

function toSessionText(run: CommandRun, source: string, budgetBytes: number): SessionText {
  const total = run.stdoutBytes;
  const room = total <= budgetBytes ? total : Math.max(0, budgetBytes - markerReserve(source));
  const tail = run.stdoutTail.subarray(
    run.stdoutTail.length - Math.min(room, run.stdoutTail.length),
  );
  const start = total - tail.length;
  const skip = start > 0 ? cleanStart(tail) : 0;
  const { text, invalid } = decodeUtf8(tail.subarray(skip));
  const warnings = invalid
    ? ["the command printed invalid UTF-8; bad bytes were replaced with U+FFFD"]
    : [];
  const chunk = { text, offset: start + skip, sourceBytes: tail.length - skip };
  return fitChunks([chunk], { budgetBytes, totalBytes: total, source, warnings });
}
