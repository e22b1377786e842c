import { isRecord } from "../../shared/is-record.js";
import { ID_PREFIX, isValidId } from "../../model/id.js";
import { PRIVATE_FOLDER, STATUS_FOLDERS, basename, statusOfPath } from "../../model/layout.js";
import { NOTE_HASH_LENGTH, isNoteHash } from "../../model/note-hash.js";
import { CachedNote, LINK_ID_SEPARATOR } from "./cached-note.js";
import type { NoteFacts } from "./note-facts.js";
import { safelyRead, type StatKey } from "./stat-key.js";

/** Where the persisted facts live: private, never committed, git-ignored by `init`. */
export const NOTES_CACHE_PATH = `${PRIVATE_FOLDER}/cache/notes.json`;

const FORMAT = "agent-memory/notes-cache";
// Bumped whenever what a note's facts hold, how they are derived, or the file's shape changes
// (4: link targets separated, not glued at the id's width, so ids of any width fit; 5: the
// `successors` column, a superseded note's successor id, issue 30).
const VERSION = 5;
// A cache written for another set of status folders describes another layout.
const LAYOUT = Object.values(STATUS_FOLDERS).join(",");

const STAT_CELLS = 4;

/** One file's facts, with the stat key and the time they were read. */
export interface CachedFacts {
  readonly key: StatKey;
  readonly readAt: number;
  readonly facts: NoteFacts;
}

/** A cached entry as read back: facts only, no body (the store's entries say so). */
export type DecodedFacts = CachedFacts & { readonly stored: undefined };

/**
 * The file's shape: one column per field instead of one array per note, because a cold
 * process pays for every value its parser allocates, and the garbage collector then copies
 * each survivor. Columns whose values are constrained are glued into strings: the hashes
 * (fixed width), a note's tags (no whitespace in a tag) and its links' targets (no
 * whitespace in an id; without "id__"). No read time: only rows read safely after their mtime are saved, and such
 * a row stays safe.
 */
interface Columns {
  readonly paths: string[];
  /** mtimeMs, size, ctimeMs, ino per note; null where the persistence did not report it. */
  readonly stats: (number | null)[];
  readonly hashes: string;
  readonly titles: string[];
  /** Per note, its tags joined by spaces. */
  readonly tags: string[];
  /** Per note, its links' targets without "id__", {@link LINK_ID_SEPARATOR} between. */
  readonly links: string[];
  /** Every note's link texts, in order. */
  readonly texts: string[];
  /**
   * Row number to the successor id of a note superseded as a whole; sparse, since few notes
   * are. Full ids, so the column does not depend on how links' targets are glued.
   */
  readonly successors: Record<string, string>;
}

/**
 * The file's text for `entries`. Entries read within the racy window of their mtime are left
 * out, and so are a note less readable than the memory (restricted) and a note the columns
 * cannot hold (a hash that is not noteHash's, a tag with
 * whitespace): the next process re-reads those files whatever the cache says.
 *
 * @example
 * ```ts
 * await persistence.write(NOTES_CACHE_PATH, encodeNotesCache(entries));
 * ```
 */
export function encodeNotesCache(entries: Iterable<CachedFacts>): string {
  const columns: Omit<Columns, "hashes"> = {
    paths: [],
    stats: [],
    titles: [],
    tags: [],
    links: [],
    texts: [],
    successors: {},
  };
  const hashes: string[] = [];
  for (const { key, readAt, facts } of entries) {
    // A note narrower than the memory stays out: the cache would widen who can read it.
    if (facts.restricted === true) continue;
    if (!safelyRead(key, readAt) || !fitsColumns(facts)) continue;
    const { note } = facts;
    if (facts.supersededBy !== undefined)
      columns.successors[columns.paths.length] = facts.supersededBy;
    columns.paths.push(facts.path);
    columns.stats.push(key.mtimeMs, key.size, key.ctimeMs ?? null, key.ino ?? null);
    hashes.push(facts.hash);
    columns.titles.push(note.title);
    columns.tags.push(note.tags.join(" "));
    let ids = "";
    for (const link of note.links) {
      ids += (ids === "" ? "" : LINK_ID_SEPARATOR) + link.id.slice(ID_PREFIX.length);
      columns.texts.push(link.displayText);
    }
    columns.links.push(ids);
  }
  return JSON.stringify({
    format: FORMAT,
    version: VERSION,
    layout: LAYOUT,
    ...columns,
    hashes: hashes.join(""),
  });
}

function fitsColumns(facts: NoteFacts): boolean {
  if (!isNoteHash(facts.hash)) return false;
  for (const tag of facts.note.tags) if (tag === "" || tag.includes(" ")) return false;
  for (const link of facts.note.links) if (!isValidId(link.id)) return false;
  return facts.supersededBy === undefined || isValidId(facts.supersededBy);
}

