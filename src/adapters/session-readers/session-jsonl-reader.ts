/**
 * The `jsonl` session reader: chat transcripts with one JSON object per line (Claude Code,
 * Codex CLI, plain chat messages). Rendered text is far smaller than the raw JSON (tool
 * output is summarised), so it reads a window from the end, renders it, and widens the
 * window only while the rendered text is still short of the budget.
 */
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import { SessionReadError } from "../../errors.js";
import {
  type SessionReader,
  type SessionReadFailure,
  type SessionText,
} from "../../ports/session-reader.js";
import { fitChunks } from "./session-budget.js";
import { defaultSessionFs, readRange, type SessionFs } from "./session-fs.js";
import { renderJsonl, type RenderedJsonl } from "./session-jsonl-render.js";
import { aborted, binaryContent, readFailure, locateTranscript } from "./session-source.js";
import { firstNul } from "./session-text.js";
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
  /** The most raw bytes read from the end of a transcript. Default 64 MiB. */
  readonly maxScanBytes?: number;
}

const MIN_WINDOW = 256 * 1024;

/**
 * Reads `retrieval.sessionPath` as JSON Lines: user and assistant text kept whole, each
 * tool call and result on one line, thinking and bookkeeping lines dropped, unknown line
 * types skipped, non-JSON lines counted in `warnings`.
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
          const found = await locateTranscript(fs, entry, budgetBytes);
          if (found.isErr()) return err(found.error);
          const { source, total } = found.value;
          const cap = Math.max(maxScan, budgetBytes);
          let window = Math.min(total, cap, Math.max(budgetBytes * 4, MIN_WINDOW));
          for (;;) {
            // One byte more than the window, to tell whether it starts on a line boundary.
            const start = Math.max(0, total - window - 1);
            const bytes = await readRange(fs, source, start, total - start);
            if (signal?.aborted === true) return err(aborted(source));
            const nul = firstNul(bytes);
            if (nul >= 0) return err(binaryContent(source, start + nul));
            const skip = start === 0 ? 0 : bytes.indexOf(0x0a) + 1 || bytes.length;
            const rendered = renderJsonl(bytes.subarray(skip), start + skip);
            const done = start === 0 || rendered.renderedBytes >= budgetBytes || window >= cap;
            if (done) return finish(rendered, { source, total, budgetBytes, unread: start + skip });
            window = Math.min(total, cap, window * 4);
          }
        },
        (cause) => readFailure(entry.retrieval.sessionPath ?? "(no path)", cause),
      );
    },
  };
}

function finish(
  rendered: RenderedJsonl,
  at: { source: string; total: number; budgetBytes: number; unread: number },
): Result<SessionText, SessionReadError> {
  if (rendered.json === 0 && rendered.notJson > 0) {
    return err(
      new SessionReadError(
        `The session transcript ${at.source} is not JSON Lines: none of its ${rendered.notJson} lines read parses as JSON. ` +
          'Use the "file" retrieval method for plain text.',
      ),
    );
  }
  const warnings = [
    ...(rendered.notJson > 0 ? [`${rendered.notJson} lines were not JSON and were skipped`] : []),
    ...(rendered.invalidUtf8
      ? ["some lines were not valid UTF-8; bad bytes were replaced with U+FFFD"]
      : []),
  ];
  return ok(
    fitChunks(rendered.chunks, {
      budgetBytes: at.budgetBytes,
      totalBytes: at.total,
      source: at.source,
      warnings,
      unreadBytes: at.unread,
    }),
  );
}
