/**
 * Plain chat messages, one `{ role, content }` object per line (content a string or blocks
 * with `text`), as many tools and exports write them; also legacy bare Responses items
 * `{ type: "message", role, content }`.
 */
import { blockText, messageLine } from "../session-line-format.js";
import { chunksOf, type TranscriptFormat } from "./transcript-format.js";

/** The plain chat-messages format. */
export const chatMessagesFormat: TranscriptFormat = {
  name: "chat messages ({role, content} lines)",
  detect: (first) => first.some((line) => isChatRole(line["role"]) && "content" in line),
  render: (lines) =>
    lines.flatMap((line) => {
      const value = line.value;
      if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
      const record = value as Record<string, unknown>;
      const role = record["role"];
      if (!isChatRole(role)) return [];
      const text = blockText(record["content"]);
      return text.trim() === "" ? [] : chunksOf(line, messageLine(role, text), role === "user");
    }),
};

function isChatRole(role: unknown): role is "user" | "assistant" {
  return role === "user" || role === "assistant";
}
