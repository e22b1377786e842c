/**
 * The flat options of `memory journal add` mapped onto a journal entry, so the CLI (and
 * any hook that builds flags) passes what it parsed straight through.
 */
import type { JournalEntryInput } from "./journal-add.js";
import {
  NO_SESSION_METHOD,
  type KNOWN_HARNESSES,
  type KNOWN_RETRIEVAL_METHODS,
} from "../../model/records/journal-entry.js";

/**
 * The options of `memory journal add`, one field per flag.
 *
 * @example
 * ```ts
 * const flags: JournalAddFlags = { harness: "amp", thread: "T-019c545f", cwd: "/home/me/project", repo: "me/project" };
 * ```
 */
export interface JournalAddFlags {
  /** `--harness`: amp, cursor, codex, claude-code, manual or any other name. */
  readonly harness: string;
  /** `--thread`: the harness's thread or session id. */
  readonly thread?: string;
  /** `--session`: path of a transcript file. */
  readonly session?: string;
  /** `--method`: the retrieval method; inferred from the other flags when absent. */
  readonly method?: string;
  /** `--cwd`: the working directory of the session (the CLI makes it absolute). */
  readonly cwd?: string;
  /** `--repo`: the repository the session worked on, e.g. `owner/name`. */
  readonly repo?: string;
  /** `--note`: free text the agent wants remembered. */
  readonly note?: string;
  /** `--timestamp`: ISO-8601 time of the session; default now. */
  readonly timestamp?: string;
}

/** The method a harness's thread ids are read with. */
const THREAD_METHODS: Readonly<Record<string, string>> = {
  amp: "amp-thread",
  cursor: "cursor-session",
} satisfies Partial<
  Record<(typeof KNOWN_HARNESSES)[number], (typeof KNOWN_RETRIEVAL_METHODS)[number]>
>;

/**
 * The retrieval method for a set of flags: `--method` when given; otherwise the harness's
 * own thread method, then `jsonl` (`.jsonl`, `.json`) or `file` for a transcript path, then
 * `command` for a bare thread id, and `none` for an entry that only carries a note.
 *
 * @example
 * ```ts
 * inferRetrievalMethod({ harness: "claude-code", session: "~/.claude/projects/p/s.jsonl" }); // "jsonl"
 * ```
 */
export function inferRetrievalMethod(flags: JournalAddFlags): string {
  if (flags.method !== undefined) return flags.method;
  const threadMethod = Object.hasOwn(THREAD_METHODS, flags.harness)
    ? THREAD_METHODS[flags.harness]
    : undefined;
  if (flags.thread !== undefined && threadMethod !== undefined) return threadMethod;
  // `.json` too: Gemini CLI's legacy chats are one JSON document, which the jsonl reader reads.
  if (flags.session !== undefined) return /\.jsonl?$/.test(flags.session) ? "jsonl" : "file";
  if (flags.thread !== undefined) return "command";
  return NO_SESSION_METHOD;
}

/**
 * The entry `journal.add` should receive for the flags of `memory journal add`.
 *
 * @example
 * ```ts
 * const input = journalEntryFromFlags({ harness: "amp", thread: "T-019c545f", cwd: "/home/me/project" });
 * await memory.journal.add(input);
 * ```
 */
export function journalEntryFromFlags(flags: JournalAddFlags): JournalEntryInput {
  const { thread, session, cwd, repo, note, timestamp } = flags;
  return {
    harness: flags.harness,
    ...(timestamp === undefined ? {} : { timestamp }),
    retrieval: {
      method: inferRetrievalMethod(flags),
      ...(thread === undefined ? {} : { threadId: thread }),
      ...(session === undefined ? {} : { sessionPath: session }),
    },
    context: {
      ...(cwd === undefined ? {} : { cwd }),
      ...(repo === undefined ? {} : { repo }),
    },
    ...(note === undefined ? {} : { note }),
  };
}
