import type { ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../errors.js";

/**
 * The code repository a memory describes, as `verifyNotes` reads it: its file list (one
 * `git ls-files`), the text of a file, its remotes and its installed package binaries.
 * Paths are relative to the repository's top level, with `/` separators. The adapter over a
 * checkout is `gitProjectRepository({ dir })` from `agent-memory/adapters`; a host with its
 * own view of the project (a remote index, a monorepo tool) implements this instead.
 *
 * @example
 * ```ts
 * const repository: ProjectRepository = {
 *   location: "/src/app",
 *   files: () => okAsync(["package.json", "src/index.ts"]),
 *   read: (path) => okAsync(files[path] ?? ""),
 *   remoteUrls: () => okAsync(["git@github.com:acme/app.git"]),
 *   installedBinaries: () => okAsync([]),
 * };
 * ```
 */
export interface ProjectRepository {
  /** Where the repository is, for messages (a folder, a URL). */
  readonly location: string;
  /**
   * Every file of the working tree (tracked, and untracked but not ignored), without the
   * files a memory kept in the same repository holds, sorted or not.
   */
  files(): ResultAsync<readonly string[], GitError>;
  /** The text of one file listed by `files()`. */
  read(path: string): ResultAsync<string, PersistenceError>;
  /** The URLs of the repository's remotes; empty when it has none. */
  remoteUrls(): ResultAsync<readonly string[], GitError>;
  /**
   * Names of the executables installed in `node_modules/.bin`, or `null` when nothing is
   * installed (then `npx NAME` is not checked against them).
   */
  installedBinaries(): ResultAsync<readonly string[] | null, PersistenceError>;
}
