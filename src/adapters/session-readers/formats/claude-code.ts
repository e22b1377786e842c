/**
 * Claude Code sessions (`~/.claude/projects/<project>/<session>.jsonl`, subagent runs in
 * `<session>/subagents/agent-<id>.jsonl`).
 *
 * Rules (research: /work/notes/formats.md, fixtures test/fixtures/transcripts/claude-code):
 * a prompt is a `user` line that is not meta, not a compaction summary, not a local-command
 * echo and not only tool results. Prompts typed while the agent was busy arrive as
 * `queue-operation` enqueues, then either as a normal user line (after a dequeue) or as a
 * `queued_command` attachment; each is rendered once. Compaction summaries are `[summary]`;
 * `summary` lines are titles only when their `leafUuid` is a line of this file (others
 * belong to other sessions). Sidechain (subagent) lines are marked `subagent`. Text the harness
 * wrote on the user's side (notifications, the interruption marker, IDE context) is
 * `[harness]`, never a prompt (claude-code-harness.ts).
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
import { harnessLine } from "./claude-code-harness.js";
import { chunksOf, type ParsedLine, type TranscriptFormat } from "./transcript-format.js";

const LINE_TYPES = new Set([
  "user",
  "assistant",
  "system",
  "summary",
  "file-history-snapshot",
  "queue-operation",
  "attachment",
  "custom-title",
  "ai-title",
  "last-prompt",
  "progress",
]);
/** Harness echoes of local slash commands: the user did not say these to the agent. */
const COMMAND_ECHO =
  /^\s*<(command-name|command-message|local-command-stdout|local-command-stderr|local-command-caveat)>/;

/** The Claude Code format. */
export const claudeCodeFormat: TranscriptFormat = {
  name: "Claude Code session",
  detect: (first) =>
    first.some((line) => {
      const type = line["type"];
      if (typeof type !== "string" || !LINE_TYPES.has(type)) return false;
      if (type === "user" || type === "assistant") return isRecord(line["message"]);
      return type !== "system" || typeof line["uuid"] === "string";
    }),
  render: renderClaudeCode,
};

function renderClaudeCode(lines: readonly ParsedLine[]): SessionChunk[] {
  const records = lines.flatMap((line) =>
    isRecord(line.value) ? [{ line, value: line.value }] : [],
  );
  const uuids = new Set(records.flatMap(({ value }) => stringField(value, "uuid") ?? []));
  const shownLater = laterPrompts(records.map(({ value }) => value));
  const withdrawn = withdrawnEnqueues(records.map(({ value }) => value));
  const seen = new Set<string>();
  const chunks: SessionChunk[] = [];
  records.forEach(({ line, value }, index) => {
    const uuid = stringField(value, "uuid");
    if (uuid !== undefined) {
      if (seen.has(uuid)) return;
      seen.add(uuid);
    }
    switch (value["type"]) {
      case "summary": {
        const leaf = stringField(value, "leafUuid");
        const text = stringField(value, "summary") ?? "";
        if (leaf !== undefined && uuids.has(leaf))
          chunks.push(...chunksOf(line, messageLine("title", text)));
        return;
      }
      case "queue-operation": {
        if (value["operation"] !== "enqueue" || withdrawn.has(index)) return;
        const text = queuedText(value["content"]);
        if (text.trim() === "" || (shownLater.get(text.trim()) ?? -1) > index) return;
        const harness = harnessLine(text);
        if (harness !== undefined) chunks.push(...chunksOf(line, harness));
        else chunks.push(...chunksOf(line, messageLine("user", text), true));
        return;
      }
      case "attachment": {
        const text = humanQueuedPrompt(value["attachment"]);
        if (text !== undefined) chunks.push(...chunksOf(line, messageLine("user", text), true));
        return;
      }
      case "user":
      case "assistant":
        chunks.push(...renderMessageLine(line, value));
        return;
      default:
        return;
    }
  });
  return chunks;
}

