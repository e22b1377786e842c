/**
 * Whether `value` is a plain JSON object (not null, not an array): the first check of every
 * file or line the library parses back.
 *
 * @example
 * ```ts
 * isRecord(JSON.parse('{"a":1}')); // true
 * isRecord(JSON.parse("[1]")); // false
 * ```
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
