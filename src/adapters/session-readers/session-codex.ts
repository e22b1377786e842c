/**
 * Rendering Codex CLI rollout lines (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`).
 *
 * Each line is `{ timestamp, type, payload }`. `response_item` payloads are Responses API
 * items: `message` (role user/assistant/developer, content `input_text`/`output_text`),
 * `function_call` (arguments as a JSON string), `function_call_output`, `local_shell_call`,
 * `custom_tool_call(_output)`, `web_search_call`, `reasoning`. `compacted` carries the
 * summary that replaced older history. `session_meta`, `turn_context` and `event_msg`
 * (which repeats the messages as UI events) are skipped. Older rollouts wrote items bare,
 * without the wrapper; those are read too.
 */
import {
  arrayField,
  blockText,
  describeInput,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "./session-line-format.js";

const ROLLOUT_TYPES = new Set([
  "session_meta",
  "response_item",
  "compacted",
  "turn_context",
  "event_msg",
]);
const ITEM_TYPES = new Set([
  "message",
  "reasoning",
  "function_call",
  "function_call_output",
  "local_shell_call",
  "custom_tool_call",
  "custom_tool_call_output",
  "web_search_call",
]);
/** User messages Codex injects itself at the start of a session. */
const INJECTED = /^\s*<(environment_context|user_instructions)>/;

/**
 * Whether a parsed line is a Codex rollout line (wrapped or a bare legacy item).
 *
 * @example
 * ```ts
 * isCodexLine({ type: "response_item", payload: { type: "message" } }); // true
 * ```
 */
export function isCodexLine(line: Record<string, unknown>): boolean {
  const type = line["type"];
  if (typeof type !== "string") return false;
  if (ROLLOUT_TYPES.has(type)) return isRecord(line["payload"]);
  return ITEM_TYPES.has(type);
}

/**
 * The rendered text of a Codex line ("" when it says nothing worth keeping).
 *
 * @example
 * ```ts
 * renderCodexLine({ type: "compacted", payload: { message: "earlier: set up CI" } }); // "[summary] earlier: set up CI\n"
 * ```
 */
export function renderCodexLine(line: Record<string, unknown>): string {
  switch (line["type"]) {
    case "response_item":
      return renderItem(line["payload"]);
    case "compacted":
      return messageLine("summary", stringField(line["payload"], "message") ?? "");
    case "session_meta":
    case "turn_context":
    case "event_msg":
      return "";
    default:
      return renderItem(line);
  }
}

function renderItem(item: unknown): string {
  if (!isRecord(item)) return "";
  switch (item["type"]) {
    case "message":
      return renderMessage(item);
    case "function_call":
      return toolLine(
        "tool",
        stringField(item, "name") ?? "function",
        describeArguments(item["arguments"]),
      );
    case "local_shell_call":
      return toolLine(
        "tool",
        "shell",
        describeInput(isRecord(item["action"]) ? item["action"] : {}),
      );
    case "custom_tool_call":
      return toolLine(
        "tool",
        stringField(item, "name") ?? "tool",
        stringField(item, "input") ?? "",
      );
    case "web_search_call":
      return toolLine("tool", "web_search", stringField(item["action"], "query") ?? "");
    case "function_call_output":
    case "custom_tool_call_output":
      return renderOutput(item["output"]);
    default:
      return "";
  }
}

function renderMessage(item: Record<string, unknown>): string {
  const role = item["role"];
  if (role !== "user" && role !== "assistant") return "";
  const text = blockText(arrayField(item, "content"));
  if (text.trim() === "" || (role === "user" && INJECTED.test(text))) return "";
  return messageLine(role, text);
}

/** Function arguments arrive as a JSON string; show the command or the fields. */
function describeArguments(args: unknown): string {
  if (typeof args !== "string") return describeInput(args);
  try {
    return describeInput(JSON.parse(args));
  } catch {
    return args;
  }
}

/** Outputs are plain text, content items, or (older rollouts) JSON `{ output, metadata }`. */
function renderOutput(output: unknown): string {
  if (Array.isArray(output)) return toolLine("tool result", "", blockText(output) || "(no output)");
  if (typeof output !== "string") return toolLine("tool result", "", "(no output)");
  try {
    const parsed: unknown = JSON.parse(output);
    const text = stringField(parsed, "output");
    if (text !== undefined) {
      const exit =
        isRecord(parsed) && isRecord(parsed["metadata"])
          ? parsed["metadata"]["exit_code"]
          : undefined;
      return toolLine(
        "tool result",
        typeof exit === "number" ? `exit ${exit}` : "",
        text || "(no output)",
      );
    }
  } catch {
    // Not JSON: plain text output.
  }
  return toolLine("tool result", "", output || "(no output)");
}
