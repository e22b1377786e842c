/**
 * The human-readable part of anything thrown: an Error's message, or the value as a string
 * (libraries and child processes throw strings and plain objects too).
 *
 * @example
 * ```ts
 * messageOf(new Error("disk full")); // "disk full"
 * messageOf("EACCES"); // "EACCES"
 * ```
 */
export function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
