/**
 * Text Claude Code writes into the user's side of a transcript itself: background task and
 * subagent notifications, the interruption marker, IDE context and the output of a `!` shell
 * command. The person did not type it, so it is shown as `[harness]`, one line each, and it
 * is never a session's first prompt.
 *
 * Shapes (real files: test/fixtures/transcripts/SOURCES.md, "claude-code-real"):
 * `<task-notification>` / `<agent-notification>` with `<summary>` and `<result>`, as a user
 * line (newer builds add `origin: {kind: "task-notification"}`) and as a queue enqueue;
 * `[Request interrupted by user]` and `[Request interrupted by user for tool use]` as a text
 * block; `<ide_opened_file>`, `<ide_selection>`; `<bash-stdout>`, `<bash-stderr>`.
 */
import { isRecord, toolLine } from "../session-line-format.js";

const NOTIFICATION = /^\s*<(task|agent)-notification>/;
const INTERRUPTED = /^\s*\[(Request interrupted by user[^\]\n]*)\]\s*$/;
const HARNESS_TAG = /^\s*<(ide_opened_file|ide_selection|bash-stdout|bash-stderr)>/;

/**
 * The `[harness]` line for a text block Claude Code wrote itself, or undefined when the text
 * is not harness text (the person's own words).
 *
 * @example
 * ```ts
 * harnessLine("[Request interrupted by user]"); // "[harness] Request interrupted by user\n"
 * harnessLine("fix the build"); // undefined
 * ```
 */
export function harnessLine(text: string, origin?: unknown): string | undefined {
  const notification = NOTIFICATION.exec(text);
  if (notification !== null || originKind(origin) === "task-notification") {
    const kind = notification?.[1] ?? "task";
    return toolLine("harness", `${kind} notification`, notificationText(text));
  }
  const interrupted = INTERRUPTED.exec(text);
  if (interrupted !== null) return toolLine("harness", "", interrupted[1] ?? "");
  const tagged = HARNESS_TAG.exec(text);
  if (tagged !== null) return toolLine("harness", tagged[1] ?? "", stripTags(text));
  return undefined;
}

/** The `kind` of a line's `origin` (an object in most builds, a bare string in some). */
function originKind(origin: unknown): unknown {
  return isRecord(origin) ? origin["kind"] : origin;
}

/** A notification's status, summary and result, without the XML-like tags. */
function notificationText(text: string): string {
  const field = (name: string) =>
    new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text)?.[1]?.trim() ?? "";
  const parts = [field("summary") || field("status"), field("result")].filter(
    (part) => part !== "",
  );
  return parts.length > 0 ? parts.join(": ") : stripTags(text);
}

function stripTags(text: string): string {
  return text.replaceAll(/<\/?[\w-]+>/g, " ");
}
