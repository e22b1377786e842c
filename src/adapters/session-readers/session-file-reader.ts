/**
 * The `file` session reader: a markdown or plain-text transcript on disk. Only the tail
 * that fits the budget is read, so a 200 MB transcript costs as much as a small one.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import type { SessionReader } from "../../ports/session-reader.js";
import { fitChunks, markerReserve } from "./session-budget.js";
import { defaultSessionFs, readRange, type SessionFs } from "./session-fs.js";
import { aborted, binaryContent, readFailure, locateTranscript } from "./session-source.js";
import { cleanStart, decodeUtf8, firstNul } from "./session-text.js";
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
}

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
  return {
    read(entry, { budgetBytes, signal }): ResultAsync<SessionText, SessionReadFailure> {
      return safeAsync<SessionText, SessionReadFailure>(
        async () => {
          const found = await locateTranscript(fs, entry, budgetBytes);
          if (found.isErr()) return err(found.error);
          const { source, total } = found.value;
          const length =
            total <= budgetBytes ? total : Math.max(0, budgetBytes - markerReserve(source));
          const start = total - length;
          const bytes = await readRange(fs, source, start, length);
          if (signal?.aborted === true) return err(aborted(source));
          const nul = firstNul(bytes);
          if (nul >= 0) return err(binaryContent(source, start + nul));
          const skip = start > 0 ? cleanStart(bytes) : 0;
          const { text, invalid } = decodeUtf8(bytes.subarray(skip));
          const warnings = invalid
            ? ["the transcript is not valid UTF-8; bad bytes were replaced with U+FFFD"]
            : [];
          const chunk = { text, offset: start + skip, sourceBytes: bytes.length - skip };
          return ok(fitChunks([chunk], { budgetBytes, totalBytes: total, source, warnings }));
        },
        (cause) => readFailure(entry.retrieval.sessionPath ?? "(no path)", cause),
      );
    },
  };
}
