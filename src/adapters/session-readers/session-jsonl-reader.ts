/**
 * The `jsonl` session reader: transcripts with one JSON object per line, in any format of
 * formats/ (Claude Code, Codex rollouts and `exec --json` streams, Gemini CLI, Cursor, Pi,
 * plain chat messages). The format is detected from the first lines; a file of no known
 * format, or one that renders nothing, is an error naming what was expected and what was
 * found, so consolidation never consumes a session it could not read. Rendered text is far
 * smaller than the raw JSON, so it reads the head (for the format and the first prompt) and a
 * window from the end, widening the window only while the rendered text is short of the budget.
 */
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import { SessionReadError } from "../../errors.js";
import {
  type SessionReader,
  type SessionReadFailure,
  type SessionText,
} from "../../ports/session-reader.js";
import { describeUnknown, detectFormat, knownFormats } from "./formats/detect-format.js";
import type { ParsedLine, TranscriptFormat } from "./formats/transcript-format.js";
import { firstTaskPrompt, fitChunks, type SessionChunk } from "./session-budget.js";
import { defaultSessionFs, readRange, type SessionFs } from "./session-fs.js";
import { parseJson, parseJsonl, type ParsedJsonl } from "./session-jsonl-render.js";
import { aborted, binaryContent, readFailure, locateTranscript } from "./session-source.js";
import { decodeUtf8, firstNul } from "./session-text.js";
import { safeAsync } from "../../shared/safe-async.js";

/**
 * Options of {@link jsonlSessionReader}.
 *
 * @example
 * ```ts
 * const options: JsonlSessionReaderOptions = { fs: memfs().fs, maxScanBytes: 16 * 1024 * 1024 };
 * ```
 */
export interface JsonlSessionReaderOptions {
  /** Where transcripts are read from; default node:fs. */
  readonly fs?: SessionFs;
  /**
   * The folders transcripts may be read from; a journal entry pointing elsewhere is refused
   * with SESSION_READ. Default: anywhere. Pass them whenever journal entries can come from
   * someone else (a synced memory): an entry could otherwise name any file on this machine.
   */
  readonly allowedRoots?: readonly string[];
  /** The most raw bytes read from the end of a transcript. Default 64 MiB. */
  readonly maxScanBytes?: number;
}

const MIN_WINDOW = 256 * 1024;

/**
 * Reads `retrieval.sessionPath` as JSON Lines: prompts and replies kept whole under their
 * role, each tool call and result on one line, thinking, injected context and bookkeeping
 * dropped, non-JSON lines counted in `warnings`. Within the budget it keeps the first user
 * prompt and the newest part.
 *
 * @example
 * ```ts
 * const reader = jsonlSessionReader();
 * const entry = { ...base, retrieval: { method: "jsonl", sessionPath: "/home/me/.claude/projects/p/s.jsonl" } };
 * const session = await reader.read(entry, { budgetBytes: 64 * 1024 });
 * ```
 */
export function jsonlSessionReader(options: JsonlSessionReaderOptions = {}): SessionReader {
  const fs = options.fs ?? defaultSessionFs;
  const maxScan = options.maxScanBytes ?? 64 * 1024 * 1024;
  return {
    read(entry, { budgetBytes, signal }): ResultAsync<SessionText, SessionReadFailure> {
      return safeAsync<SessionText, SessionReadFailure>(
        async () => {
          const found = await locateTranscript(fs, entry, budgetBytes, options.allowedRoots);
          if (found.isErr()) return err(found.error);
          const { source, total } = found.value;
          const cap = Math.max(maxScan, budgetBytes);
          const headWindow = Math.min(total, Math.max(budgetBytes * 4, MIN_WINDOW));
          const headBytes = await readRange(fs, source, 0, headWindow);
          if (isAborted(signal)) return err(aborted(source));
          const headNul = firstNul(headBytes);
          if (headNul >= 0) return err(binaryContent(source, headNul));
          const head = parseJsonl(wholeLines(headBytes, headWindow < total), 0);
          const document =
            head.lines.length === 0
              ? await wholeDocument(fs, source, total, cap, headBytes)
              : undefined;
          const headLines = document ?? head.lines;
          const format = detectFormat(headLines);
          if (format === undefined) return err(unknownFormat(source, head, document));
          if (document !== undefined)
            return finishDocument(format, document, { source, total, budgetBytes });
          let window = Math.min(total, cap, Math.max(budgetBytes * 4, MIN_WINDOW));
          for (;;) {
            // One byte more than the window, to tell whether it starts on a line boundary.
            const start = Math.max(0, total - window - 1);
            const bytes =
              start === 0 && headWindow === total
                ? headBytes
                : await readRange(fs, source, start, total - start);
            if (isAborted(signal)) return err(aborted(source));
            const nul = firstNul(bytes);
            if (nul >= 0) return err(binaryContent(source, start + nul));
            const skip = start === 0 ? 0 : bytes.indexOf(0x0a) + 1 || bytes.length;
            const tail = parseJsonl(bytes.subarray(skip), start + skip);
            const chunks = format.render(tail.lines);
            const rendered = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk.text), 0);
            const done = start === 0 || rendered >= budgetBytes || window >= cap;
            if (done) {
              const firstPrompt =
                start === 0 ? undefined : promptBefore(format, head.lines, start + skip);
              return finish(format, chunks, tail, {
                source,
                total,
                budgetBytes,
                unread: start + skip,
                firstPrompt,
              });
            }
            window = Math.min(total, cap, window * 4);
          }
        },
        (cause) => readFailure(entry.retrieval.sessionPath ?? "(no path)", cause),
      );
    },
  };
}

