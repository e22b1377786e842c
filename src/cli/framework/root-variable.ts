/**
 * The memory root a command line names: the environment variable used when `--root` is not
 * given, and the resolution itself. Its own module so that the dispatcher's help and the
 * daemon client can name the root without loading the adapters `open-memory.ts` brings.
 *
 * @module
 */

import { resolve } from "node:path";
import type { CliIo } from "./cli-io.js";

/** The environment variable naming the memory root when `--root` is not given. */
export const ROOT_VARIABLE = "AGENT_MEMORY_ROOT";

/**
 * The memory root: `--root`, else $AGENT_MEMORY_ROOT, else the working directory; relative
 * paths are taken from the working directory.
 *
 * @example
 * ```ts
 * resolveRoot(undefined, { ...io, env: { AGENT_MEMORY_ROOT: "notes" }, cwd: "/home/me" }); // "/home/me/notes"
 * ```
 */
export function resolveRoot(
  rootOption: string | undefined,
  io: Pick<CliIo, "env" | "cwd">,
): string {
  const fromEnv = io.env[ROOT_VARIABLE];
  const chosen = rootOption ?? (fromEnv === undefined || fromEnv === "" ? undefined : fromEnv);
  return resolve(io.cwd, chosen ?? ".");
}
