import type { GitAuthor } from "../../ports/git.js";

/**
 * The identity on commits when neither the caller nor the repository's config names one,
 * so committing never fails on a machine without a git identity.
 *
 * @example
 * ```ts
 * gitCli({ dir, author: DEFAULT_AUTHOR });
 * ```
 */
export const DEFAULT_AUTHOR: GitAuthor = { name: "agent-memory", email: "agent-memory@localhost" };
