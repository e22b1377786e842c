/**
 * Pi coding agent sessions (`~/.pi/agent/sessions/--<cwd>--/<time>_<uuid>.jsonl`): a
 * `session` header, then entries `{ type, id, parentId }` forming a tree. The conversation
 * is the path from the last entry back to the root; other entries are abandoned branches
 * (a `branch_summary` on the path says what they were). Version 1 files have no ids: their
 * entries are read in order.
 */
import type { SessionChunk } from "../session-budget.js";
import {
  blockText,
  describeInput,
  IMAGE,
  isImageBlock,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "../session-line-format.js";
import { chunksOf, type ParsedLine, type TranscriptFormat } from "./transcript-format.js";

/** The Pi session format. */
export const piFormat: TranscriptFormat = {
  name: "Pi session",
  detect: (first) => {
    const header = first[0];
    return (
      header !== undefined && header["type"] === "session" && typeof header["cwd"] === "string"
    );
  },
  render: (lines) => activePath(lines).flatMap(renderEntry),
};

/** The entries on the path from the last entry with an id to the root, oldest first. */
function activePath(lines: readonly ParsedLine[]): ParsedLine[] {
  const byId = new Map<string, ParsedLine>();
  for (const line of lines) {
    const id = stringField(line.value, "id");
    if (id !== undefined && stringField(line.value, "type") !== "session") byId.set(id, line);
  }
  const last = lines.findLast((line) => byId.get(stringField(line.value, "id") ?? "") === line);
  if (last === undefined) return [...lines];
  const path: ParsedLine[] = [];
  const visited = new Set<string>();
  for (let at: ParsedLine | undefined = last; at !== undefined;) {
    const id = stringField(at.value, "id") ?? "";
    if (visited.has(id)) break;
    visited.add(id);
    path.push(at);
    at = byId.get(stringField(at.value, "parentId") ?? "");
  }
  return path.toReversed();
}

function renderEntry(line: ParsedLine): SessionChunk[] {
  const value = line.value;
  if (!isRecord(value)) return [];
  switch (value["type"]) {
    case "message":
      return renderMessage(line, value["message"]);
    case "compaction":
      return chunksOf(line, messageLine("summary", stringField(value, "summary") ?? ""));
    case "branch_summary":
      return chunksOf(
        line,
        messageLine("summary", `(an abandoned branch) ${stringField(value, "summary") ?? ""}`),
      );
    case "session_info": {
      const name = stringField(value, "name");
      return name === undefined ? [] : chunksOf(line, messageLine("title", name));
    }
    default:
      return [];
  }
}

function renderMessage(line: ParsedLine, message: unknown): SessionChunk[] {
  if (!isRecord(message)) return [];
  const content = message["content"];
  switch (message["role"]) {
    case "user": {
      const text = typeof content === "string" ? content : blockText(content);
      return text.trim() === "" ? [] : chunksOf(line, messageLine("user", text), true);
    }
    case "assistant": {
      if (!Array.isArray(content))
        return chunksOf(
          line,
          typeof content === "string" && content.trim() !== ""
            ? messageLine("assistant", content)
            : "",
        );
      const out = content.map((block) => {
        const type = stringField(block, "type");
        if (type === "text") {
          const text = stringField(block, "text") ?? "";
          return text.trim() === "" ? "" : messageLine("assistant", text);
        }
        if (type === "toolCall") {
          return toolLine(
            "tool",
            stringField(block, "name") ?? "tool",
            describeInput(isRecord(block) ? block["arguments"] : undefined),
          );
        }
        return isImageBlock(block) ? messageLine("assistant", IMAGE) : "";
      });
      return chunksOf(line, out.join(""));
    }
    case "toolResult": {
      const text = blockText(content);
      return chunksOf(
        line,
        toolLine("tool result", message["isError"] === true ? "error" : "", text || "(no output)"),
      );
    }
    case "bashExecution": {
      const exit = message["exitCode"];
      return chunksOf(
        line,
        toolLine("tool", "bash (run by the user)", stringField(message, "command") ?? "") +
          toolLine(
            "tool result",
            typeof exit === "number" ? `exit ${exit}` : "",
            stringField(message, "output") || "(no output)",
          ),
      );
    }
    default:
      return [];
  }
}
