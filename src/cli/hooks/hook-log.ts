/**
 * A hook's outcome, one line each, in `<root>/.agent-memory/hooks.log` (stderr when the root
 * cannot be written): hooks never fail the harness, so this is where a failure is seen.
 *
 * @module
 */

import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import { PRIVATE_FOLDER } from "../../model/index.js";
import type { CliIo } from "../framework/cli-io.js";

/** The log file, relative to the memory root. */
export const HOOK_LOG = `${PRIVATE_FOLDER}/hooks.log`;

/**
 * Appends `<ISO time> <harness> <event> <outcome>: <detail>` to the hook log.
 *
 * @example
 * ```ts
 * await logHook(root, io, "claude-code session-end", "queued", "entry 20260502T...");
 * ```
 */
export async function logHook(
  root: string,
  io: CliIo,
  hook: string,
  outcome: "queued" | "printed" | "skipped" | "failed",
  detail: string,
): Promise<void> {
  const line = `${new Date().toISOString()} ${hook} ${outcome}: ${detail.replace(/\s+/g, " ").trim()}\n`;
  try {
    await mkdir(join(root, PRIVATE_FOLDER), { recursive: true });
    await appendFile(join(root, HOOK_LOG), line, "utf8");
  } catch {
    io.stderr(line);
  }
}
