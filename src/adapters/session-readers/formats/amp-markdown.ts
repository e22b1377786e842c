/**
 * Amp thread exports (`amp threads markdown T-<id>`): YAML front matter with `threadId: T-`,
 * a `# title`, then `## User` / `## Assistant` sections. Assistant sections hold text and
 * `**Tool Use:** \`name\`` blocks (a fenced JSON input); user sections hold prompts (with
 * `<attached_files>` excerpts the client added) or only `**Tool Result:**` blocks, which
 * are tool output, not prompts.
 */
import type { SessionChunk } from "../session-budget.js";
import { describeInput, messageLine, toolLine } from "../session-line-format.js";
import { parseJson } from "../session-jsonl-render.js";

const SECTION = /^## (User|Assistant)[ \t]*$/gm;
const TOOL_MARK = /^\*\*Tool (Use|Result):\*\* `([^`]*)`[ \t]*$/;
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Whether `head` (the start of a file) is an Amp thread export.
 *
 * @example
 * ```ts
 * isAmpMarkdown("---\ntitle: x\nthreadId: T-1\n---\n"); // true
 * ```
 */
export function isAmpMarkdown(head: string): boolean {
  if (!head.startsWith("---")) return false;
  const end = head.indexOf("\n---", 3);
  const matter = end < 0 ? head : head.slice(0, end);
  return /^threadId: T-/m.test(matter);
}

/**
 * The chunks of an Amp export, one per section (tool blocks on their own lines), with the
 * byte offset of each section in `text`.
 *
 * @example
 * ```ts
 * renderAmpMarkdown("---\nthreadId: T-1\n---\n\n## User\n\nhi\n")[0]?.text; // "[user] hi\n"
 * ```
 */
export function renderAmpMarkdown(text: string): SessionChunk[] {
  const starts = [...text.matchAll(SECTION)];
  return starts.flatMap((match, index) => {
    const bodyStart = (match.index ?? 0) + match[0].length;
    const end = starts[index + 1]?.index ?? text.length;
    const offset = Buffer.byteLength(text.slice(0, match.index ?? 0));
    const sourceBytes = Buffer.byteLength(text.slice(match.index ?? 0, end));
    const role = match[1] === "User" ? "user" : "assistant";
    const rendered = renderSection(role, text.slice(bodyStart, end));
    if (rendered.text === "") return [];
    return [
      { text: rendered.text, offset, sourceBytes, ...(rendered.prompt ? { prompt: true } : {}) },
    ];
  });
}

function renderSection(
  role: "user" | "assistant",
  body: string,
): { text: string; prompt: boolean } {
  const lines = body.replaceAll(/<attached_files>[\s\S]*?<\/attached_files>/g, "").split("\n");
  let out = "";
  let prose: string[] = [];
  let prompt = false;
  const flush = () => {
    const said = prose.join("\n").trim();
    prose = [];
    if (said === "") return;
    if (role === "user" && /^\*\(interrupted\)\*$/.test(said)) {
      out += messageLine("note", "interrupted by the user");
      return;
    }
    out += messageLine(role, said);
    if (role === "user") prompt = true;
  };
  for (let index = 0; index < lines.length; index++) {
    const mark = TOOL_MARK.exec(lines[index] ?? "");
    if (mark === null) {
      prose.push(lines[index] ?? "");
      continue;
    }
    flush();
    const block = fencedBlockAfter(lines, index + 1);
    index = block.end;
    out +=
      mark[1] === "Use"
        ? toolLine("tool", mark[2] ?? "tool", describeInput(parseJson(block.body) ?? block.body))
        : toolLine("tool result", "", block.body || "(no output)");
  }
  flush();
  return { text: out, prompt };
}

/** The fenced block starting on the first non-blank line from `from`, and its last line. */
function fencedBlockAfter(lines: readonly string[], from: number): { body: string; end: number } {
  let open = from;
  while (open < lines.length && (lines[open] ?? "").trim() === "") open++;
  if (!FENCE.test(lines[open] ?? "")) return { body: "", end: from - 1 };
  const close = lines.findIndex((line, index) => index > open && FENCE.test(line));
  const end = close < 0 ? lines.length - 1 : close;
  return { body: lines.slice(open + 1, end).join("\n"), end };
}
