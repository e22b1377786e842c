import { createHash } from "node:crypto";

/**
 * The key of a page: a digest of the texts it is made from, each kept apart from the next (a
 * text moving from one part to another changes the key).
 *
 * @example
 * ```ts
 * pageKey(["stamp", "My memory", note.hash]); // "Xq3…" (base64url SHA-1)
 * ```
 */
export function pageKey(parts: readonly string[]): string {
  const hash = createHash("sha1");
  for (const part of parts) hash.update(`${part.length}:`).update(part);
  return hash.digest("base64url");
}
