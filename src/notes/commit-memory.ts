import type { ResultAsync } from "neverthrow";
import type { GitError } from "../errors.js";
import { MEMORY_OWNED_PATHS } from "../model/layout.js";
import type { Git } from "../ports/git.js";

/**
 * Commits every change to the memory's own files (and to `extraPaths`, such as an AGENTS.md
 * kept inside the root) and nothing else under the root: a project's app code, package files
 * or an embedded repository beside the memory are never the memory's to commit.
 *
 * @example
 * ```ts
 * await commitMemory(git, "memory: sync", ["AGENTS.md"]); // the commit id, or null
 * ```
 */
export function commitMemory(
  git: Git,
  message: string,
  extraPaths: readonly string[] = [],
): ResultAsync<string | null, GitError> {
  return git.commit(message, [...MEMORY_OWNED_PATHS, ...extraPaths]);
}
