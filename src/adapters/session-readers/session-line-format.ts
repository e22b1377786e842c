/**
 * The pieces transcript renderers share: safe access to parsed JSON of unknown shape, and
 * the line formats of the rendered session (`[user] ...`, `[assistant] ...`, one line per
 * tool call and tool result, `[harness] ...` for text the harness wrote itself).
 *
 * A role tag is `[role] ` at the start of a line, and nothing else in session text starts a
 * line with `[`: a message line that does is written with a backslash in front (`\[test] ...`,
 * and a line starting with a backslash gets one more), and an image is `(image)`. So a model
 * (or a person) reading the text can always tell who spoke (docs/architecture.md, "Session
 * text as the model sees it").
 */
import { isRecord } from "../../shared/is-record.js";

// The renderers take it from here with the other pieces they share.
export { isRecord };

/** Longest one-line summary of a tool call or result. */
const ONE_LINE_MAX = 160;

/**
 * `value[key]` when it is a string.
 *
 * @example
 * ```ts
 * stringField({ type: "user" }, "type"); // "user"
 * ```
 */
export function stringField(value: unknown, key: string): string | undefined {
  if (!isRecord(value)) return undefined;
  const field = value[key];
  return typeof field === "string" ? field : undefined;
}

/**
 * `value[key]` when it is an array, else an empty array.
 *
 * @example
 * ```ts
 * arrayField({ content: [1] }, "content"); // [1]
 * ```
 */
export function arrayField(value: unknown, key: string): readonly unknown[] {
  if (!isRecord(value)) return [];
  const field = value[key];
  return Array.isArray(field) ? field : [];
}

/**
 * A message line: `[role] text`, the text kept whole (it is what the session said), with
 * every line of it that starts with `[` or `\\` escaped so it cannot pass for a role tag.
 *
 * @example
 * ```ts
 * messageLine("user", "fix the build"); // "[user] fix the build\n"
 * messageLine("user", "[test:e2e] fails"); // "[user] \\[test:e2e] fails\n"
 * ```
 */
export function messageLine(role: string, text: string): string {
  return `[${role}] ${escapeLineStarts(text.trim())}\n`;
}

/**
 * `text` with a backslash before each `[` or `\\` that starts a line.
 *
 * @example
 * ```ts
 * escapeLineStarts("ok\n[image] x"); // "ok\n\\[image] x"
 * ```
 */
export function escapeLineStarts(text: string): string {
  return text.replaceAll(/^(?=[[\\])/gm, "\\");
}

/**
 * A tool call or result squeezed onto one line: whitespace collapsed, long text cut.
 *
 * @example
 * ```ts
 * toolLine("tool", "Bash", "npm   test\n--watch"); // "[tool] Bash: npm test --watch\n"
 * ```
 */
export function toolLine(kind: string, name: string, detail: string): string {
  const flat = detail.replaceAll(/\s+/g, " ").trim();
  const cut = flat.length > ONE_LINE_MAX ? `${wholeCharacters(flat, ONE_LINE_MAX - 1)}…` : flat;
  const label = name === "" ? "" : `${name}${cut === "" ? "" : ": "}`;
  return `[${kind}] ${label}${cut}\n`;
}

/**
 * A compact description of a tool's input: the command for shell-like tools, the path for
 * file tools, else the JSON itself (cut later by {@link toolLine}).
 *
 * @example
 * ```ts
 * describeInput({ command: ["bash", "-lc", "ls"] }); // "bash -lc ls"
 * describeInput({ file_path: "/src/a.ts" }); // "/src/a.ts"
 * ```
 */
export function describeInput(input: unknown): string {
  if (typeof input === "string") return input;
  if (!isRecord(input)) return input === undefined ? "" : JSON.stringify(input);
  const command = input["command"] ?? input["cmd"];
  if (Array.isArray(command)) return command.map(String).join(" ");
  if (typeof command === "string") return command;
  for (const key of ["file_path", "path", "pattern", "query", "url", "description"]) {
    const value = input[key];
    if (typeof value === "string") return value;
  }
  return JSON.stringify(input);
}

/**
 * The text of a content array: the `text` of every block that has one.
 *
 * @example
 * ```ts
 * blockText([{ type: "text", text: "a" }, { type: "image" }]); // "a"
 * ```
 */
export function blockText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => stringField(block, "text") ?? (isImageBlock(block) ? IMAGE : ""))
    .filter((text) => text !== "")
    .join("\n");
}

/**
 * What an image becomes in session text: its data is never inlined, and it is not in
 * brackets, which start role tags only.
 */
export const IMAGE = "(image)";

/**
 * Whether a content block is an image (Anthropic `image`, Responses `input_image`, Pi
 * `image`, or a `{ mimeType: "image/..." }` block).
 *
 * @example
 * ```ts
 * isImageBlock({ type: "input_image", image_url: "data:image/png;base64,..." }); // true
 * ```
 */
export function isImageBlock(block: unknown): boolean {
  const type = stringField(block, "type");
  if (type === "image" || type === "input_image" || type === "image_url") return true;
  return (stringField(block, "mimeType") ?? stringField(block, "media_type") ?? "").startsWith(
    "image/",
  );
}

/**
 * The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate
 * pair (half an emoji is not a character any decoder accepts).
 *
 * @example
 * ```ts
 * wholeCharacters("ab😀", 3); // "ab"
 * ```
 */
export function wholeCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  const splits = last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, splits ? max - 1 : max);
}