/** Read through a function: TypeScript would narrow `signal.aborted` after the first test. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** The bytes up to the last newline when the head was cut short of the file's end. */
function wholeLines(bytes: Uint8Array, cutShort: boolean): Uint8Array {
  if (!cutShort) return bytes;
  const last = bytes.lastIndexOf(0x0a);
  return bytes.subarray(0, last + 1);
}

/** The first prompt of the head, when it lies before the tail window. */
function promptBefore(
  format: TranscriptFormat,
  headLines: readonly ParsedLine[],
  tailStart: number,
): SessionChunk | undefined {
  const prompt = firstTaskPrompt(format.render(headLines));
  return prompt !== undefined && prompt.offset < tailStart ? prompt : undefined;
}

/**
 * A file none of whose lines is JSON may be one JSON document (Gemini CLI's legacy `.json`,
 * pretty-printed): parsed whole when it is no larger than the scan cap.
 */
async function wholeDocument(
  fs: SessionFs,
  source: string,
  total: number,
  cap: number,
  headBytes: Uint8Array,
): Promise<ParsedLine[] | undefined> {
  const first = decodeUtf8(headBytes.subarray(0, 64)).text.trimStart();
  if (!(first.startsWith("{") || first.startsWith("[")) || total > cap) return undefined;
  const bytes = headBytes.length === total ? headBytes : await readRange(fs, source, 0, total);
  const value = parseJson(decodeUtf8(bytes).text);
  return value === undefined ? undefined : [{ value, offset: 0, bytes: total }];
}

function unknownFormat(
  source: string,
  head: ParsedJsonl,
  document: readonly ParsedLine[] | undefined,
): SessionReadError {
  const found =
    document !== undefined
      ? `one JSON document: ${describeUnknown(head.headText, document)}`
      : head.lines.length === 0 && head.notJson > 0 && !/^\s*---/.test(head.headText)
        ? `text that is not JSON Lines (none of the first ${head.notJson} lines parses as JSON); use the "file" retrieval method for plain text`
        : describeUnknown(head.headText, head.lines);
  return new SessionReadError(
    `The session transcript ${source} is not in a format the "jsonl" reader knows ` +
      `(${knownFormats()}): it holds ${found}.`,
  );
}

function emptyRender(format: TranscriptFormat, source: string): SessionReadError {
  return new SessionReadError(
    `The session transcript ${source} looks like a ${format.name} but holds no prompt, reply or tool call ` +
      "to read (only bookkeeping lines); it stays pending until it has some.",
  );
}

function finish(
  format: TranscriptFormat,
  chunks: readonly SessionChunk[],
  parsed: ParsedJsonl,
  at: {
    source: string;
    total: number;
    budgetBytes: number;
    unread: number;
    firstPrompt: SessionChunk | undefined;
  },
): Result<SessionText, SessionReadError> {
  if (chunks.length === 0 && at.firstPrompt === undefined)
    return err(emptyRender(format, at.source));
  const warnings = [
    ...(parsed.notJson > 0 ? [`${parsed.notJson} lines were not JSON and were skipped`] : []),
    ...(parsed.invalidUtf8
      ? ["some lines were not valid UTF-8; bad bytes were replaced with U+FFFD"]
      : []),
  ];
  return ok(
    fitChunks(chunks, {
      budgetBytes: at.budgetBytes,
      totalBytes: at.total,
      source: at.source,
      warnings,
      unreadBytes: at.unread,
      ...(at.firstPrompt === undefined ? {} : { firstPrompt: at.firstPrompt }),
    }),
  );
}

/** A one-document transcript: its chunks get offsets spread over the file, in order. */
function finishDocument(
  format: TranscriptFormat,
  document: readonly ParsedLine[],
  at: { source: string; total: number; budgetBytes: number },
): Result<SessionText, SessionReadError> {
  const rendered = format.render(document);
  if (rendered.length === 0) return err(emptyRender(format, at.source));
  const step = at.total / rendered.length;
  const chunks = rendered.map((chunk, index) => ({
    ...chunk,
    offset: Math.floor(index * step),
    sourceBytes: Math.floor((index + 1) * step) - Math.floor(index * step),
  }));
  const warnings = ["the transcript is one JSON document; byte offsets in it are estimates"];
  return ok(
    fitChunks(chunks, {
      budgetBytes: at.budgetBytes,
      totalBytes: at.total,
      source: at.source,
      warnings,
      unreadBytes: 0,
    }),
  );
}
