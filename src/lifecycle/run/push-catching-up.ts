import { err, ok, ResultAsync, type Result } from "neverthrow";
import { ConflictError, GitError } from "../../errors.js";
import type { Git } from "../../ports/git.js";

/** How many times a push refused because the remote moved is retried after a new pull. */
const CATCH_UP_ROUNDS = 3;

/**
 * Pushes; when the push fails and a pull then merges new commits (another clone pushed while
 * this run consolidated: a remote that keeps moving), pushes again, a few rounds at most.
 * A pull that finds nothing new means the push failed for another reason: that error stands.
 * Run it holding the memory's lock, like every git step.
 */
export function pushCatchingUp(
  git: PushingGit,
  merges: { merged: boolean },
): ResultAsync<"none" | "pushed", GitError | ConflictError> {
  return new ResultAsync(run(git, merges));
}

/** A git port that can push. */
export type PushingGit = Git & { readonly push: NonNullable<Git["push"]> };

/** `merges.merged` turns true when a pull merged, whether or not the push then succeeded. */
async function run(
  git: PushingGit,
  merges: { merged: boolean },
): Promise<Result<"none" | "pushed", GitError | ConflictError>> {
  for (let round = 0; ; round += 1) {
    const pushed = await git.push();
    if (pushed.isOk()) return ok(pushed.value);
    if (git.pull === undefined || round >= CATCH_UP_ROUNDS) return err(pushed.error);
    const pulled = await git.pull();
    if (pulled.isErr()) {
      const message = `${pushed.error.message}; pulling to catch up failed too: ${pulled.error.message}`;
      const options = { cause: pulled.error };
      return err(
        pulled.error.code === "CONFLICT"
          ? new ConflictError(message, options)
          : new GitError(message, options),
      );
    }
    if (pulled.value !== "merged") return err(pushed.error);
    merges.merged = true;
  }
}
