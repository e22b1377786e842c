/**
 * Gemini CLI chats (`~/.gemini/tmp/<project hash>/chats/session-<time>-<id>.jsonl`, and the
 * legacy `.json` holding one document). JSONL records are folded in order: a metadata line,
 * messages keyed by `id` (a later record with the same id replaces the earlier one),
 * `{ $set }` metadata updates (a `$set.messages` replaces the list) and `{ $rewindTo: id }`
 * (that message and all after it are gone; an id not seen clears everything seen). Message
 * types: `user`, `gemini` (reply and `toolCalls`), and CLI notices (`info`, `warning`,
 * `error`; only errors are kept).
 */
import type { SessionChunk } from "../session-budget.js";
import {
  arrayField,
  blockText,
  describeInput,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "../session-line-format.js";
import { chunksOf, type ParsedLine, type TranscriptFormat } from "./transcript-format.js";

const MESSAGE_TYPES = new Set(["user", "gemini", "info", "error", "warning"]);

/** The Gemini CLI chat format (JSONL, or the legacy document on one line). */
export const geminiFormat: TranscriptFormat = {
  name: "Gemini CLI chat",
  detect: (first) =>
    first.some(
      (line) =>
        (typeof line["sessionId"] === "string" && typeof line["projectHash"] === "string") ||
        isRecord(line["$set"]) ||
        typeof line["$rewindTo"] === "string" ||
        (typeof line["id"] === "string" &&
          MESSAGE_TYPES.has(String(line["type"])) &&
          "content" in line &&
          !("message" in line)),
    ),
  render: renderGemini,
};

interface Held {
  readonly line: ParsedLine;
  readonly message: Record<string, unknown>;
}

function renderGemini(lines: readonly ParsedLine[]): SessionChunk[] {
  let messages: Held[] = [];
  for (const line of lines) {
    const value = line.value;
    if (!isRecord(value)) continue;
    if (Array.isArray(value["messages"])) messages = heldMessages(line, value["messages"]);
    const set = value["$set"];
    if (isRecord(set) && Array.isArray(set["messages"]))
      messages = heldMessages(line, set["messages"]);
    const rewind = value["$rewindTo"];
    if (typeof rewind === "string") {
      const at = messages.findIndex((held) => held.message["id"] === rewind);
      messages = at < 0 ? [] : messages.slice(0, at);
      continue;
    }
    if (typeof value["id"] === "string" && MESSAGE_TYPES.has(String(value["type"]))) {
      const at = messages.findIndex((held) => held.message["id"] === value["id"]);
      if (at < 0) messages.push({ line, message: value });
      else messages[at] = { line, message: value };
    }
  }
  return messages.flatMap(({ line, message }) => renderMessage(line, message));
}

function heldMessages(line: ParsedLine, list: readonly unknown[]): Held[] {
  return list.flatMap((message) => (isRecord(message) ? [{ line, message }] : []));
}

function renderMessage(line: ParsedLine, message: Record<string, unknown>): SessionChunk[] {
  const text = blockText(message["content"]);
  switch (message["type"]) {
    case "user":
      return text.trim() === "" ? [] : chunksOf(line, messageLine("user", text), true);
    case "gemini": {
      const reply = text.trim() === "" ? "" : messageLine("assistant", text);
      const tools = arrayField(message, "toolCalls").map(renderToolCall).join("");
      return chunksOf(line, reply + tools);
    }
    case "error":
      return text.trim() === "" ? [] : chunksOf(line, messageLine("error", text));
    default:
      return [];
  }
}

function renderToolCall(call: unknown): string {
  if (!isRecord(call)) return "";
  const name = stringField(call, "name") ?? "tool";
  const outputs = arrayField(call, "result").map((part) => {
    const response =
      isRecord(part) && isRecord(part["functionResponse"])
        ? part["functionResponse"]["response"]
        : undefined;
    const output = isRecord(response) ? (response["output"] ?? response["error"]) : undefined;
    return typeof output === "string" ? output : output === undefined ? "" : JSON.stringify(output);
  });
  const status = stringField(call, "status") ?? "";
  const result = outputs.join("\n") || stringField(call, "resultDisplay") || "";
  return (
    toolLine("tool", name, describeInput(call["args"])) +
    (result === "" && status !== "error"
      ? ""
      : toolLine("tool result", status === "success" ? "" : status, result || "(no output)"))
  );
}
