/**
 * YAML frontmatter (Obsidian's properties, basic-memory's title/type/tags/permalink): a block
 * that opens on the file's first line with `---` and closes at the next line that is `---`.
 * A `---` further down is a horizontal rule, not frontmatter.
 *
 * @module
 */
import { parseDocument } from "yaml";

/** A file split at its frontmatter. */
export type Frontmatter =
  /** No frontmatter: `body` is the whole text. */
  | { readonly kind: "none"; readonly body: string }
  /** Parsed: `properties` holds the mapping, `body` the text after the closing `---`. */
  | {
      readonly kind: "parsed";
      readonly properties: Readonly<Record<string, unknown>>;
      readonly body: string;
    }
  /** Present but not a YAML mapping: `reason` says why; the caller keeps the text. */
  | { readonly kind: "invalid"; readonly reason: string; readonly body: string };

const OPENING = /^---[ \t]*\r?\n/;
const CLOSING = /^---[ \t]*$/m;

/**
 * Splits `text` at its frontmatter and parses it (YAML 1.2 core schema, so dates stay text).
 *
 * @example
 * ```ts
 * readFrontmatter("---\ntags: [a]\n---\nBody"); // { kind: "parsed", properties: { tags: ["a"] }, body: "Body" }
 * ```
 */
export function readFrontmatter(text: string): Frontmatter {
  const opening = OPENING.exec(text);
  if (opening === null) return { kind: "none", body: text };
  const rest = text.slice(opening[0].length);
  const closing = CLOSING.exec(rest);
  if (closing === null) return { kind: "none", body: text };
  const yaml = rest.slice(0, closing.index);
  const afterClosing = rest.slice(closing.index + closing[0].length);
  const body = afterClosing.replace(/^\r?\n/, "");
  const document = parseDocument(yaml, { schema: "core", uniqueKeys: false });
  const firstError = document.errors[0];
  if (firstError !== undefined) {
    return { kind: "invalid", reason: firstError.message.split("\n")[0] ?? "", body };
  }
  const value: unknown = document.toJS();
  if (value === null || value === undefined) return { kind: "parsed", properties: {}, body };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { kind: "invalid", reason: "the frontmatter is not a list of properties", body };
  }
  return { kind: "parsed", properties: value as Record<string, unknown>, body };
}

/**
 * A property's values as strings: a list gives its items, a string is split at commas (and at
 * whitespace too when `splitSpaces`), anything else gives nothing.
 *
 * @example
 * ```ts
 * propertyList(["a", "b"]); // ["a", "b"]
 * propertyList("a, b"); // ["a", "b"]
 * ```
 */
export function propertyList(value: unknown, splitSpaces = false): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const separator = splitSpaces ? /[,\s]+/ : /,/;
  return items
    .flatMap((item) =>
      typeof item === "string"
        ? item.split(separator)
        : typeof item === "number"
          ? [String(item)]
          : [],
    )
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/**
 * A property value as one line of text: a list joined with `, `, an object as JSON.
 *
 * @example
 * ```ts
 * propertyText(["a", "b"]); // "a, b"
 * ```
 */
export function propertyText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(propertyText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value as string | number | boolean);
}
