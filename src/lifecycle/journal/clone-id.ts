/**
 * This clone's identity: a random name kept in the private, never-committed
 * `.agent-memory/clone-id`, so every checkout of a memory (a laptop, a CI runner, a
 * teammate's machine) has its own. Journal entries carry the name of the clone that queued
 * them, and consolidation leaves another clone's young entries to it: two clones holding one
 * synced pending entry never both consume it into two notes (docs/concurrency.md).
 */
import { randomBytes } from "node:crypto";
import { err, ok, type ResultAsync } from "neverthrow";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { PersistenceError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { safeAsync } from "../../shared/safe-async.js";
import { ignorePrivateFolder } from "../private-folder-ignore.js";

/** Where the clone's name is kept, relative to the memory root; never committed. */
export const CLONE_ID_PATH = `${PRIVATE_FOLDER}/clone-id`;

/** What a clone name looks like: `c-` and 16 lowercase hex digits. */
const CLONE_ID_PATTERN = /^c-[0-9a-f]{16}$/;

/**
 * The clone's name, created on first use. Made with an exclusive create where the storage
 * offers one, so processes starting at once agree on a single name (the loser reads the
 * winner's); a file holding anything else is replaced by a fresh name.
 *
 * @example
 * ```ts
 * const clone = await cloneIdOf(persistence); // ok("c-3f9a0c1e5b7d2a64")
 * ```
 */
export function cloneIdOf(persistence: Persistence): ResultAsync<string, PersistenceError> {
  return safeAsync<string, PersistenceError>(
    async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const read = await persistence.read(CLONE_ID_PATH);
        if (read.isOk()) {
          const name = read.value.trim();
          if (CLONE_ID_PATTERN.test(name)) return ok(name);
          // Empty: another process's exclusive create has made the file and not yet written
          // its name; replacing it would give this clone two names.
          if (name === "" && attempt < 2) {
            await new Promise((done) => setTimeout(done, 50));
            continue;
          }
        } else if (read.error.code !== "NOT_FOUND") {
          return err(read.error);
        }
        const fresh = `c-${randomBytes(8).toString("hex")}`;
        if (read.isOk() || persistence.createExclusive === undefined) {
          const wrote = await persistence.write(CLONE_ID_PATH, `${fresh}\n`);
          if (wrote.isErr()) return err(wrote.error);
          await ignorePrivateFolder(persistence);
          return ok(fresh);
        }
        const made = await persistence.createExclusive(CLONE_ID_PATH, `${fresh}\n`);
        if (made.isErr()) return err(made.error);
        if (made.value) {
          await ignorePrivateFolder(persistence);
          return ok(fresh);
        }
        // Another process created it first: read theirs on the next round.
      }
      return err(new PersistenceError(`Could not read or create ${CLONE_ID_PATH}.`));
    },
    (cause) => new PersistenceError(`Could not read or create ${CLONE_ID_PATH}.`, { cause }),
  );
}

/** How long an entry stays its queuing clone's alone: then any clone may consume it. */
export const OWNER_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Whether this clone (`clone`) may consume `entry` at `now`: an entry queued by no known
 * clone, by this one, or by another more than {@link OWNER_GRACE_MS} ago (its clone may be
 * gone for good, and its sessions must not wait forever).
 *
 * @example
 * ```ts
 * mayConsume({ queued: { clone: "c-1", at: "2026-11-27T09:00:00Z" } }, "c-2", Date.now()); // false today
 * ```
 */
export function mayConsume(
  entry: { readonly queued?: { readonly clone: string; readonly at: string } },
  clone: string,
  now: number,
): boolean {
  const queued = entry.queued;
  if (queued === undefined || queued.clone === clone) return true;
  const at = Date.parse(queued.at);
  return Number.isNaN(at) || now - at >= OWNER_GRACE_MS;
}
