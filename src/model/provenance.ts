/**
 * Provenance: where model-written text came from, as git trailers on the commit that wrote
 * it. A consolidation commit carries one `Memory-Source:` line per journal entry or
 * session-log section it drew on; `git blame` leads from any line of a note to its commit,
 * and these lines lead from the commit to the sessions. Nothing is added to the notes
 * themselves (docs/file-format.md, section 10.6, says why).
 *
 * @module
 */
import { isRecord } from "../shared/is-record.js";

/**
 * The trailer key of a source line.
 *
 * @example
 * ```ts
 * `${SOURCE_TRAILER}: journal 2026-11-27T09-30-00.000Z-3f9a; harness amp`;
 * ```
 */
export const SOURCE_TRAILER = "Memory-Source";

/** One journal entry, session-log section or imported source that a commit's text was drawn from. */
export interface MemorySource {
  /**
   * A journal entry (`ref` its id), a section of the session log (`ref` its path#number), or
   * an import from another tool (`ref` `<kind>/<source>`, e.g. `obsidian/vault`).
   */
  readonly kind: "journal" | "session-log" | "import";
  readonly ref: string;
  /** The harness that recorded the session (`claude-code`, `amp`, ...). */
  readonly harness?: string;
  /** The harness's session or thread id, when the entry names one. */
  readonly session?: string;
  /** When the session happened: the entry's timestamp, or the log's day. */
  readonly date?: string;
  /** The transcript as the done record keeps it (home written `~`). */
  readonly transcript?: string;
  /** An import's record: which file and section of the source each note came from. */
  readonly record?: string;
}

const FIELDS = ["harness", "session", "date", "transcript", "record"] as const;
const KINDS: ReadonlySet<string> = new Set(["journal", "session-log", "import"]);

/**
 * The trailer line of a source: `Memory-Source: journal <id>; harness <h>; session <s>;
 * date <d>; transcript <t>`, absent fields left out. `%`, `;`, control characters and a
 * space at either end of a value are percent-encoded, so any value reads back exactly and
 * git's whitespace cleanup changes nothing.
 *
 * @example
 * ```ts
 * formatSourceTrailer({ kind: "journal", ref: "2026-11-27T09-30-00.000Z-3f9a", harness: "amp" });
 * // "Memory-Source: journal 2026-11-27T09-30-00.000Z-3f9a; harness amp"
 * ```
 */
export function formatSourceTrailer(source: MemorySource): string {
  const parts = [field(source.kind, source.ref)];
  for (const name of FIELDS) {
    const value = source[name];
    if (value !== undefined) parts.push(field(name, value));
  }
  return `${SOURCE_TRAILER}: ${parts.join("; ")}`;
}

/**
 * Every source line of a commit message, in order; lines that are not source trailers, and
 * source lines of an unknown kind, are skipped (unknown fields are ignored, for later
 * versions).
 *
 * @example
 * ```ts
 * parseSourceTrailers("memory: consolidate 1 journal entry\n\nMemory-Source: journal a1; harness amp");
 * // [{ kind: "journal", ref: "a1", harness: "amp" }]
 * ```
 */
export function parseSourceTrailers(message: string): MemorySource[] {
  const sources: MemorySource[] = [];
  const prefix = `${SOURCE_TRAILER}: `;
  for (const line of message.split("\n")) {
    if (!line.startsWith(prefix)) continue;
    const [first = "", ...rest] = line.slice(prefix.length).split("; ");
    const [kind, ref] = splitField(first);
    if (!KINDS.has(kind)) continue;
    const source: Record<string, string> = { kind, ref };
    for (const part of rest) {
      const [name, value] = splitField(part);
      if ((FIELDS as readonly string[]).includes(name) && !(name in source)) source[name] = value;
    }
    sources.push(source as unknown as MemorySource);
  }
  return sources;
}

