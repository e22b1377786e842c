/**
 * The leading `---` block of a markdown file, read as the small YAML subset the files of
 * Claude Code write there: `key: value`, `key: [a, b]`, a key followed by `  - item` lines,
 * and one level of nesting (`metadata:` then `  type: project`, read as `metadata.type`).
 * A line this subset does not cover is kept in `unparsed`, so the import can keep it as text.
 *
 * @module
 */

/** One field of the block: a scalar or a list of scalars. */
export interface FrontmatterField {
  /** The key; a nested key is joined with a dot (`metadata.type`). */
  readonly key: string;
  readonly value: string | readonly string[];
}

/** A file split into its frontmatter fields and the markdown after the block. */
export interface FrontmatterSplit {
  readonly fields: readonly FrontmatterField[];
  /** Lines of the block that are not a field in the subset above, verbatim. */
  readonly unparsed: readonly string[];
  /** The text after the closing `---` (the whole text when there is no block). */
  readonly body: string;
}

const FENCE = /^---[ \t]*$/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/;
const FIELD = /^([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*))?$/;
const NESTED_FIELD = /^[ \t]+([A-Za-z_][\w.-]*)[ \t]*:(?:[ \t]+(.*))?$/;
const LIST_ITEM = /^[ \t]*-[ \t]+(.*)$/;

/**
 * Splits `text` into its leading frontmatter (when it opens with a `---` line closed by a
 * `---` or `...` line) and the body after it.
 *
 * @example
 * ```ts
 * splitFrontmatter("---\npaths:\n  - \"src/**\"\n---\nRun tests.").fields;
 * // [{ key: "paths", value: ["src/**"] }]
 * ```
 */
export function splitFrontmatter(text: string): FrontmatterSplit {
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  const first = lines[0]?.replace(/\r$/, "");
  if (first === undefined || !FENCE.test(first)) return { fields: [], unparsed: [], body: text };
  const close = lines.findIndex(
    (line, index) => index > 0 && CLOSING.test(line.replace(/\r$/, "")),
  );
  if (close === -1) return { fields: [], unparsed: [], body: text };
  const { fields, unparsed } = readFields(
    lines.slice(1, close).map((line) => line.replace(/\r$/, "")),
  );
  return { fields, unparsed, body: lines.slice(close + 1).join("\n") };
}

function readFields(lines: readonly string[]): {
  fields: FrontmatterField[];
  unparsed: string[];
} {
  const fields: FrontmatterField[] = [];
  const unparsed: string[] = [];
  let open: { key: string; items: string[] } | undefined;
  const closeOpen = (): void => {
    if (open !== undefined && open.items.length > 0)
      fields.push({ key: open.key, value: open.items });
    else if (open !== undefined) fields.push({ key: open.key, value: "" });
    open = undefined;
  };
  for (const line of lines) {
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const item = open === undefined ? null : LIST_ITEM.exec(line);
    if (open !== undefined && item !== null) {
      open.items.push(scalar(item[1] ?? ""));
      continue;
    }
    const nested = open === undefined ? null : NESTED_FIELD.exec(line);
    if (open !== undefined && nested !== null && open.items.length === 0) {
      fields.push({ key: `${open.key}.${nested[1] ?? ""}`, value: valueOf(nested[2] ?? "") });
      continue;
    }
    const field = FIELD.exec(line);
    if (field === null) {
      closeOpen();
      unparsed.push(line);
      continue;
    }
    closeOpen();
    const key = field[1] ?? "";
    const raw = field[2] ?? "";
    if (raw.trim() === "") open = { key, items: [] };
    else fields.push({ key, value: valueOf(raw) });
  }
  closeOpen();
  return { fields: fields.filter((field) => !isEmptyParent(field, fields)), unparsed };
}

// `metadata:` followed by nested fields yields `metadata` (empty) and `metadata.type`: the
// empty parent is structure, not a value.
function isEmptyParent(field: FrontmatterField, all: readonly FrontmatterField[]): boolean {
  return field.value === "" && all.some((other) => other.key.startsWith(`${field.key}.`));
}

function valueOf(raw: string): string | string[] {
  const trimmed = raw.trim();
  if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
    const inner = trimmed.slice(1, -1).trim();
    return inner === "" ? [] : inner.split(",").map((part) => scalar(part));
  }
  return scalar(trimmed);
}

function scalar(raw: string): string {
  const trimmed = raw.trim();
  const quoted = /^"(.*)"$/.exec(trimmed) ?? /^'(.*)'$/.exec(trimmed);
  return quoted === null ? trimmed : (quoted[1] ?? "");
}

/** The field's value as one line of text: list items joined with ", ". */
export function fieldText(value: string | readonly string[]): string {
  return typeof value === "string" ? value : value.join(", ");
}
