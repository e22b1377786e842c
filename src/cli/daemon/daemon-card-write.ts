/**
 * Publishing the daemon's card. Apart from the card's reader (daemon-token.ts) because the
 * client loads that one before every command, and this one needs neverthrow, which a
 * `memory --help` must not load.
 *
 * @module
 */
import * as fs from "node:fs";
import { err, ok, type Result } from "neverthrow";
import { messageOf } from "../../shared/message-of.js";
import type { DaemonCard } from "./daemon-token.js";
import { unlinkQuietly } from "./quiet-files.js";

/**
 * Writes the card owner-only (0600 from its creation, then renamed into place so a reader
 * sees the old card or the new one).
 */
export function writeCard(path: string, card: DaemonCard): Result<void, string> {
  const temp = `${path}.${process.pid}`;
  try {
    unlinkQuietly(temp);
    fs.writeFileSync(temp, JSON.stringify(card), { mode: 0o600, flag: "wx" });
    fs.renameSync(temp, path);
    return ok(undefined);
  } catch (cause) {
    unlinkQuietly(temp);
    return err(`Could not write ${path}: ${messageOf(cause)}.`);
  }
}
