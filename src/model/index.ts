/**
 * `agent-memory/format`: the note format as pure functions, for tools that read or write
 * notes without a memory (ids, slugs, filenames, tags, links, parse and serialize), plus the
 * formats of the index note, the session log and journal entries.
 *
 * @example
 * ```ts
 * import { buildFilename, extractLinks, parseNote } from "agent-memory/format";
 * buildFilename("Igor is a designer", "id__Ab3xYz"); // "igor-is-a-designer id__Ab3xYz.md"
 * ```
 * @module
 */
export {
  generateId,
  idLengthAt,
  isValidId,
  normalizeIdInput,
  ID_BODY_LENGTH,
  ID_BODY_MAX_LENGTH,
  ID_BODY_MIN_LENGTH,
  ID_PLACEHOLDER,
  ID_PREFIX,
  ID_SHAPE,
  ID_SOURCE,
} from "./id.js";
export { slugify } from "./slug.js";
export {
  SOURCE_TRAILER,
  describeSource,
  formatSourceTrailer,
  parseSourceTrailers,
  type MemorySource,
} from "./provenance.js";
export { buildFilename, parseFilename, type ParsedFilename } from "./filename.js";
export { extractTags, isValidTagName } from "./tags.js";
export { extractLinks, type NoteLink } from "./links.js";
export { replaceLink, replaceLinkText, type ReplaceLinkTextResult } from "./link-rewrite.js";
export {
  parseNote,
  serializeNote,
  type NoteContent,
  type ParsedNote,
  type ParseNoteOptions,
} from "./note-format.js";
export {
  INDEX_NOTE_PATH,
  MEMORY_OWNED_PATHS,
  NOTE_STATUSES,
  PRIVATE_FOLDER,
  STATUS_FOLDERS,
  isNoteStatus,
  statusOfPath,
  type NoteStatus,
} from "./layout.js";
export { PRIVATE_IGNORE_RULE, ROOT_IGNORE_FILE, withPrivateIgnoreRule } from "./private-ignore.js";
export {
  KNOWN_HARNESSES,
  KNOWN_RETRIEVAL_METHODS,
  type JournalEntry,
  type StoredJournalEntry,
} from "./records/journal-entry.js";
export {
  readIndexTiers,
  writeIndexTiers,
  type IndexEntry,
  type IndexTiers,
  type TierUpdate,
} from "./records/index-note.js";
export { EMPTY_INDEX_NOTE } from "./records/hot-index.js";
export {
  formatSession,
  parseSessions,
  type ParsedSession,
  type SessionParts,
} from "./records/session-markdown.js";
export { MAX_NOTE_BYTES } from "./note-size.js";
export { applyNoteEdit, NOTE_EDIT_KINDS, type NoteEdit } from "./note-edit.js";
export { parseSince } from "../shared/since.js";
export {
  REDIRECTS_FOLDER,
  parseRedirect,
  redirectPath,
  redirectText,
  resolveRedirect,
  type Redirect,
} from "./records/redirect-record.js";
export {
  formatSupersessionLine,
  isIsoDate,
  markSuperseded,
  noteSupersession,
  readSupersessions,
  type Supersession,
  type SupersessionFormatError,
  type SupersessionMark,
} from "./supersession/supersession.js";
export {
  mergeFileKind,
  mergeMemoryFile,
  memoryRootOfPath,
  type MergeFileKind,
  type MergedText,
} from "./merge/merge-memory-file.js";
export { MERGE_MARK, mergeMarkLines } from "./merge/merge-mark.js";
export { settleNoteSides, type NoteSide, type SettledNote } from "./merge/merge-note-paths.js";
export { MERGE_DRIVER, ROOT_ATTRIBUTES_FILE, withMergeRules } from "./merge/merge-attributes.js";
