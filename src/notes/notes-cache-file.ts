import { PRIVATE_FOLDER, STATUS_FOLDERS, basename, statusOfPath } from "../model/layout.js";
import type { FactLink, NoteFacts } from "./note-facts.js";
import type { StatKey } from "./stat-key.js";

/** Where the persisted facts live: private, never committed, git-ignored by `init`. */
export const NOTES_CACHE_PATH = `${PRIVATE_FOLDER}/cache/notes.json`;

const FORMAT = "agent-memory/notes-cache";
// Bumped whenever what a note's facts hold, or how they are derived, changes.
const VERSION = 1;
// A cache written for another set of status folders describes another layout.
const LAYOUT = Object.values(STATUS_FOLDERS).join(",");

const NOTE_NAME = /^(?:(.*) )?(id__[0-9A-Za-z]{6})\.md$/;

/** One file's facts, with the stat key and the time they were read. */
export interface CachedFacts {
  readonly key: StatKey;
  readonly readAt: number;
  readonly facts: NoteFacts;
}

type Row = [
  path: string,
  mtimeMs: number,
  size: number,
  ctimeMs: number | null,
  ino: number | null,
  readAt: number,
  hash: string,
  title: string,
  tags: string[],
  links: [string, string][],
];

/**
 * The file's text for `entries`: compact rows, because a cold process pays for every byte
 * it parses back.
 *
 * @example
 * ```ts
 * await persistence.write(NOTES_CACHE_PATH, encodeNotesCache(entries));
 * ```
 */
export function encodeNotesCache(entries: Iterable<CachedFacts>): string {
  const rows: Row[] = [];
  for (const { key, readAt, facts } of entries) {
    rows.push([
      facts.path,
      key.mtimeMs,
      key.size,
      key.ctimeMs ?? null,
      key.ino ?? null,
      readAt,
      facts.hash,
      facts.note.title,
      [...facts.note.tags],
      facts.note.links.map((link) => [link.id, link.displayText]),
    ]);
  }
  return JSON.stringify({ format: FORMAT, version: VERSION, layout: LAYOUT, rows });
}

/**
 * The entries of a cache file, or undefined when the text is not a cache this version wrote
 * for this layout (missing, truncated, corrupt, older, newer). A row that does not hold
 * together (a path outside the status folders, an id that is not the filename's) is dropped:
 * that file is simply read again.
 *
 * @example
 * ```ts
 * const entries = decodeNotesCache(text) ?? []; // a bad cache costs a re-read, never an answer
 * ```
 */
export function decodeNotesCache(text: string): CachedFacts[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT || parsed.version !== VERSION) return undefined;
  if (parsed.layout !== LAYOUT || !Array.isArray(parsed.rows)) return undefined;
  const entries: CachedFacts[] = [];
  for (const row of parsed.rows as unknown[]) {
    const entry = decodeRow(row);
    if (entry !== undefined) entries.push(entry);
  }
  return entries;
}

function decodeRow(row: unknown): CachedFacts | undefined {
  if (!Array.isArray(row) || row.length !== 10) return undefined;
  const [path, mtimeMs, size, ctimeMs, ino, readAt, hash, title, tags, links] = row as unknown[];
  if (typeof path !== "string" || typeof hash !== "string" || typeof title !== "string")
    return undefined;
  if (!isNumber(mtimeMs) || !isNumber(size) || !isNumber(readAt)) return undefined;
  if (!(ctimeMs === null || isNumber(ctimeMs)) || !(ino === null || isNumber(ino)))
    return undefined;
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string")) return undefined;
  const factLinks = decodeLinks(links);
  const status = statusOfPath(path);
  // The store uses an entry only for a path its listing parsed as a note file name, so the
  // id and slug can be cut from the path here instead of parsing 10,000 names again.
  const name = NOTE_NAME.exec(basename(path));
  if (factLinks === undefined || status === undefined || name === null) return undefined;
  const [, slug = "", id = ""] = name;
  return {
    key: {
      mtimeMs,
      size,
      ...(ctimeMs === null ? {} : { ctimeMs }),
      ...(ino === null ? {} : { ino }),
    },
    readAt,
    facts: {
      path,
      status,
      slug,
      mtimeMs,
      size,
      hash,
      note: { id, title, tags: tags as string[], links: factLinks },
    },
  };
}

function decodeLinks(links: unknown): FactLink[] | undefined {
  if (!Array.isArray(links)) return undefined;
  const decoded: FactLink[] = [];
  for (const link of links as unknown[]) {
    if (!Array.isArray(link) || link.length !== 2) return undefined;
    const [id, displayText] = link as unknown[];
    if (typeof id !== "string" || typeof displayText !== "string") return undefined;
    decoded.push({ id, displayText });
  }
  return decoded;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}