/**
 * The journal entries an older consolidation commit names on its `journal:` line (commits
 * made before source trailers existed), for `memory why` to look their done records up.
 *
 * @example
 * ```ts
 * journalIdsOfMessage("memory: consolidate 2 journal entries\n\njournal: a1, b2\nrun: 3f"); // ["a1", "b2"]
 * ```
 */
export function journalIdsOfMessage(message: string): string[] {
  const line = message.split("\n").find((row) => row.startsWith("journal: "));
  if (line === undefined) return [];
  return line
    .slice("journal: ".length)
    .split(",")
    .map((id) => id.trim())
    .filter((id) => /^[A-Za-z0-9][A-Za-z0-9._+-]{0,199}$/.test(id));
}

/**
 * A source read from a journal done record (docs/file-format.md, section 10.3): its harness,
 * thread id, timestamp and transcript path. Undefined for something that is not one.
 *
 * @example
 * ```ts
 * sourceOfDoneRecord("a1", { harness: "amp", timestamp: "2026-11-27T09:30:00Z", retrieval: { method: "amp-thread", threadId: "T-1" } });
 * // { kind: "journal", ref: "a1", harness: "amp", session: "T-1", date: "2026-11-27T09:30:00Z" }
 * ```
 */
export function sourceOfDoneRecord(id: string, record: unknown): MemorySource | undefined {
  if (!isRecord(record) || typeof record["harness"] !== "string") return undefined;
  const retrieval = isRecord(record["retrieval"]) ? record["retrieval"] : {};
  const date = text(record["timestamp"]);
  const transcript = text(retrieval["sessionPath"]);
  // A transcript file is named by its session (Claude Code's `<session id>.jsonl`).
  const session =
    text(retrieval["threadId"]) ??
    text(
      transcript
        ?.split(/[\\/]/)
        .at(-1)
        ?.replace(/\.[^.]*$/, ""),
    );
  return {
    kind: "journal",
    ref: id,
    harness: record["harness"],
    ...(session === undefined ? {} : { session }),
    ...(date === undefined ? {} : { date }),
    ...(transcript === undefined ? {} : { transcript }),
  };
}

/**
 * A source on one line for people: `claude-code session 3f2a, 2026-11-27T09:30:00.000Z,
 * ~/.claude/projects/p/3f2a.jsonl (journal <id>)`.
 *
 * @example
 * ```ts
 * describeSource({ kind: "session-log", ref: "sessions/2026/11/27/agent0.md#2", date: "2026-11-27" });
 * // "session log sessions/2026/11/27/agent0.md#2, 2026-11-27"
 * ```
 */
export function describeSource(source: MemorySource): string {
  if (source.kind === "session-log") {
    return [`session log ${source.ref}`, source.date].filter(isText).join(", ");
  }
  if (source.kind === "import") {
    return `import ${source.ref}${source.record === undefined ? "" : ` (record ${source.record})`}`;
  }
  const who = [source.harness ?? "journal entry", source.session && `session ${source.session}`]
    .filter(isText)
    .join(" ");
  return `${[who, source.date, source.transcript].filter(isText).join(", ")} (journal ${source.ref})`;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function field(name: string, value: string): string {
  return value === "" ? name : `${name} ${encodeValue(value)}`;
}

function splitField(part: string): [string, string] {
  const space = part.indexOf(" ");
  if (space < 0) return [part, ""];
  return [part.slice(0, space), decodeURIComponentSafe(part.slice(space + 1))];
}

function encodeValue(value: string): string {
  const encoded = value.replace(
    // oxlint-disable-next-line no-control-regex -- control characters are what is escaped
    /[%;\u0000-\u001f\u007f]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`,
  );
  return encoded.replace(/^ /, "%20").replace(/ $/, "%20");
}

function decodeURIComponentSafe(value: string): string {
  return value.replace(/%([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
}

function isText(value: string | undefined | false): value is string {
  return typeof value === "string" && value !== "";
}
