/**
 * The `--agent N` option of `memory log` and `memory pickup`.
 *
 * @module
 */

/**
 * The agent number typed on the command line: 0 when absent, undefined when it is not a
 * whole number from 0 to 999999.
 *
 * @example
 * ```ts
 * parseAgentOption("2"); // 2
 * parseAgentOption("two"); // undefined
 * ```
 */
export function parseAgentOption(text: string | undefined): number | undefined {
  if (text === undefined) return 0;
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : undefined;
}