/**
 * The entries of a cache file, or undefined when the text is not a cache this version wrote
 * for this layout (missing, truncated, corrupt, older, newer) or its columns disagree in
 * length. A row that does not hold together (a path outside the status folders, a value of
 * the wrong type) is dropped: that file is simply read again. Every entry's `readAt` is
 * +Infinity: it was saved only after a safe read.
 *
 * @example
 * ```ts
 * const entries = decodeNotesCache(text) ?? []; // a bad cache costs a re-read, never an answer
 * ```
 */
export function decodeNotesCache(text: string): DecodedFacts[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT || parsed.version !== VERSION) return undefined;
  if (parsed.layout !== LAYOUT) return undefined;
  const columns = columnsOf(parsed);
  if (columns === undefined) return undefined;
  const entries: DecodedFacts[] = [];
  let firstText = 0;
  for (let row = 0; row < columns.paths.length; row++) {
    const links = linkCount(columns.links[row]);
    const entry = decodeRow(columns, row, firstText, links);
    firstText += links;
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

function columnsOf(parsed: Record<string, unknown>): Columns | undefined {
  const { paths, stats, hashes, titles, tags, links, texts, successors } = parsed;
  if (!Array.isArray(paths) || !Array.isArray(stats) || typeof hashes !== "string") return;
  if (!Array.isArray(titles) || !Array.isArray(tags) || !Array.isArray(links)) return;
  if (!Array.isArray(texts) || !isRecord(successors)) return;
  const count = paths.length;
  if (stats.length !== count * STAT_CELLS || hashes.length !== count * NOTE_HASH_LENGTH) return;
  if (titles.length !== count || tags.length !== count || links.length !== count) return;
  let totalLinks = 0;
  for (const ids of links as unknown[]) {
    if (typeof ids !== "string") return;
    totalLinks += linkCount(ids);
  }
  if (texts.length !== totalLinks) return;
  return parsed as unknown as Columns;
}

/** How many link targets a note's `links` cell names. */
function linkCount(ids: string | undefined): number {
  if (ids === undefined || ids === "") return 0;
  let count = 1;
  for (
    let at = ids.indexOf(LINK_ID_SEPARATOR);
    at !== -1;
    at = ids.indexOf(LINK_ID_SEPARATOR, at + 1)
  )
    count++;
  return count;
}

function decodeRow(
  columns: Columns,
  row: number,
  firstText: number,
  count: number,
): DecodedFacts | undefined {
  const path = columns.paths[row];
  const title = columns.titles[row];
  const tags = columns.tags[row];
  const ids = columns.links[row];
  if (typeof path !== "string" || typeof title !== "string" || typeof tags !== "string")
    return undefined;
  const at = row * STAT_CELLS;
  const mtimeMs = columns.stats[at];
  const size = columns.stats[at + 1];
  const ctimeMs = columns.stats[at + 2];
  const ino = columns.stats[at + 3];
  if (!isNumber(mtimeMs) || !isNumber(size)) return undefined;
  if (!(ctimeMs === null || isNumber(ctimeMs)) || !(ino === null || isNumber(ino)))
    return undefined;
  const successor = columns.successors[String(row)];
  if (successor !== undefined && (typeof successor !== "string" || !isValidId(successor)))
    return undefined;
  for (let text = firstText; text < firstText + count; text++)
    if (typeof columns.texts[text] !== "string") return undefined;
  const status = statusOfPath(path);
  // The store uses an entry only for a path its listing parsed as a note file name (which
  // checks the id's characters), so the id and slug are cut from the path here instead of
  // parsing 10,000 names again: "<slug> <id>.md", the id after the last space, or "<id>.md".
  const name = basename(path);
  if (status === undefined || !name.endsWith(".md")) return undefined;
  const space = name.lastIndexOf(" ");
  const slug = space === -1 ? "" : name.slice(0, space);
  const cut = space + 1;
  if (!name.startsWith(ID_PREFIX, cut)) return undefined;
  return {
    key: statKey(mtimeMs, size, ctimeMs, ino),
    readAt: Number.POSITIVE_INFINITY,
    facts: {
      path,
      status,
      slug,
      mtimeMs,
      size,
      hash: columns.hashes.slice(row * NOTE_HASH_LENGTH, (row + 1) * NOTE_HASH_LENGTH),
      ...(successor === undefined ? {} : { supersededBy: successor }),
      note: new CachedNote(
        name.slice(cut, -3),
        title,
        tags === "" ? [] : tags.split(" "),
        ids ?? "",
        columns.texts,
        firstText,
      ),
    },
    stored: undefined,
  };
}

function statKey(
  mtimeMs: number,
  size: number,
  ctimeMs: number | null,
  ino: number | null,
): StatKey {
  if (ctimeMs !== null && ino !== null) return { mtimeMs, size, ctimeMs, ino };
  if (ctimeMs !== null) return { mtimeMs, size, ctimeMs };
  if (ino !== null) return { mtimeMs, size, ino };
  return { mtimeMs, size };
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
