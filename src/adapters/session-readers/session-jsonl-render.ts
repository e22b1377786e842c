/**
 * Turning the lines of a JSON Lines transcript into session text, whatever harness wrote
 * it: Claude Code, Codex CLI, or plain `{ role, content }` chat messages. Lines of any
 * other shape are tolerated and skipped; lines that are not JSON are counted.
 */
import { isClaudeCodeLine, renderClaudeCodeLine } from "./session-claude-code.js";
import { isCodexLine, renderCodexLine } from "./session-codex.js";
import { blockText, isRecord, messageLine } from "./session-line-format.js";
import type { SessionChunk } from "./session-budget.js";
import { decodeUtf8 } from "./session-text.js";

/**
 * The chunks of a byte range of a transcript, and what did not parse.
 *
 * @example
 * ```ts
 * const { chunks, notJson } = renderJsonl(bytes, 0);
 * ```
 */
export interface RenderedJsonl {
  /** One chunk per line that rendered to something, oldest first. */
  readonly chunks: SessionChunk[];
  /** Rendered bytes in all chunks. */
  readonly renderedBytes: number;
  /** Non-empty lines that were not JSON. */
  readonly notJson: number;
  /** Lines that parsed as JSON. */
  readonly json: number;
  /** True when some line was not valid UTF-8. */
  readonly invalidUtf8: boolean;
}

/**
 * Renders every whole line of `bytes`, which start at byte `offset` of the transcript.
 *
 * @example
 * ```ts
 * renderJsonl(new TextEncoder().encode('{"role":"user","content":"hi"}\n'), 0).chunks[0]?.text; // "[user] hi\n"
 * ```
 */
export function renderJsonl(bytes: Uint8Array, offset: number): RenderedJsonl {
  const chunks: SessionChunk[] = [];
  let renderedBytes = 0;
  let notJson = 0;
  let json = 0;
  let invalidUtf8 = false;
  let start = 0;
  while (start < bytes.length) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline < 0 ? bytes.length : newline + 1;
    const decoded = decodeUtf8(bytes.subarray(start, end));
    invalidUtf8 ||= decoded.invalid;
    const line = decoded.text.trim();
    if (line !== "") {
      const parsed = parseJson(line);
      if (parsed === undefined) notJson++;
      else {
        json++;
        const text = renderLine(parsed);
        if (text !== "") {
          chunks.push({ text, offset: offset + start, sourceBytes: end - start });
          renderedBytes += Buffer.byteLength(text);
        }
      }
    }
    start = end;
  }
  return { chunks, renderedBytes, notJson, json, invalidUtf8 };
}

/**
 * The rendered text of one parsed line ("" when there is nothing to keep).
 *
 * @example
 * ```ts
 * renderLine({ role: "assistant", content: "done" }); // "[assistant] done\n"
 * ```
 */
export function renderLine(value: unknown): string {
  if (!isRecord(value)) return "";
  if (isClaudeCodeLine(value)) return renderClaudeCodeLine(value);
  if (isCodexLine(value)) return renderCodexLine(value);
  const role = value["role"];
  if (role === "user" || role === "assistant") {
    const text = blockText(value["content"]);
    return text.trim() === "" ? "" : messageLine(role, text);
  }
  return "";
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return undefined;
  }
}
