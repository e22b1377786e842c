/**
 * Keeps the private folder out of `git status` in a memory the library made by itself. The CLI
 * commits a rule for it in the memory's `.gitignore` (src/model/private-ignore.ts); a host that
 * only calls the library never gets that rule, and the files the lifecycle keeps there for good
 * (the clone's name, the spend ledger) would show as untracked. A `.gitignore` of `*` inside the
 * folder hides the folder and itself in this clone; every clone writes its own.
 *
 * @module
 */
import { PRIVATE_FOLDER } from "../model/layout.js";
import type { Persistence } from "../ports/persistence.js";

/** The folder's own ignore file, relative to the memory root. */
export const PRIVATE_FOLDER_IGNORE_PATH = `${PRIVATE_FOLDER}/.gitignore`;

const TEXT = "# This clone's locks, caches and ledger (agent-memory): never committed.\n*\n";

/**
 * Writes the folder's own ignore file when it is missing. Best effort: a failure costs an
 * untracked folder in `git status`, never the write that called it.
 */
export async function ignorePrivateFolder(persistence: Persistence): Promise<void> {
  try {
    const present = await persistence.read(PRIVATE_FOLDER_IGNORE_PATH);
    if (present.isOk() || present.error.code !== "NOT_FOUND") return;
    await persistence.write(PRIVATE_FOLDER_IGNORE_PATH, TEXT);
  } catch {
    // A host's port that throws: the folder stays visible to git, nothing else changes.
  }
}
