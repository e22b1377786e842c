/**
 * Note ids: the permanent name of a note, carried in its filename and in every link to it.
 *
 * The one owner of the id's shape. Every pattern, message and prompt that names an id builds
 * from the constants here, so changing the width new ids are made at is one line
 * ({@link ID_BODY_LENGTH}) plus a bump of the persisted caches' versions (docs/file-format.md,
 * section 2). Ids of every width in {@link ID_BODY_MIN_LENGTH}..{@link ID_BODY_MAX_LENGTH} are
 * read, so ids made before a width change stay valid beside the new ones (an id is forever),
 * and a note written by a later version with wider ids is still a note to this one.
 *
 * @module
 */

/** The fixed prefix every note id starts with. */
export const ID_PREFIX = "id__";

/** How many base62 characters follow {@link ID_PREFIX} in a new id. */
export const ID_BODY_LENGTH = 6;

/** The fewest characters an id's body may have: no id was ever made narrower. */
export const ID_BODY_MIN_LENGTH = 6;

/** The most characters an id's body may have: room for later, wider ids. */
export const ID_BODY_MAX_LENGTH = 16;

/** The characters an id's body is made of, in the order the generator maps bytes onto them. */
const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A regular expression source matching one id inside other text: the prefix, a body of an
 * accepted width, and no further body character (so a longer run is not cut into an id).
 * No groups: wrap it in one to capture.
 *
 * @example
 * ```ts
 * new RegExp(`\\[\\[(${ID_SOURCE})\\]\\]`).exec("see [[id__Kf9mNp]]")?.[1]; // "id__Kf9mNp"
 * ```
 */
export const ID_SOURCE = `${ID_PREFIX}[0-9A-Za-z]{${ID_BODY_MIN_LENGTH},${ID_BODY_MAX_LENGTH}}(?![0-9A-Za-z])`;

/** The id's shape in words, for messages: `"id__" followed by 6 to 16 letters or digits`. */
export const ID_SHAPE = `"${ID_PREFIX}" followed by ${ID_BODY_MIN_LENGTH} to ${ID_BODY_MAX_LENGTH} letters or digits`;

/** A placeholder id of the current width, for messages and prompts: `id__XXXXXX`. */
export const ID_PLACEHOLDER = ID_PREFIX + "X".repeat(ID_BODY_LENGTH);

// 256 is not a multiple of 62: mapping every byte with `% 62` would make the first
// eight characters more likely. Bytes at or above the largest multiple of 62 that
// fits in a byte are thrown away instead (rejection sampling).
const REJECT_FROM = 256 - (256 % ID_ALPHABET.length);

const ID_PATTERN = new RegExp(`^${ID_SOURCE}$`);

/** The default randomness source: the platform CSPRNG. */
function cryptoRandomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n));
}

/**
 * Creates a new random note id: `id__` followed by {@link ID_BODY_LENGTH} base62 characters.
 *
 * @param randomBytes - Source of uniformly random bytes; defaults to `crypto.getRandomValues`.
 *   Tests pass a deterministic source. It must eventually yield bytes below 248, or this never returns.
 * @param length - How many body characters; defaults to {@link ID_BODY_LENGTH}. A host or test
 *   may make ids of another accepted width (see {@link isValidId}); a width outside the
 *   accepted range is clamped into it, so every id made here is valid.
 * @returns A fresh id such as `id__Kf9mNp`.
 * @example
 * ```ts
 * const id = generateId(); // "id__Kf9mNp" (random)
 * isValidId(id); // true
 * generateId(undefined, 8); // "id__Kf9mNp2Q" (random)
 * ```
 */
export function generateId(
  randomBytes: (n: number) => Uint8Array = cryptoRandomBytes,
  length: number = ID_BODY_LENGTH,
): string {
  const width = Math.min(Math.max(Math.trunc(length), ID_BODY_MIN_LENGTH), ID_BODY_MAX_LENGTH);
  let body = "";
  while (body.length < width) {
    // Ask for a few spare bytes so one call almost always suffices despite rejections.
    for (const byte of randomBytes(width + 4)) {
      if (byte >= REJECT_FROM) continue;
      body += ID_ALPHABET.charAt(byte % ID_ALPHABET.length);
      if (body.length === width) break;
    }
  }
  return ID_PREFIX + body;
}

/**
 * Tells whether a string is exactly a note id: {@link ID_PREFIX} and
 * {@link ID_BODY_MIN_LENGTH} to {@link ID_BODY_MAX_LENGTH} characters of `[0-9A-Za-z]`.
 *
 * @example
 * ```ts
 * isValidId("id__Kf9mNp");   // true
 * isValidId("id__Kf9mNp2Q"); // true (a wider id)
 * isValidId("id__Kf9mN");    // false (five characters)
 * ```
 */
export function isValidId(s: string): boolean {
  return ID_PATTERN.test(s);
}

/**
 * The length of the id starting at `start` of `text` (prefix included), or 0 when none does:
 * the prefix, then a run of body characters of an accepted width. Read in place, without
 * cutting a substring, for scanners that meet an id in the middle of other text.
 *
 * @example
 * ```ts
 * idLengthAt("[[id__Kf9mNp|x]]", 2); // 10
 * idLengthAt("[[id__Kf9|x]]", 2);    // 0
 * ```
 */
export function idLengthAt(text: string, start: number): number {
  if (!text.startsWith(ID_PREFIX, start)) return 0;
  const bodyStart = start + ID_PREFIX.length;
  let end = bodyStart;
  while (
    end < text.length &&
    end - bodyStart <= ID_BODY_MAX_LENGTH &&
    isBodyChar(text.charCodeAt(end))
  )
    end++;
  const width = end - bodyStart;
  return width >= ID_BODY_MIN_LENGTH && width <= ID_BODY_MAX_LENGTH ? end - start : 0;
}

function isBodyChar(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * Adds the `id__` prefix when a caller typed only the body.
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
