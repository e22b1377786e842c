/**
 * Code symbols a note names in backticks: `createMemory`, `NotesMemory.search()`,
 * `read_file`. Only names distinctive enough to be one project's identifier count: mixed
 * case with a hump (`verifyNotes`, `NotesMemory`) or snake case with a lower-case letter
 * (`read_file`), at least four characters. Plain words (`memory`, `Promise`, `true`) and
 * upper-case constants or environment variables (`GIT_DIR`) are left alone: they are as
 * likely to be English, a language built-in or another tool's setting.
 *
 * @module
 */

import { isValidId } from "../id.js";

/** An identifier a note names. */
export interface SymbolReference {
  readonly kind: "symbol";
  /** The code span as written. */
  readonly text: string;
  readonly name: string;
}

const CHAIN = /^[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*(?:\([^()]*\))?$/;

/**
 * The distinctive identifiers of one code span, when the whole span is an identifier or a
 * member chain (optionally called).
 *
 * @example
 * ```ts
 * symbolReferencesIn("memory.verifyNotes()"); // [{ kind: "symbol", text: "memory.verifyNotes()", name: "verifyNotes" }]
 * symbolReferencesIn("memory"); // []
 * ```
 */
export function symbolReferencesIn(span: string): SymbolReference[] {
  if (!CHAIN.test(span)) return [];
  const chain = span.replace(/\(.*$/, "");
  return [...new Set(chain.split(/\.|::|#/))]
    .filter(isDistinctiveIdentifier)
    .map((name) => ({ kind: "symbol", text: span, name }));
}

/** Whether a name is shaped like one project's identifier rather than a word. */
export function isDistinctiveIdentifier(name: string): boolean {
  if (name.length < 4 || !/[a-z]/.test(name) || isValidId(name)) return false;
  return /[a-z0-9][A-Z]/.test(name) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(name);
}
