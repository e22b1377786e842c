import type { StoredFile } from "../../ports/persistence.js";
import type { ParsedNote } from "../../model/note-format.js";
import type { FreshnessOptions } from "./freshness.js";
import type { IndexNoteFile } from "./index-note-file.js";
import type { NoteFacts } from "./note-facts.js";
import type { UnsafeFile } from "./note-listing.js";

/** A note file as the store last read it. */
export interface StoredNote extends NoteFacts {
  readonly note: ParsedNote;
}

/** The memory's notes (or their facts) at one moment. */
export interface Snapshot<N extends NoteFacts> {
  /** Every note file in the layout, sorted by path. */
  readonly notes: readonly N[];
  /** Note files by id; more than one entry means a duplicate id. */
  readonly byId: ReadonlyMap<string, readonly N[]>;
  /** Markdown files in a status folder whose names carry no valid id. */
  readonly unparsable: readonly StoredFile[];
  /**
   * Files the library will not read as notes nor ever rewrite (symbolic links, names the layout
   * refuses, text that is not UTF-8, binary content), with the reason.
   */
  readonly unsafe: readonly UnsafeFile[];
  /** The index note, when the memory has one. */
  readonly indexNote: IndexNoteFile | undefined;
}

/** The notes with their bodies. */
export type NoteSnapshot = Snapshot<StoredNote>;
/** The notes' facts: what listing and the link graph need, without a read per file. */
export type FactsSnapshot = Snapshot<NoteFacts>;

/** What a store is configured to do, and what its last look at the files cost. */
export interface StoreStats {
  readonly freshness: FreshnessOptions["mode"];
  /** Whether the notes' facts are kept in `.agent-memory/cache/notes.json`. */
  readonly persisted: boolean;
  /** How many facts the persisted cache offered when this process first read it. */
  readonly loadedFromCache: number;
  /** The last look: notes listed, and how many of them had to be read from their files. */
  readonly lastLook: { readonly notes: number; readonly read: number } | undefined;
}
