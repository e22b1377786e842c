/**
 * The import record: which note each piece of an imported source became, committed beside
 * the notes (`journal/imports/<kind>/<source>.json`, docs/file-format.md section 10.7). It is
 * how a re-run of the same import recognises what it made before, in any clone: by source
 * key, with the version of the source text and of the note as the import wrote it, so a
 * changed source updates a note nobody edited and never one somebody did.
 *
 * @module
 */
import { isRecord } from "../../shared/is-record.js";
import { slugify } from "../../model/slug.js";
import type { ImportKindName } from "./import-kind.js";

const FORMAT = "agent-memory/import-record";
const VERSION = 1;

/** What one source key became. */
export interface RecordedNote {
  /** The note's id. */
  readonly id: string;
  /** The source file (relative to the imported PATH) and the section inside it. */
  readonly file: string;
  readonly section?: string;
  /** Version of the source's text for this key (a digest), when the import wrote it. */
  readonly source: string;
  /** Version of the note file as the import wrote it (`noteHash`). */
  readonly note: string;
}

/** The record of one imported source. */
export interface ImportRecord {
  readonly kind: ImportKindName;
  /** The source's name (the imported folder's or file's base name unless the host names it). */
  readonly source: string;
  readonly notes: Readonly<Record<string, RecordedNote>>;
}

/** Where the record of a source lives, relative to the memory root. */
export function importRecordPath(kind: ImportKindName, source: string): string {
  return `journal/imports/${kind}/${slugify(source) || "source"}.json`;
}

/**
 * The record as committed: one note per line, keys sorted, so a diff shows what a re-run
 * changed and two clones adding keys merge line by line.
 *
 * @example
 * ```ts
 * serializeImportRecord({ kind: "obsidian", source: "vault", notes: {} });
 * ```
 */
export function serializeImportRecord(record: ImportRecord): string {
  const keys = Object.keys(record.notes).toSorted();
  const lines = keys.map((key, index) => {
    const entry = record.notes[key];
    const comma = index === keys.length - 1 ? "" : ",";
    return `    ${JSON.stringify(key)}: ${JSON.stringify(entry)}${comma}`;
  });
  return [
    "{",
    `  "format": ${JSON.stringify(FORMAT)},`,
    `  "version": ${VERSION},`,
    `  "kind": ${JSON.stringify(record.kind)},`,
    `  "source": ${JSON.stringify(record.source)},`,
    `  "notes": {${lines.length === 0 ? "}" : ""}`,
    ...(lines.length === 0 ? [] : [...lines, "  }"]),
    "}",
    "",
  ].join("\n");
}

/**
 * Reads a record; undefined for text that is not one (of this format and version). Entries
 * that are malformed are left out: their keys are imported as new.
 */
export function parseImportRecord(text: string): ImportRecord | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed["format"] !== FORMAT || parsed["version"] !== VERSION)
    return undefined;
  const { kind, source, notes } = parsed;
  if (typeof kind !== "string" || typeof source !== "string" || !isRecord(notes)) return undefined;
  const entries: Record<string, RecordedNote> = {};
  for (const [key, value] of Object.entries(notes)) {
    const entry = recordedNote(value);
    if (entry !== undefined) entries[key] = entry;
  }
  return { kind: kind as ImportKindName, source, notes: entries };
}

function recordedNote(value: unknown): RecordedNote | undefined {
  if (!isRecord(value)) return undefined;
  const { id, file, section, source, note } = value;
  if (
    typeof id !== "string" ||
    typeof file !== "string" ||
    typeof source !== "string" ||
    typeof note !== "string"
  )
    return undefined;
  return { id, file, ...(typeof section === "string" ? { section } : {}), source, note };
}
