/**
 * The run-time check of a journal entry (arktype): separate from the entry's type so that
 * reading the format (`agent-memory/format`) does not load the validator.
 */
import { type, type Type } from "arktype";
import {
  MAX_NOTE_LENGTH,
  type JournalEntry,
  type KNOWN_RETRIEVAL_METHODS,
} from "../../model/records/journal-entry.js";

const name = "0 < string <= 64";
const path = "0 < string <= 4096";

/** The field each known retrieval method reads: an entry without it could never be read. */
const NEEDS: Readonly<Record<string, "threadId" | "sessionPath">> = {
  file: "sessionPath",
  jsonl: "sessionPath",
  "amp-thread": "threadId",
  command: "threadId",
  // Keyed by the known methods' names, so a misspelt or renamed one does not compile;
  // cursor-session has no reader of the library's own, so no field is required for it.
} satisfies Partial<Record<(typeof KNOWN_RETRIEVAL_METHODS)[number], "threadId" | "sessionPath">>;

const retrievalSchema = type({
  "+": "delete",
  method: name,
  "threadId?": "0 < string <= 512",
  "sessionPath?": path,
}).narrow((retrieval, ctx) => {
  const needed = Object.hasOwn(NEEDS, retrieval.method) ? NEEDS[retrieval.method] : undefined;
  if (needed === undefined || retrieval[needed] !== undefined) return true;
  return ctx.reject({
    path: [needed],
    expected: `set for retrieval method "${retrieval.method}", which reads it`,
    actual: "missing",
  });
});

const journalEntryType = type({
  "+": "delete",
  version: "1",
  timestamp: "string.date.iso",
  harness: name,
  retrieval: retrievalSchema,
  context: {
    "+": "delete",
    "cwd?": path,
    "repo?": "0 < string <= 512",
  },
  "note?": `string <= ${MAX_NOTE_LENGTH}`,
  "queued?": { "+": "delete", clone: "0 < string <= 64", at: "string.date.iso" },
});

/**
 * The arktype schema of a stored journal entry (version 1). Keys it does not declare are
 * dropped, so an entry always serialises to the same canonical bytes. Typed with the public
 * `Type` so declarations never point into arktype's internals.
 *
 * @example
 * ```ts
 * const checked = journalEntrySchema(JSON.parse(text));
 * if (checked instanceof type.errors) console.error(checked.summary);
 * ```
 */
export const journalEntrySchema: Type<JournalEntry> = journalEntryType;
