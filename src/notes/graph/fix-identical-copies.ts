import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import type { GitError, LockError, NotFoundError, PersistenceError } from "../../errors.js";
import { duplicateCopies } from "../store/duplicate-copies.js";
import { mergeCopies } from "../ops/merge-copies.js";
import type { NotesDeps } from "../notes-deps.js";
import type { DoctorFix } from "./doctor.js";

/**
 * Removes every copy of a duplicated id whose bytes are the original's (a crash inside an old
 * link-then-unlink move left such pairs): nothing is lost, and links name the id. Copies with
 * other text are left for a person (`memory reid` or `memory merge ID ID`): which should stay a
 * note of its own is a choice. Each removal runs as `merge([id], id)` under the memory lock,
 * which re-reads the files; had a copy changed by then, its text is appended, never dropped.
 */
export function fixIdenticalCopies(
  ctx: NotesDeps,
): ResultAsync<DoctorFix[], PersistenceError | GitError | LockError | NotFoundError> {
  return ctx.store.snapshot().andThen((snapshot) => {
    const fixes: DoctorFix[] = [];
    let chain: ResultAsync<unknown, PersistenceError | GitError | LockError | NotFoundError> =
      okAsync(undefined);
    for (const [id, files] of snapshot.byId) {
      const [first, ...rest] = files;
      if (first === undefined || rest.length === 0) continue;
      const { original, copies } = duplicateCopies([first, ...rest]);
      if (copies.some((copy) => copy.hash !== original.hash)) continue;
      chain = chain.andThen(() =>
        mergeCopies(ctx, id, undefined, {})
          .map((merged) => {
            for (const path of merged.removedCopies ?? [])
              fixes.push({ kind: "identical-copy", path, before: original.path, id });
          })
          // The copies went meanwhile (another process fixed them): nothing left to do.
          .orElse((error) =>
            error.code === "INVALID_INPUT" || error.code === "DUPLICATE_ID"
              ? okAsync(undefined)
              : errAsync(error),
          ),
      );
    }
    return chain.map(() => fixes);
  });
}
