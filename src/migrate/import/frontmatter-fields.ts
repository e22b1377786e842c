/**
 * The leading `---` block of a markdown file as flat fields, for the files Claude Code writes
 * (rules' `paths:`, auto-memory topic files' `name`/`description`/`type`, `metadata.type`).
 * The YAML is read by the one frontmatter reader the importers share (`frontmatter.ts`, the
 * `yaml` library); this only flattens it: a scalar or a list of scalars per key, one level of
 * nesting joined with a dot. A block that is not valid YAML is kept whole in `unparsed`, so the
 * import keeps it as text.
 *
 * @module
 */
import { readFrontmatter } from "./frontmatter.js";

/** One field of the block: a scalar or a list of scalars. */
export interface FrontmatterField {
  /** The key; a nested key is joined with a dot (`metadata.type`). */
  readonly key: string;
  readonly value: string | readonly string[];
}

/** A file split into its frontmatter fields and the markdown after the block. */
export interface FrontmatterSplit {
  readonly fields: readonly FrontmatterField[];
  /** The block's lines when they are not YAML a field can be read from, verbatim. */
  readonly unparsed: readonly string[];
  /** The text after the closing `---` (the whole text when there is no block). */
  readonly body: string;
}

/**
 * Splits `text` into its leading frontmatter (a `---` line first, closed by the next `---`
 * line) and the body after it.
 *
 * @example
 * ```ts
 * splitFrontmatter("---\npaths:\n  - \"src/**\"\n---\nRun tests.").fields;
 * // [{ key: "paths", value: ["src/**"] }]
 * ```
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const unmarked = text.replace(/^\uFEFF/, "");
  const read = readFrontmatter(unmarked);
  if (read.kind === "none") return { fields: [], unparsed: [], body: text };
  if (read.kind === "invalid") {
    const block = unmarked.slice(0, unmarked.length - read.body.length).split(/\r?\n/);
    const lines = block.slice(1).filter((line) => !/^---[ \t]*$/.test(line) && line !== "");
    return { fields: [], unparsed: lines, body: read.body };
  }
  const fields: FrontmatterField[] = [];
  for (const [key, value] of Object.entries(read.properties)) {
    if (isMapping(value)) {
      for (const [inner, innerValue] of Object.entries(value))
        fields.push({ key: `${key}.${inner}`, value: fieldValue(innerValue) });
    } else fields.push({ key, value: fieldValue(value) });
  }
  return { fields, unparsed: [], body: read.body };
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fieldValue(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((item) => scalarText(item));
  return scalarText(value);
}

function scalarText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** The field's value as one line of text: list items joined with ", ". */
export function fieldText(value: string | readonly string[]): string {
  return typeof value === "string" ? value : value.join(", ");
}