function renderMessageLine(line: ParsedLine, value: Record<string, unknown>): SessionChunk[] {
  // Meta lines are harness-injected (caveats, command echoes), not the user speaking.
  if (value["isMeta"] === true) return [];
  const content = isRecord(value["message"]) ? value["message"]["content"] : undefined;
  const sidechain = value["isSidechain"] === true;
  const assistant = value["type"] === "assistant";
  if (!assistant && value["isCompactSummary"] === true) {
    return chunksOf(line, messageLine("summary", blockText(content)));
  }
  const role = (base: string) => (sidechain ? `subagent ${base}` : base);
  const speaker = assistant ? role("assistant") : sidechain ? "subagent prompt" : "user";
  // A subagent file's first prompt is its task: it is kept at a cut like a user's.
  const prompt = !assistant;
  const origin = value["origin"];
  if (typeof content === "string") {
    if (content.trim() === "" || COMMAND_ECHO.test(content)) return [];
    const harness = assistant ? undefined : harnessLine(content, origin);
    if (harness !== undefined) return chunksOf(line, harness);
    return chunksOf(line, messageLine(speaker, content), prompt);
  }
  if (!Array.isArray(content)) return [];
  const said: string[] = [];
  const tools: string[] = [];
  for (const block of content) {
    const type = stringField(block, "type");
    if (type === "text") {
      const text = stringField(block, "text") ?? "";
      const harness = assistant ? undefined : harnessLine(text, origin);
      if (harness !== undefined) tools.push(harness);
      else if (text.trim() !== "" && !COMMAND_ECHO.test(text)) said.push(text);
    } else if (isImageBlock(block)) said.push(IMAGE);
    else if (type === "tool_use") {
      const input = isRecord(block) ? block["input"] : undefined;
      tools.push(
        toolLine(role("tool"), stringField(block, "name") ?? "tool", describeInput(input)),
      );
    } else if (type === "tool_result") {
      const failed = isRecord(block) && block["is_error"] === true;
      const text = blockText(isRecord(block) ? block["content"] : undefined);
      tools.push(
        toolLine(role("tool result"), failed ? "error" : "", text === "" ? "(no output)" : text),
      );
    }
  }
  const message = said.length === 0 ? "" : messageLine(speaker, said.join("\n"));
  // Text and tool blocks of one line stay one chunk; a prompt chunk is one with user text.
  return chunksOf(line, message + tools.join(""), prompt && message !== "");
}

function queuedText(content: unknown): string {
  return blockText(content);
}

/** The prompt of a `queued_command` attachment a person typed; undefined for anything else. */
function humanQueuedPrompt(attachment: unknown): string | undefined {
  if (!isRecord(attachment) || attachment["type"] !== "queued_command") return undefined;
  const mode = attachment["commandMode"];
  if (mode !== undefined && mode !== "prompt") return undefined;
  const origin = attachment["origin"];
  const kind = isRecord(origin) ? origin["kind"] : origin;
  if (kind !== undefined && kind !== "human") return undefined;
  const prompt = blockText(attachment["prompt"]);
  return prompt.trim() === "" ? undefined : prompt;
}

/** For each prompt text, the last record index where it arrives as a user line or attachment. */
function laterPrompts(values: readonly Record<string, unknown>[]): Map<string, number> {
  const last = new Map<string, number>();
  values.forEach((value, index) => {
    let text: string | undefined;
    if (
      value["type"] === "user" &&
      value["isMeta"] !== true &&
      value["isCompactSummary"] !== true
    ) {
      const content = isRecord(value["message"]) ? value["message"]["content"] : undefined;
      text = typeof content === "string" ? content : blockTextOfTextBlocks(content);
    } else if (value["type"] === "attachment") text = humanQueuedPrompt(value["attachment"]);
    if (text !== undefined && text.trim() !== "") last.set(text.trim(), index);
  });
  return last;
}

function blockTextOfTextBlocks(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .filter((block) => stringField(block, "type") === "text")
    .map((block) => stringField(block, "text") ?? "")
    .join("\n");
}

/** Enqueues the user took back (`popAll` before they were dequeued or removed). */
function withdrawnEnqueues(values: readonly Record<string, unknown>[]): Set<number> {
  const open: number[] = [];
  const withdrawn = new Set<number>();
  values.forEach((value, index) => {
    if (value["type"] !== "queue-operation") return;
    const operation = value["operation"];
    if (operation === "enqueue") open.push(index);
    else if (operation === "dequeue" || operation === "remove") open.shift();
    else if (operation === "popAll") for (const pending of open.splice(0)) withdrawn.add(pending);
  });
  return withdrawn;
}
