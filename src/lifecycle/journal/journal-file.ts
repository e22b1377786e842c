/**
 * Reading one journal file and deciding whether it is valid, without ever throwing:
 * a journal file is input from outside (hooks, people, other versions of the library).
 */
import { type } from "arktype";
import { err, ok, okAsync, type ResultAsync } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import type { Persistence, StoredFile } from "../../ports/persistence.js";
import { messageOf } from "../../shared/message-of.js";

/** A journal file larger than this is refused unread: an entry is a few hundred bytes. */
export const MAX_JOURNAL_FILE_BYTES = 64 * 1024;

/**
 * A journal file that failed validation.
 *
 * @example
 * ```ts
 * const bad: InvalidJournalFile = {
 *   id: "2026-02-13T09-30-00.000Z-3f9a",
 *   path: "journal/invalid/2026-02-13T09-30-00.000Z-3f9a.json",
 *   reason: "harness must be non-empty",
 *   quarantined: true,
 *   newerVersion: false,
 * };
 * ```
 */
export interface InvalidJournalFile {
  /** The filename without `.json`. */
  readonly id: string;
  /** Where the file is now, relative to the memory root. */
  readonly path: string;
  /** Why it was refused, in words a person can act on. */
  readonly reason: string;
  /** True once it sits in `journal/invalid/`; false while it is still in `journal/pending/`. */
  readonly quarantined: boolean;
  /**
   * True when the file declares a version newer than this library reads: it is left in
   * pending for a newer agent-memory rather than quarantined.
   */
  readonly newerVersion: boolean;
}

/**
 * What reading a journal file found.
 *
 * @example
 * ```ts
 * if (check.kind === "valid") use(check.value);
 * ```
 */
export type JournalFileCheck<T> =
  | { readonly kind: "valid"; readonly value: T }
  | { readonly kind: "invalid"; readonly reason: string; readonly newerVersion: boolean };

/** A schema as arktype exposes it: a function returning the value or its errors. */
export type JournalSchema<T> = (input: unknown) => T | InstanceType<typeof type.errors>;

/**
 * Parses and validates the text of a journal file.
 *
 * @example
 * ```ts
 * checkJournalText('{"version":2}', journalEntrySchema); // { kind: "invalid", newerVersion: true, ... }
 * ```
 */
export function checkJournalText<T>(text: string, schema: JournalSchema<T>): JournalFileCheck<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    const detail = messageOf(cause);
    return invalid(`the file is not valid JSON (${detail})`);
  }
  const version = versionOf(parsed);
  if (version !== undefined && version > 1) {
    return {
      kind: "invalid",
      reason: `the entry has version ${version}, newer than this agent-memory reads (1); upgrade agent-memory to consume it`,
      newerVersion: true,
    };
  }
  const checked = schema(parsed);
  if (checked instanceof type.errors) return invalid(checked.summary);
  return { kind: "valid", value: checked };
}

/**
 * Reads a listed journal file and checks it; resolves to undefined when the file vanished
 * in the meantime (another process consumed or quarantined it).
 *
 * @example
 * ```ts
 * const check = await readJournalFile(persistence, file, journalEntrySchema);
 * ```
 */
export function readJournalFile<T>(
  persistence: Persistence,
  file: StoredFile,
  schema: JournalSchema<T>,
): ResultAsync<JournalFileCheck<T> | undefined, PersistenceError> {
  if (file.size > MAX_JOURNAL_FILE_BYTES) {
    return okAsync(
      invalid(
        `the file has ${file.size} bytes; a journal entry may have at most ${MAX_JOURNAL_FILE_BYTES}`,
      ),
    );
  }
  return persistence
    .read(file.path)
    .map((text): JournalFileCheck<T> | undefined => checkJournalText(text, schema))
    .orElse((error) => (error.code === "NOT_FOUND" ? ok(undefined) : err(error)));
}

function invalid<T>(reason: string): JournalFileCheck<T> {
  return { kind: "invalid", reason, newerVersion: false };
}

function versionOf(value: unknown): number | undefined {
  if (typeof value !== "object" || value === null || !("version" in value)) return undefined;
  return typeof value.version === "number" ? value.version : undefined;
}
