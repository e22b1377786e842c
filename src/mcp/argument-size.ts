/**
 * The bound on a tool call's arguments, checked before any work: the largest thing an
 * argument carries is a note body (1 MiB at most), so anything much bigger is refused at once
 * instead of being validated, parsed and searched at a cost that grows faster than its size.
 *
 * @module
 */

import { MAX_NOTE_BYTES } from "../model/index.js";

/** The most characters (keys and string values together) one call's arguments may carry. */
export const MAX_ARGUMENT_CHARS = MAX_NOTE_BYTES + 64 * 1024;

/** The most values (strings, numbers, list items, ...) one call's arguments may hold. */
export const MAX_ARGUMENT_VALUES = 10_000;

/**
 * Why the arguments are too big, or undefined when they are within the bounds. Stops counting
 * as soon as a bound is passed, so a huge argument costs no more than the bound to refuse.
 *
 * @example
 * ```ts
 * oversize({ body: "x".repeat(20_000_000) }); // "the arguments hold 20000000+ characters; ..."
 * ```
 */
export function oversize(args: unknown): string | undefined {
  let chars = 0;
  let values = 0;
  const pending: unknown[] = [args];
  while (pending.length > 0) {
    const value = pending.pop();
    values += 1;
    if (typeof value === "string") chars += value.length;
    else if (Array.isArray(value)) pending.push(...value.slice(0, MAX_ARGUMENT_VALUES));
    else if (typeof value === "object" && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        chars += key.length;
        pending.push(item);
      }
    }
    if (chars > MAX_ARGUMENT_CHARS) {
      return `the arguments hold over ${MAX_ARGUMENT_CHARS} characters; a note is at most 1 MiB, so split the text into several notes`;
    }
    if (values > MAX_ARGUMENT_VALUES) {
      return `the arguments hold over ${MAX_ARGUMENT_VALUES} values; send fewer`;
    }
  }
  return undefined;
}
