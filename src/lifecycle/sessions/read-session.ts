import { errAsync, type ResultAsync } from "neverthrow";
import { InvalidInputError, SessionReadError } from "../../errors.js";
import type { JournalEntry } from "../../model/records/journal-entry.js";
import { budgetProblem } from "../../model/records/session-budget.js";
import type {
  ReadSessionOptions,
  SessionReadFailure,
  SessionReaders,
  SessionText,
} from "../../ports/session-reader.js";
import { credentialStoreReason } from "./credential-store.js";

/**
 * Reads the session of `entry` with the reader registered for its retrieval method. An entry
 * naming a known credential store (in its path or thread id) is refused before any reader
 * runs, whatever the method: a SESSION_READ error with `refused: true`.
 *
 * @example
 * ```ts
 * const session = await readSession(readers, entry, { budgetBytes: 64 * 1024 });
 * if (session.isOk()) prompt += session.value.text;
 * ```
 */
export function readSession(
  readers: SessionReaders,
  entry: JournalEntry,
  options: ReadSessionOptions,
): ResultAsync<SessionText, SessionReadFailure> {
  const { method, sessionPath, threadId } = entry.retrieval;
  for (const named of [sessionPath, threadId]) {
    const store = named === undefined ? undefined : credentialStoreReason(named);
    if (store !== undefined) return errAsync(new SessionReadError(store, { refused: true }));
  }
  const reader = Object.hasOwn(readers, method) ? readers[method] : undefined;
  if (reader === undefined) {
    const known = Object.keys(readers).toSorted().join(", ") || "none";
    return errAsync(
      new InvalidInputError(
        `No session reader for retrieval method "${method}" (registered: ${known}). ` +
          "Pass one to createMemory under that method name.",
      ),
    );
  }
  const budgetError = budgetProblem(options.budgetBytes);
  if (budgetError !== undefined) return errAsync(budgetError);
  return reader.read(entry, options);
}
