/**
 * Note ids: the permanent name of a note, carried in its filename and in every link to it.
 *
 * @module
 */

/** The fixed prefix every note id starts with. */
export const ID_PREFIX = "id__";

/** How many base62 characters follow {@link ID_PREFIX}. */
export const ID_BODY_LENGTH = 6;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// 256 is not a multiple of 62: mapping every byte with `% 62` would make the first
// eight characters more likely. Bytes at or above the largest multiple of 62 that
// fits in a byte are thrown away instead (rejection sampling).
const REJECT_FROM = 256 - (256 % ALPHABET.length);

const ID_PATTERN = /^id__[0-9A-Za-z]{6}$/;

/** The default randomness source: the platform CSPRNG. */
function cryptoRandomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/**
 * Creates a new random note id: `id__` followed by six base62 characters.
 *
 * @param randomBytes - Source of uniformly random bytes; defaults to `crypto.getRandomValues`.
 *   Tests pass a deterministic source. It must eventually yield bytes below 248, or this never returns.
 * @returns A fresh id such as `id__Kf9mNp`.
 * @example
 * ```ts
 * const id = generateId(); // "id__Kf9mNp" (random)
 * isValidId(id); // true
 * ```
 */
export function generateId(randomBytes: (n: number) => Uint8Array = cryptoRandomBytes): string {
  let body = "";
  while (body.length < ID_BODY_LENGTH) {
    // Ask for a few spare bytes so one call almost always suffices despite rejections.
    for (const byte of randomBytes(ID_BODY_LENGTH + 4)) {
      if (byte >= REJECT_FROM) continue;
      body += ALPHABET.charAt(byte % ALPHABET.length);
      if (body.length === ID_BODY_LENGTH) break;
    }
  }
  return ID_PREFIX + body;
}

/**
 * Tells whether a string is exactly a note id (`id__` + six characters of `[0-9A-Za-z]`).
 *
 * @example
 * ```ts
 * isValidId("id__Kf9mNp"); // true
 * isValidId("id__Kf9mN");  // false (five characters)
 * ```
 */
export function isValidId(s: string): boolean {
  return ID_PATTERN.test(s);
}

/**
 * Adds the `id__` prefix when a caller typed only the six-character body.
 * It does not validate: pair it with {@link isValidId}.
 *
 * @example
 * ```ts
 * normalizeIdInput("Kf9mNp");     // "id__Kf9mNp"
 * normalizeIdInput("id__Kf9mNp"); // "id__Kf9mNp"
 * ```
 */
export function normalizeIdInput(s: string): string {
  return s.startsWith(ID_PREFIX) ? s : ID_PREFIX + s;
}
