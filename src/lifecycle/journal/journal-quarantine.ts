/**
 * Quarantine: a pending file that fails validation is moved to `journal/invalid/` with a
 * reason file beside it. Never deleted: a person can read, fix and move it back.
 */
import { err, ok, type ResultAsync } from "neverthrow";
import { safeAsync } from "../../shared/safe-async.js";
import { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import type { InvalidJournalFile } from "./journal-file.js";
import {
  JOURNAL_FOLDERS,
  journalIdOf,
  journalPath,
  randomSuffix,
  REASON_SUFFIX,
} from "./journal-paths.js";

/**
 * The path of the reason file of quarantined file `id`.
 *
 * @example
 * ```ts
 * reasonPath("2026-02-13T09-30-00.000Z-3f9a"); // "journal/invalid/2026-02-13T09-30-00.000Z-3f9a.reason.txt"
 * ```
 */
export function reasonPath(id: string): string {
  return `${JOURNAL_FOLDERS.invalid}/${id}${REASON_SUFFIX}`;
}

/**
 * Moves each invalid pending file into `journal/invalid/`, writing its reason file first so
 * a crash between the two leaves the file in pending (it is quarantined again next time),
 * never in invalid without its reason. Files of a newer version stay where they are.
 *
 * @example
 * ```ts
 * const moved = await quarantineFiles(persistence, scan.invalid, new Date().toISOString());
 * ```
 */
export function quarantineFiles(
  persistence: Persistence,
  files: readonly InvalidJournalFile[],
  at: string,
): ResultAsync<InvalidJournalFile[], PersistenceError> {
  return persistence.list(JOURNAL_FOLDERS.invalid).andThen((existing) =>
    safeAsync<InvalidJournalFile[], PersistenceError>(
      async () => {
        const taken = new Set(existing.map((file) => file.path));
        const moved: InvalidJournalFile[] = [];
        for (const file of files) {
          if (file.quarantined || file.newerVersion) continue;
          // A file of that name was quarantined before (a hook rewrote the same name):
          // keep both rather than refuse, since the move never overwrites.
          const target = taken.has(journalPath("invalid", file.id))
            ? `${file.id}-${randomSuffix()}`
            : file.id;
          taken.add(journalPath("invalid", target));
          const note = `${file.reason}\n\nQuarantined from ${file.path} at ${at}. Fix the file and move it back to ${JOURNAL_FOLDERS.pending}/ to have it consolidated.\n`;
          const wrote = await persistence.write(reasonPath(target), note);
          if (wrote.isErr()) return err(wrote.error);
          const move = await persistence.move(file.path, journalPath("invalid", target));
          if (move.isErr()) {
            // Another process quarantined or consumed it first; its reason file stands.
            if (move.error.code === "NOT_FOUND") continue;
            return err(move.error);
          }
          moved.push({
            ...file,
            id: target,
            path: journalPath("invalid", target),
            quarantined: true,
          });
        }
        return ok(moved);
      },
      (cause) => new PersistenceError("Could not quarantine invalid journal files.", { cause }),
    ),
  );
}

/**
 * The files already in `journal/invalid/`, each with the reason recorded beside it.
 *
 * @example
 * ```ts
 * const quarantined = await listQuarantined(persistence);
 * ```
 */
export function listQuarantined(
  persistence: Persistence,
): ResultAsync<InvalidJournalFile[], PersistenceError> {
  return persistence.list(JOURNAL_FOLDERS.invalid).andThen((files) =>
    safeAsync<InvalidJournalFile[], PersistenceError>(
      async () => {
        const found: InvalidJournalFile[] = [];
        for (const file of files) {
          const id = journalIdOf(file.path, "invalid");
          if (id === undefined) continue;
          const reason = await persistence.read(reasonPath(id));
          if (reason.isErr() && reason.error.code !== "NOT_FOUND") return err(reason.error);
          found.push({
            id,
            path: file.path,
            reason: reason.isOk() ? firstParagraph(reason.value) : "no reason was recorded",
            quarantined: true,
            newerVersion: false,
          });
        }
        return ok(found);
      },
      (cause) => new PersistenceError("Could not list quarantined journal files.", { cause }),
    ),
  );
}

function firstParagraph(text: string): string {
  return (text.split("\n\n")[0] ?? "").trim();
}
