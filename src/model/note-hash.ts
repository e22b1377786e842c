import { createHash } from "node:crypto";

/** How many hex digits a note version has: files that store versions glued rely on it. */
export const NOTE_HASH_LENGTH = 20;

const NOTE_HASH = /^[0-9a-f]{20}$/;

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
  return createHash("sha256").update(markdown).digest("hex").slice(0, NOTE_HASH_LENGTH);
}

/**
 * Whether `text` has the shape of a {@link noteHash} result.
 *
 * @example
 * ```ts
 * isNoteHash(noteHash("# A\n")); // true
 * isNoteHash("h1"); // false
 * ```
 */
export function isNoteHash(text: string): boolean {
  return NOTE_HASH.test(text);
}
