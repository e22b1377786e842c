/**
 * `agent-memory/adapters/isomorphic-git`: the Git port in pure JavaScript, over node:fs or
 * memfs. On disk the git CLI adapter (`gitCli`) is faster; this one needs no git binary.
 *
 * @example
 * ```ts
 * import { isomorphicGit } from "agent-memory/adapters/isomorphic-git";
 * const git = isomorphicGit({ fs, dir: "/memory" });
 * ```
 * @module
 */
export { isomorphicGit, type IsomorphicGitOptions } from "./isomorphic-git.js";
