/**
 * Reading every file of one journal folder, sorting valid from invalid, writing nothing.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { mapConcurrently } from "../../shared/map-concurrently.js";
import { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { readJournalFile, type InvalidJournalFile, type JournalSchema } from "./journal-file.js";
import { isJournalId, JOURNAL_FOLDERS, journalIdOf, type JournalStatus } from "./journal-paths.js";

/** Reads in flight at once: enough to hide latency, few enough for any fd limit. */
const READ_CONCURRENCY = 16;

/**
 * The files of a journal folder: the valid ones converted, the invalid ones explained.
 *
 * @example
 * ```ts
 * const { valid, invalid } = scan;
 * ```
 */
export interface JournalScan<T> {
  readonly valid: T[];
  readonly invalid: InvalidJournalFile[];
}

/**
 * Scans `journal/<status>/`, checking each `*.json` file directly inside it with `schema`.
 * A file that vanishes while being read (consumed by another process) is left out.
 *
 * @example
 * ```ts
 * const scan = await scanJournalFolder(persistence, "pending", journalEntrySchema, (id, entry) => ({ id, ...entry }));
 * ```
 */
export function scanJournalFolder<Checked, T>(
  persistence: Persistence,
  status: JournalStatus,
  schema: JournalSchema<Checked>,
  toValue: (id: string, checked: Checked) => T,
): ResultAsync<JournalScan<T>, PersistenceError> {
  return persistence.list(JOURNAL_FOLDERS[status]).andThen((files) =>
    safeAsync<JournalScan<T>, PersistenceError>(
      async () => {
        const valid: T[] = [];
        const invalid: InvalidJournalFile[] = [];
        const candidates = files.flatMap((file) => {
          const id = journalIdOf(file.path, status);
          return id === undefined ? [] : [{ file, id }];
        });
        const checks = await mapConcurrently(candidates, READ_CONCURRENCY, async ({ file, id }) =>
          isJournalId(id) ? readJournalFile(persistence, file, schema) : ok(badName(id)),
        );
        for (const [index, check] of checks.entries()) {
          const candidate = candidates[index];
          if (check.isErr()) return err(check.error);
          if (candidate === undefined || check.value === undefined) continue;
          const { id, file } = candidate;
          if (check.value.kind === "valid") {
            valid.push(toValue(id, check.value.value));
          } else {
            const { reason, newerVersion } = check.value;
            const quarantined = status === "invalid";
            invalid.push({ id, path: file.path, reason, quarantined, newerVersion });
          }
        }
        return ok({ valid, invalid });
      },
      (cause) =>
        new PersistenceError(`Could not read the journal folder ${JOURNAL_FOLDERS[status]}.`, {
          cause,
        }),
    ),
  );
}

function badName(id: string) {
  return {
    kind: "invalid",
    reason: `the filename "${id}.json" is not a journal id (letters, digits, ".", "_", "+", "-")`,
    newerVersion: false,
  } as const;
}
