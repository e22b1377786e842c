/**
 * Rendering Claude Code session lines (`~/.claude/projects/<project>/<session>.jsonl`).
 *
 * Each line is an object with a `type`: `user` and `assistant` carry an Anthropic
 * `message` whose `content` is a string or an array of blocks (`text`, `tool_use`,
 * `tool_result`, `thinking`, `image`); `summary` carries a one-line `summary`; the rest
 * (`system`, `file-history-snapshot`, `queue-operation`, ...) is bookkeeping and skipped.
 * Thinking is skipped too: it is the model's scratch work, not what happened.
 */
import {
  blockText,
  describeInput,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "./session-line-format.js";

/**
 * Whether a parsed line is a Claude Code session line.
 *
 * @example
 * ```ts
 * isClaudeCodeLine({ type: "user", message: { role: "user", content: "hi" } }); // true
 * ```
 */
export function isClaudeCodeLine(line: Record<string, unknown>): boolean {
  const type = line["type"];
  if (type === "summary") return typeof line["summary"] === "string";
  return (type === "user" || type === "assistant") && isRecord(line["message"]);
}

/**
 * The rendered text of a Claude Code line ("" when it says nothing worth keeping).
 *
 * @example
 * ```ts
 * renderClaudeCodeLine({ type: "assistant", message: { content: [{ type: "text", text: "done" }] } });
 * // "[assistant] done\n"
 * ```
 */
export function renderClaudeCodeLine(line: Record<string, unknown>): string {
  if (line["type"] === "summary") return messageLine("summary", stringField(line, "summary") ?? "");
  // Meta lines are harness-injected (caveats, command echoes), not the user speaking.
  if (line["isMeta"] === true) return "";
  const role = line["type"] === "assistant" ? "assistant" : "user";
  const content = isRecord(line["message"]) ? line["message"]["content"] : undefined;
  if (typeof content === "string") return content.trim() === "" ? "" : messageLine(role, content);
  if (!Array.isArray(content)) return "";
  return content.map((block) => renderBlock(role, block)).join("");
}

function renderBlock(role: string, block: unknown): string {
  switch (stringField(block, "type")) {
    case "text": {
      const text = stringField(block, "text") ?? "";
      return text.trim() === "" ? "" : messageLine(role, text);
    }
    case "tool_use":
      return toolLine(
        "tool",
        stringField(block, "name") ?? "tool",
        describeInput(isRecord(block) ? block["input"] : undefined),
      );
    case "tool_result": {
      const failed = isRecord(block) && block["is_error"] === true;
      const text = blockText(isRecord(block) ? block["content"] : undefined);
      return toolLine("tool result", failed ? "error" : "", text === "" ? "(no output)" : text);
    }
    case "image":
      return messageLine(role, "(an image)");
    default:
      return "";
  }
}
