/**
 * Where a command's note body comes from: `--body TEXT`, or stdin (`--body -`, or no
 * `--body` at all for commands that read stdin by default).
 *
 * @module
 */

import type { CliIo } from "./cli-io.js";

/**
 * The body text: the option's value, stdin for `-` (and, when `stdinByDefault`, for no
 * option at all, unless stdin is a terminal), else undefined.
 *
 * @example
 * ```ts
 * await readBody(io, values.body, true); // "--body x" → "x"; `echo x | memory capture t` → "x\n"
 * ```
 */
export async function readBody(
  io: CliIo,
  option: string | undefined,
  stdinByDefault: boolean,
): Promise<string | undefined> {
  if (option !== undefined && option !== "-") return option;
  if (option === undefined && !stdinByDefault) return undefined;
  return io.readStdin();
}
