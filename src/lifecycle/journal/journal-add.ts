/**
 * Adding an entry to the queue: validate, name, write atomically. No lock is needed:
 * each entry gets a name of its own, so processes adding at once never touch one file.
 */
import { type } from "arktype";
import { err, ok, type Result, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { ConflictError, InvalidInputError, PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { scrubSecrets } from "../secret-scrubber.js";
import { credentialStoreReason } from "../sessions/credential-store.js";
import {
  canonicalEntry,
  serializeJournalEntry,
  type JournalEntry,
  type StoredJournalEntry,
} from "../../model/records/journal-entry.js";
import { journalEntrySchema } from "./journal-entry-schema.js";
import { isJournalId, journalPath, sortableTimestamp } from "./journal-paths.js";

/**
 * What `journal.add` takes: an entry whose `version` (default 1), `timestamp` (default:
 * now) and `context` (default `{}`) may be left out.
 *
 * @example
 * ```ts
 * const input: JournalEntryInput = {
 *   harness: "amp",
 *   retrieval: { method: "amp-thread", threadId: "T-019c545f" },
 *   context: { cwd: "/home/me/project", repo: "github.com/me/project" },
 *   note: "the flaky test was a timezone bug",
 * };
 * ```
 */
export type JournalEntryInput = Omit<
  JournalEntry,
  "version" | "timestamp" | "context" | "queued"
> & {
  readonly version?: 1;
  readonly timestamp?: string;
  readonly context?: JournalEntry["context"];
};

/** An added entry, and the kinds of secret scrubbed from its note before it was written. */
export type AddedJournalEntry = StoredJournalEntry & { readonly redacted: readonly string[] };

/** What adding needs from the journal. */
export interface JournalAddDeps {
  readonly persistence: Persistence;
  readonly now: () => number;
  readonly randomId: () => string;
  /** This clone's name, stamped on the entry as `queued.clone`; undefined: not stamped. */
  readonly clone?: (() => ResultAsync<string, PersistenceError>) | undefined;
}

/** Fresh names tried before giving up; a clash needs a broken random source. */
const NAME_ATTEMPTS = 5;

/**
 * Validates `input` and writes it to `journal/pending/<timestamp>-<random>.json`.
 *
 * @example
 * ```ts
 * const stored = await addEntry(ctx, { harness: "manual", retrieval: { method: "none" }, note: "x" });
 * ```
 */
export function addEntry(
  ctx: JournalAddDeps,
  input: JournalEntryInput,
): ResultAsync<AddedJournalEntry, InvalidInputError | ConflictError | PersistenceError> {
  return safeAsync<AddedJournalEntry, InvalidInputError | ConflictError | PersistenceError>(
    async () => {
      const now = ctx.now();
      const clone = ctx.clone === undefined ? undefined : await ctx.clone();
      if (clone?.isErr() === true) return err(clone.error);
      const queued = clone?.isOk() === true ? { clone: clone.value, at: iso(now) } : undefined;
      const completed = completeEntry(input, now, queued);
      if (completed.isErr()) return err(completed.error);
      const { redacted } = completed.value;
      const entry = ok(completed.value.entry);
      const stamp = sortableTimestamp(Date.parse(entry.value.timestamp));
      if (stamp === undefined) {
        return err(
          new InvalidInputError(
            "Invalid journal entry: timestamp must fall in years 1970 to 9999.",
          ),
        );
      }
      for (let attempt = 0; attempt < NAME_ATTEMPTS; attempt++) {
        const id = `${stamp}-${ctx.randomId()}`;
        if (!isJournalId(id)) {
          return err(
            new InvalidInputError(`The random id source produced an unusable name: "${id}".`),
          );
        }
        const path = journalPath("pending", id);
        // Atomic writes replace silently, so look first: a clash would otherwise lose an entry.
        const existing = await ctx.persistence.read(path);
        if (existing.isOk()) continue;
        if (existing.error.code !== "NOT_FOUND") return err(existing.error);
        const wrote = await ctx.persistence.write(path, serializeJournalEntry(entry.value));
        if (wrote.isErr()) return err(wrote.error);
        return ok({ id, ...canonicalEntry(entry.value), redacted });
      }
      return err(
        new ConflictError(
          `Could not find a free journal filename in ${NAME_ATTEMPTS} attempts; the random id source keeps repeating itself.`,
        ),
      );
    },
    (cause) => new PersistenceError("Could not add the journal entry.", { cause }),
  );
}

/** Fills the defaults and validates; works on untyped input too (hooks, the CLI). */
function completeEntry(
  input: unknown,
  now: number,
  queued: JournalEntry["queued"],
): Result<{ entry: JournalEntry; redacted: readonly string[] }, InvalidInputError> {
  if (typeof input !== "object" || input === null) {
    return err(new InvalidInputError("Invalid journal entry: expected an object."));
  }
  // Who queued it is the journal's to say, never the caller's.
  const { queued: _given, ...rest } = input as Record<string, unknown>;
  const record: Record<string, unknown> = { ...rest, ...(queued === undefined ? {} : { queued }) };
  // The note is raw text on its way into git: secrets out before it is written.
  let redacted: readonly string[] = [];
  if (typeof record["note"] === "string") {
    const scrubbed = scrubSecrets(record["note"]);
    record["note"] = scrubbed.text;
    redacted = scrubbed.redacted;
  }
  return validEntry({
    ...record,
    version: record["version"] ?? 1,
    timestamp: record["timestamp"] ?? new Date(now).toISOString(),
    context: record["context"] ?? {},
  }).map((entry) => ({ entry, redacted }));
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function validEntry(candidate: unknown): Result<JournalEntry, InvalidInputError> {
  const checked = journalEntrySchema(candidate);
  if (checked instanceof type.errors) {
    return err(new InvalidInputError(`Invalid journal entry: ${checked.summary}`));
  }
  // Refused here too, so whoever adds it hears why at once (consolidation refuses it anyway).
  for (const named of [checked.retrieval.sessionPath, checked.retrieval.threadId]) {
    const store = named === undefined ? undefined : credentialStoreReason(named);
    if (store !== undefined) return err(new InvalidInputError(`Invalid journal entry: ${store}`));
  }
  return ok(checked);
}
