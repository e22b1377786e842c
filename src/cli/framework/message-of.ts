/**
 * The human-readable part of anything thrown, for the CLI's one-line errors (the CLI sees only
 * the package's entry points, so it keeps this one-liner of its own).
 */
export function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
