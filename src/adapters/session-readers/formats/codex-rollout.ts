/**
 * Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`).
 *
 * Each line is `{ timestamp, type, payload }`; `response_item` payloads are Responses API
 * items (messages, function calls and their outputs, custom tool calls), `compacted`
 * carries the summary that replaced older history; `session_meta` and `turn_context` are
 * skipped. `event_msg` lines are UI events repeating the messages: a `user_message` or
 * `agent_message` is rendered only when no `response_item` message of the rendered lines
 * says the same text (a rollout filtered down to its events keeps only those). Codex injects its own text
 * into user messages (AGENTS.md, environment context, permissions), as separate messages or
 * as earlier blocks of the message that holds the real prompt: each block is tested. Older
 * rollouts wrote items bare, without the wrapper; those are read too.
 */
import type { SessionChunk } from "../session-budget.js";
import {
  arrayField,
  blockText,
  describeInput,
  IMAGE,
  isImageBlock,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "../session-line-format.js";
import { parseExecOutput } from "./codex-exec-output.js";
import { chunksOf, type ParsedLine, type TranscriptFormat } from "./transcript-format.js";

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
/** Blocks Codex writes into user messages itself. */
const INJECTED =
  /^\s*(# AGENTS\.md instructions for |<environment_context>|<user_instructions>|<permissions instructions>)/;

/** The Codex rollout format (wrapped lines, or legacy bare items with a `role`-less type). */
export const codexRolloutFormat: TranscriptFormat = {
  name: "Codex rollout",
  detect: (first) =>
    first.some((line) => {
      const type = line["type"];
      if (typeof type !== "string") return false;
      if (ROLLOUT_TYPES.has(type)) return isRecord(line["payload"]);
      return ITEM_TYPES.has(type) && type !== "message";
    }),
  render: renderRollout,
};

interface Call {
  readonly name: string;
  readonly pollOf?: string;
}

function renderRollout(lines: readonly ParsedLine[]): SessionChunk[] {
  const calls = new Map<string, Call>();
  const said = itemTexts(lines);
  return lines.flatMap((line) => {
    if (!isRecord(line.value)) return [];
    const value = line.value;
    switch (value["type"]) {
      case "response_item":
        return renderItem(line, value["payload"], calls);
      case "compacted":
        return chunksOf(
          line,
          messageLine("summary", stringField(value["payload"], "message") ?? ""),
        );
      case "event_msg":
        return renderEvent(line, value["payload"], said);
      case "session_meta":
      case "turn_context":
        return [];
      default:
        return renderItem(line, value, calls);
    }
  });
}

function renderItem(line: ParsedLine, item: unknown, calls: Map<string, Call>): SessionChunk[] {
  if (!isRecord(item)) return [];
  const callId = stringField(item, "call_id") ?? "";
  switch (item["type"]) {
    case "message":
      return renderMessage(line, item);
    case "function_call": {
      const name = stringField(item, "name") ?? "function";
      const args = parseArguments(item["arguments"]);
      if (name === "write_stdin" && isRecord(args)) {
        const session = String(args["session_id"] ?? "?");
        const chars = typeof args["chars"] === "string" ? args["chars"] : "";
        calls.set(callId, { name, pollOf: session });
        // A poll (no input) says nothing its output does not: only the output is shown.
        if (chars === "") return [];
        return chunksOf(
          line,
          toolLine("tool", name, `session ${session} <- ${JSON.stringify(chars)}`),
        );
      }
      calls.set(callId, { name });
      return chunksOf(line, toolLine("tool", name, describeInput(args)));
    }
    case "local_shell_call":
      return chunksOf(
        line,
        toolLine("tool", "shell", describeInput(isRecord(item["action"]) ? item["action"] : {})),
      );
    case "custom_tool_call":
      calls.set(callId, { name: stringField(item, "name") ?? "tool" });
      return chunksOf(
        line,
        toolLine("tool", stringField(item, "name") ?? "tool", stringField(item, "input") ?? ""),
      );
    case "web_search_call":
      return chunksOf(
        line,
        toolLine("tool", "web_search", stringField(item["action"], "query") ?? ""),
      );
    case "function_call_output":
    case "custom_tool_call_output":
      return chunksOf(line, renderOutput(item["output"], calls.get(callId)));
    default:
      return [];
  }
}

function renderMessage(line: ParsedLine, item: Record<string, unknown>): SessionChunk[] {
  const role = item["role"];
  if (role !== "user" && role !== "assistant") return [];
  const parts = arrayField(item, "content").flatMap((block) => {
    if (isImageBlock(block)) return [IMAGE];
    const text = stringField(block, "text") ?? "";
    if (text.trim() === "" || (role === "user" && INJECTED.test(text))) return [];
    return [text];
  });
  const content = item["content"];
  if (typeof content === "string" && !(role === "user" && INJECTED.test(content)))
    parts.push(content);
  if (parts.length === 0) return [];
  return chunksOf(line, messageLine(role, parts.join("\n")), role === "user");
}

/** The texts of every `response_item` message, by role, to tell which events repeat one. */
function itemTexts(lines: readonly ParsedLine[]): Map<string, Set<string>> {
  const texts = new Map<string, Set<string>>([
    ["user", new Set()],
    ["assistant", new Set()],
  ]);
  for (const line of lines) {
    if (!isRecord(line.value) || line.value["type"] !== "response_item") continue;
    const item = line.value["payload"];
    if (!isRecord(item) || item["type"] !== "message") continue;
    const set = texts.get(String(item["role"]));
    if (set === undefined) continue;
    const content = item["content"];
    if (typeof content === "string") set.add(content.trim());
    for (const block of arrayField(item, "content"))
      set.add((stringField(block, "text") ?? "").trim());
  }
  return texts;
}

/** A `user_message` or `agent_message` event no response item repeats; anything else is UI. */
function renderEvent(
  line: ParsedLine,
  payload: unknown,
  said: ReadonlyMap<string, ReadonlySet<string>>,
): SessionChunk[] {
  const type = stringField(payload, "type");
  const role = type === "user_message" ? "user" : type === "agent_message" ? "assistant" : "";
  if (role === "") return [];
  const text = stringField(payload, "message") ?? "";
  if (said.get(role)?.has(text.trim()) === true) return [];
  if (role === "user" && INJECTED.test(text)) return [];
  const images = [...arrayField(payload, "images"), ...arrayField(payload, "local_images")];
  const parts = [...(text.trim() === "" ? [] : [text]), ...images.map(() => IMAGE)];
  if (parts.length === 0) return [];
  return chunksOf(line, messageLine(role, parts.join("\n")), role === "user");
}

/** Function arguments arrive as a JSON string. */
function parseArguments(args: unknown): unknown {
  if (typeof args !== "string") return args;
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

/** Outputs are exec text with a header, content items, or JSON `{ output, metadata }`. */
function renderOutput(output: unknown, call: Call | undefined): string {
  const poll = call?.pollOf === undefined ? "" : `session ${call.pollOf}`;
  const label = (status: string) => [poll, status].filter((part) => part !== "").join(", ");
  if (Array.isArray(output))
    return toolLine("tool result", label(""), blockText(output) || "(no output)");
  if (typeof output !== "string") return toolLine("tool result", label(""), "(no output)");
  const exec = parseExecOutput(output);
  if (exec !== undefined)
    return toolLine("tool result", label(exec.status), exec.body || "(no output)");
  const parsed = parseArguments(output);
  const text = stringField(parsed, "output");
  if (text !== undefined && isRecord(parsed)) {
    const exit = isRecord(parsed["metadata"]) ? parsed["metadata"]["exit_code"] : undefined;
    return toolLine(
      "tool result",
      label(typeof exit === "number" ? `exit ${exit}` : ""),
      text || "(no output)",
    );
  }
  return toolLine("tool result", label(""), output || "(no output)");
}
