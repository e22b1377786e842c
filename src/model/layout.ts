/** The index note's path, relative to the memory root. */
export const INDEX_NOTE_PATH = "index.md";

/**
 * The library's own folder under the memory root: locks and derived caches. Never committed,
 * never read as notes.
 */
export const PRIVATE_FOLDER = ".agent-memory";

/**
 * The paths a memory owns, relative to its root: the index note, the status folders, the
 * journal and the session log. A commit of "everything" commits these and nothing else, so a
 * memory at the top of a project never commits the project's own work in progress.
 */
export const MEMORY_OWNED_PATHS: readonly string[] = [
  INDEX_NOTE_PATH,
  "inbox",
  "topics",
  "archive",
  "journal",
  "sessions",
];

/**
 * Whether `path` (relative to the root, `/`-separated) is one of the memory's own files.
 *
 * @example isMemoryOwned("topics/igor id__Ab3xYz.md") // true; isMemoryOwned("src/app.ts") // false
 */
export function isMemoryOwned(path: string): boolean {
  if (path.split("/").includes("..")) return false;
  return MEMORY_OWNED_PATHS.some((owned) => path === owned || path.startsWith(`${owned}/`));
}

/** Where a note lives says what state it is in; nothing else records it. */
export type NoteStatus = "inbox" | "active" | "archived";

/** Every status, in lifecycle order. */
export const NOTE_STATUSES: readonly NoteStatus[] = ["inbox", "active", "archived"];

/** The folder (relative to the memory root) that holds each status. */
export const STATUS_FOLDERS: Readonly<Record<NoteStatus, string>> = {
  inbox: "inbox",
  active: "topics",
  archived: "archive",
};

/** Checks a string against the known statuses, e.g. for CLI or host input. */
export function isNoteStatus(value: string): value is NoteStatus {
  return (NOTE_STATUSES as readonly string[]).includes(value);
}

/**
 * The status a path's folder gives a note, or undefined for a path outside the layout
 * (another folder, a nested folder, or not a markdown file).
 *
 * @example statusOfPath("topics/igor id__Ab3xYz.md") // "active"
 */
export function statusOfPath(path: string): NoteStatus | undefined {
  const slash = path.indexOf("/");
  if (slash < 0 || path.indexOf("/", slash + 1) >= 0 || !path.endsWith(".md")) return undefined;
  // Compared in place: a cold listing asks this of 10,000 paths.
  for (const status of NOTE_STATUSES) {
    const folder = STATUS_FOLDERS[status];
    if (folder.length === slash && path.startsWith(folder)) return status;
  }
  return undefined;
}

/** The path of a note file with the given status and filename. */
export function pathForStatus(status: NoteStatus, filename: string): string {
  return `${STATUS_FOLDERS[status]}/${filename}`;
}

/** The filename part of a path. */
export function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
