/**
 * `codex exec --json` event streams: `thread.started`, `turn.*`, and `item.started` /
 * `item.updated` / `item.completed` carrying one item each (agent messages, commands, file
 * changes, MCP calls, web searches). The prompt is not in the stream (it was the command's
 * argument), so such a session has replies and tools only. An item is shown once, in its
 * last state, where it was first seen.
 */
import type { SessionChunk } from "../session-budget.js";
import {
  describeInput,
  isRecord,
  messageLine,
  stringField,
  toolLine,
} from "../session-line-format.js";
import { chunksOf, type ParsedLine, type TranscriptFormat } from "./transcript-format.js";

const EVENT_TYPES = new Set([
  "thread.started",
  "turn.started",
  "turn.completed",
  "turn.failed",
  "item.started",
  "item.updated",
  "item.completed",
]);

/** The `codex exec --json` format. */
export const codexExecFormat: TranscriptFormat = {
  name: "codex exec --json stream",
  detect: (first) => first.some((line) => EVENT_TYPES.has(String(line["type"]))),
  render: renderExec,
};

function renderExec(lines: readonly ParsedLine[]): SessionChunk[] {
  const latest = new Map<string, { line: ParsedLine; item: Record<string, unknown> }>();
  const order: { id: string; line: ParsedLine }[] = [];
  const failures: { line: ParsedLine; text: string }[] = [];
  lines.forEach((line, index) => {
    const value = line.value;
    if (!isRecord(value)) return;
    const type = value["type"];
    if (type === "turn.failed" || type === "error") {
      const message =
        stringField(isRecord(value["error"]) ? value["error"] : value, "message") ?? "";
      failures.push({ line, text: messageLine("error", message) });
      order.push({ id: `#failure${index}`, line });
      return;
    }
    const item = value["item"];
    if (typeof type !== "string" || !type.startsWith("item.") || !isRecord(item)) return;
    const id = stringField(item, "id") ?? `#${index}`;
    if (!latest.has(id)) order.push({ id, line });
    latest.set(id, { line, item });
  });
  return order.flatMap(({ id, line }) => {
    if (id.startsWith("#failure"))
      return chunksOf(line, failures.find((f) => f.line === line)?.text ?? "");
    const found = latest.get(id);
    return found === undefined ? [] : chunksOf(line, renderItem(found.item));
  });
}

function renderItem(item: Record<string, unknown>): string {
  switch (item["type"]) {
    case "agent_message":
      return messageLine("assistant", stringField(item, "text") ?? "");
    case "command_execution": {
      const exit = item["exit_code"];
      const output = stringField(item, "aggregated_output") ?? "";
      return (
        toolLine("tool", "shell", stringField(item, "command") ?? "") +
        toolLine(
          "tool result",
          typeof exit === "number" ? `exit ${exit}` : String(item["status"] ?? ""),
          output || "(no output)",
        )
      );
    }
    case "file_change": {
      const changes = Array.isArray(item["changes"]) ? item["changes"] : [];
      const described = changes.map(
        (change) =>
          `${stringField(change, "kind") ?? "change"} ${stringField(change, "path") ?? ""}`,
      );
      return toolLine("tool", "file_change", described.join(", "));
    }
    case "mcp_tool_call":
      return toolLine(
        "tool",
        `${stringField(item, "server") ?? "mcp"}.${stringField(item, "tool") ?? "tool"}`,
        describeInput(item["arguments"]),
      );
    case "web_search":
      return toolLine("tool", "web_search", stringField(item, "query") ?? "");
    case "error":
      return messageLine("error", stringField(item, "message") ?? "");
    default:
      return "";
  }
}
