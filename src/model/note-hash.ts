import { createHash } from "node:crypto";

/**
 * The version of a note file: a digest of its exact bytes. A reader passes it back as
 * `expectedHash` so a write made against a note that changed since is refused, not applied
 * over the newer text.
 *
 * @example
 * ```ts
 * noteHash("# A\n\nbody\n") === noteHash("# A\n\nbody\n"); // true
 * ```
 */
export function noteHash(markdown: string): string {
  return createHash("sha256").update(markdown).digest("hex").slice(0, 20);
}
