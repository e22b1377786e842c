/**
 * Cursor agent transcripts (`~/.cursor/projects/<slug>/agent-transcripts/<id>/<id>.jsonl`):
 * `{ role, message: { content: [text | tool_use] } }` lines and `{ type: "turn_ended",
 * status }`; the prompt sits inside `<user_query>` tags. Cursor writes no tool results.
 */
import type { SessionChunk } from "../session-budget.js";
import {
  arrayField,
  describeInput,
  IMAGE,
  isImageBlock,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "../session-line-format.js";
import { chunksOf, type ParsedLine, type TranscriptFormat } from "./transcript-format.js";

const QUERY = /<user_query>([\s\S]*?)<\/user_query>/;

/** The Cursor agent transcript format. */
export const cursorFormat: TranscriptFormat = {
  name: "Cursor agent transcript",
  detect: (first) =>
    first.some(
      (line) =>
        line["type"] === "turn_ended" ||
        (line["type"] === "metadata" && isRecord(line["metadata"])) ||
        ((line["role"] === "user" || line["role"] === "assistant") && isRecord(line["message"])),
    ),
  render: (lines) => lines.flatMap(renderLine),
};

function renderLine(line: ParsedLine): SessionChunk[] {
  const value = line.value;
  if (!isRecord(value)) return [];
  if (value["type"] === "turn_ended") {
    const status = stringField(value, "status");
    return status === "error" || status === "aborted"
      ? chunksOf(line, messageLine("note", `turn ended: ${status}`))
      : [];
  }
  const role = value["role"];
  if (role !== "user" && role !== "assistant") return [];
  const content = isRecord(value["message"]) ? value["message"]["content"] : undefined;
  const blocks =
    typeof content === "string"
      ? [{ type: "text", text: content }]
      : arrayField(value["message"], "content");
  let out = "";
  let said = false;
  for (const block of blocks) {
    if (isImageBlock(block)) {
      out += messageLine(role, IMAGE);
      said = true;
    } else if (stringField(block, "type") === "text") {
      const raw = stringField(block, "text") ?? "";
      const text = role === "user" ? (QUERY.exec(raw)?.[1] ?? raw) : raw;
      if (text.trim() === "") continue;
      out += messageLine(role, text);
      said = true;
    } else if (stringField(block, "type") === "tool_use") {
      out += toolLine(
        "tool",
        stringField(block, "name") ?? "tool",
        describeInput(isRecord(block) ? block["input"] : undefined),
      );
    }
  }
  return chunksOf(line, out, role === "user" && said);
}
