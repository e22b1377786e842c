/**
 * The `file` session reader: a markdown or plain-text transcript on disk. Only the tail
 * that fits the budget is read, so a 200 MB transcript costs as much as a small one.
 */
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import type { SessionReader } from "../../ports/session-reader.js";
import { fitChunks, markerReserve } from "./session-budget.js";
import { defaultSessionFs, readRange, type SessionFs } from "./session-fs.js";
import { aborted, binaryContent, readFailure, locateTranscript } from "./session-source.js";
import { cleanStart, decodeUtf8, firstNul } from "./session-text.js";
import { isAmpMarkdown, renderAmpMarkdown } from "./formats/amp-markdown.js";
import { fenceLines } from "./session-cut.js";
import { SessionReadError } from "../../errors.js";
import { safeAsync } from "../../shared/safe-async.js";
import type { SessionReadFailure, SessionText } from "../../ports/session-reader.js";

/**
 * Options of {@link fileSessionReader}.
 *
 * @example
 * ```ts
 * const options: FileSessionReaderOptions = { fs: memfs().fs };
 * ```
 */
export interface FileSessionReaderOptions {
  /** Where transcripts are read from; default node:fs. */
  readonly fs?: SessionFs;
  /**
   * The folders transcripts may be read from; a journal entry pointing elsewhere is refused
   * with SESSION_READ. Default: anywhere. Pass them whenever journal entries can come from
   * someone else (a synced memory): an entry could otherwise name any file on this machine.
   */
  readonly allowedRoots?: readonly string[];
  /** The largest Amp export read whole (to keep its first prompt). Default 64 MiB. */
  readonly maxScanBytes?: number;
}

/** Enough of a file's start to see Amp's front matter. */
const AMP_HEAD_BYTES = 1024;

/**
 * Reads `retrieval.sessionPath` (relative paths resolve against `context.cwd`) as UTF-8
 * text, keeping the newest part within the budget and starting it on a whole line.
 *
 * @example
 * ```ts
 * const reader = fileSessionReader();
 * const session = await reader.read(entry, { budgetBytes: 32 * 1024 });
 * if (session.isOk() && session.value.truncated) console.log(session.value.omittedBytes);
 * ```
 */
export function fileSessionReader(options: FileSessionReaderOptions = {}): SessionReader {
  const fs = options.fs ?? defaultSessionFs;
  const maxScan = options.maxScanBytes ?? 64 * 1024 * 1024;
  return {
    read(entry, { budgetBytes, signal }): ResultAsync<SessionText, SessionReadFailure> {
      return safeAsync<SessionText, SessionReadFailure>(
        async () => {
          const found = await locateTranscript(fs, entry, budgetBytes, options.allowedRoots);
          if (found.isErr()) return err(found.error);
          const { source, total } = found.value;
          const head = await readRange(fs, source, 0, Math.min(total, AMP_HEAD_BYTES));
          if (isAmpMarkdown(decodeUtf8(head).text) && total <= maxScan) {
            return readAmp(fs, source, total, budgetBytes);
          }
          const length =
            total <= budgetBytes ? total : Math.max(0, budgetBytes - markerReserve(source));
          const start = total - length;
          const bytes = await readRange(fs, source, start, length);
          if (signal?.aborted === true) return err(aborted(source));
          const nul = firstNul(bytes);
          if (nul >= 0) return err(binaryContent(source, start + nul));
          const skip = start > 0 ? cleanStart(bytes) : 0;
          const { text, invalid } = decodeUtf8(bytes.subarray(skip));
          const outside = start > 0 ? startOutsideFence(text) : 0;
          const warnings = invalid
            ? ["the transcript is not valid UTF-8; bad bytes were replaced with U+FFFD"]
            : [];
          const from = start + skip + Buffer.byteLength(text.slice(0, outside));
          const chunk = {
            text: text.slice(outside),
            offset: from,
            sourceBytes: start + bytes.length - from,
          };
          return ok(fitChunks([chunk], { budgetBytes, totalBytes: total, source, warnings }));
        },
        (cause) => readFailure(entry.retrieval.sessionPath ?? "(no path)", cause),
      );
    },
  };
}

/**
 * Where a tail cut from a markdown file should start so it is not inside a code fence: the
 * file's fences are balanced and its end lies outside one, so an odd number of fence lines
 * in the tail means the cut fell inside one; the tail then starts after the line closing it.
 */
function startOutsideFence(text: string): number {
  if (fenceLines(text) % 2 === 0) return 0;
  const match = /^ {0,3}(```|~~~).*(\n|$)/m.exec(text);
  return match === null ? 0 : match.index + match[0].length;
}

/** An Amp thread export, read whole and rendered by section: the first prompt is kept. */
async function readAmp(
  fs: SessionFs,
  source: string,
  total: number,
  budgetBytes: number,
): Promise<Result<SessionText, SessionReadError>> {
  const bytes = await readRange(fs, source, 0, total);
  const nul = firstNul(bytes);
  if (nul >= 0) return err(binaryContent(source, nul));
  const { text, invalid } = decodeUtf8(bytes);
  const chunks = renderAmpMarkdown(text);
  if (chunks.length === 0) {
    return err(
      new SessionReadError(
        `The session transcript ${source} is an Amp thread export with no ## User or ## Assistant section to read.`,
      ),
    );
  }
  const warnings = invalid
    ? ["the transcript is not valid UTF-8; bad bytes were replaced with U+FFFD"]
    : [];
  return ok(
    fitChunks(chunks, { budgetBytes, totalBytes: total, source, warnings, unreadBytes: 0 }),
  );
}
