import { isRecord } from "../shared/is-record.js";
import { PRIVATE_FOLDER, STATUS_FOLDERS, basename, statusOfPath } from "../model/layout.js";
import type { FactLink, NoteFacts } from "./note-facts.js";
import { safelyRead, type StatKey } from "./stat-key.js";

/** Where the persisted facts live: private, never committed, git-ignored by `init`. */
export const NOTES_CACHE_PATH = `${PRIVATE_FOLDER}/cache/notes.json`;

const FORMAT = "agent-memory/notes-cache";
// Bumped whenever what a note's facts hold, how they are derived, or the row shape changes.
const VERSION = 2;
// A cache written for another set of status folders describes another layout.
const LAYOUT = Object.values(STATUS_FOLDERS).join(",");

const NOTE_ID = /^id__[0-9A-Za-z]{6}$/;
// " id__XXXXXX.md": what follows the slug in a note's file name.
const ID_SUFFIX_LENGTH = 14;

/** One file's facts, with the stat key and the time they were read. */
export interface CachedFacts {
  readonly key: StatKey;
  readonly readAt: number;
  readonly facts: NoteFacts;
}

/** A cached entry as read back: facts only, no body (the store's entries say so). */
export type DecodedFacts = CachedFacts & { readonly stored: undefined };

/**
 * One note, flat: the parser allocates an array per nesting level and a cold process pays
 * for each, so tags and links (id, text, id, text, ...) are single arrays. No read time: only
 * rows read safely after their mtime are saved, and such a row stays safe.
 */
type Row = [
  path: string,
  mtimeMs: number,
  size: number,
  ctimeMs: number | null,
  ino: number | null,
  hash: string,
  title: string,
  tags: string[],
  links: string[],
];

/**
 * The file's text for `entries`: compact rows, because a cold process pays for every byte
 * it parses back. Entries read within the racy window of their mtime are left out: the
 * next process re-reads those files whatever the cache says.
 *
 * @example
 * ```ts
 * await persistence.write(NOTES_CACHE_PATH, encodeNotesCache(entries));
 * ```
 */
export function encodeNotesCache(entries: Iterable<CachedFacts>): string {
  const rows: Row[] = [];
  for (const { key, readAt, facts } of entries) {
    if (!safelyRead(key, readAt)) continue;
    const links: string[] = [];
    for (const link of facts.note.links) links.push(link.id, link.displayText);
    rows.push([
      facts.path,
      key.mtimeMs,
      key.size,
      key.ctimeMs ?? null,
      key.ino ?? null,
      facts.hash,
      facts.note.title,
      [...facts.note.tags],
      links,
    ]);
  }
  return JSON.stringify({ format: FORMAT, version: VERSION, layout: LAYOUT, rows });
}

/**
 * The entries of a cache file, or undefined when the text is not a cache this version wrote
 * for this layout (missing, truncated, corrupt, older, newer). A row that does not hold
 * together (a path outside the status folders, an id that is not the filename's) is dropped:
 * that file is simply read again. Every entry's `readAt` is +Infinity: it was saved only
 * after a safe read.
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
  if (parsed.layout !== LAYOUT || !Array.isArray(parsed.rows)) return undefined;
  const entries: DecodedFacts[] = [];
  for (const row of parsed.rows as unknown[]) {
    const entry = Array.isArray(row) && row.length === 9 ? decodeRow(row) : undefined;
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

function decodeRow(row: unknown[]): DecodedFacts | undefined {
  const [path, mtimeMs, size, ctimeMs, ino, hash, title, tags, links] = row;
  if (typeof path !== "string" || typeof hash !== "string" || typeof title !== "string")
    return undefined;
  if (!isNumber(mtimeMs) || !isNumber(size)) return undefined;
  if (!(ctimeMs === null || isNumber(ctimeMs)) || !(ino === null || isNumber(ino)))
    return undefined;
  if (!isStringArray(tags) || !isStringArray(links) || links.length % 2 !== 0) return undefined;
  const status = statusOfPath(path);
  // The store uses an entry only for a path its listing parsed as a note file name, so the
  // id and slug can be cut from the path here instead of parsing 10,000 names again.
  const name = basename(path);
  const id = name.slice(-13, -3);
  if (status === undefined || !NOTE_ID.test(id)) return undefined;
  // "id__XXXXXX.md" alone, or "<slug> id__XXXXXX.md".
  const slug = name.length === ID_SUFFIX_LENGTH - 1 ? "" : name.slice(0, -ID_SUFFIX_LENGTH);
  if (slug === "" ? name.length !== ID_SUFFIX_LENGTH - 1 : name[slug.length] !== " ")
    return undefined;
  return {
    key: statKey(mtimeMs, size, ctimeMs, ino),
    readAt: Number.POSITIVE_INFINITY,
    facts: {
      path,
      status,
      slug,
      mtimeMs,
      size,
      hash,
      note: new CachedNote(id, title, tags, links),
    },
    stored: undefined,
  };
}

/**
 * A note's facts as read back. Its links stay the flat (id, text, ...) array of the file
 * until read: a cold `list` or `search` never looks at them, and an object per link was a
 * good share of what a cold process allocated (and then collected).
 */
class CachedNote {
  readonly #flat: readonly string[];
  #links: readonly FactLink[] | undefined;

  constructor(
    readonly id: string,
    readonly title: string,
    readonly tags: readonly string[],
    flatLinks: readonly string[],
  ) {
    this.#flat = flatLinks;
  }

  get links(): readonly FactLink[] {
    if (this.#links === undefined) {
      const links: FactLink[] = [];
      for (let at = 0; at < this.#flat.length; at += 2) {
        links.push({ id: this.#flat[at] ?? "", displayText: this.#flat[at + 1] ?? "" });
      }
      this.#links = links;
    }
    return this.#links;
  }
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

function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value as unknown[]) if (typeof item !== "string") return false;
  return true;
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
