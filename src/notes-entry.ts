/**
 * `agent-memory/notes`: the note tier alone, for a process that reads, captures, lists,
 * searches and links but never runs the model-driven lifecycle (a CLI call, a hook, a
 * harness with its own consolidation). It loads no state machine, no schema library and,
 * until the first search, no search index: the cheap way in for a short-lived process.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { createNotesMemory } from "agent-memory/notes";
 * import { fsPersistence } from "agent-memory/adapters";
 *
 * const notes = createNotesMemory({ persistence: fsPersistence({ fs, root }), cache: { persist: true } });
 * const note = await notes.read("id__Kf9mNp");
 * ```
 * @module
 */
export { createNotesMemory, type NotesMemoryOptions } from "./create-notes-memory.js";
export { editNote, type EditResult } from "./notes/ops/edit-note.js";
export { forgetNote } from "./notes/ops/forget.js";
export { recentNotes, type RecentOptions } from "./notes/reads/recent.js";
export { MAX_SEARCH_LIMIT } from "./notes/search/search-options.js";
export { verifyNotes, type VerifyNotesOptions } from "./notes/verify/verify-notes.js";
export type { VerifyFinding, VerifyReport } from "./notes/verify/verify-note-texts.js";
export type { StaleReferenceKind } from "./notes/verify/check-reference.js";
export type { NotesMemory, WarmUpReport } from "./notes/notes-memory.js";
export type { FreshnessOptions } from "./notes/store/freshness.js";
export type { StoreStats } from "./notes/store/note-store.js";
