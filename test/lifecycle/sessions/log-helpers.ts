/** Shared setup of the session log tests: a log on memfs with a settable clock. */
import { memfs } from "memfs";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createMemoryLock } from "../../../src/notes/memory-lock.js";
import {
  createSessionLog,
  type SessionLogOptions,
} from "../../../src/lifecycle/sessions/session-log.js";

/** A session log on a fresh memfs volume whose clock starts at `start`. */
export function setupLog(start: number, options: Partial<SessionLogOptions> = {}) {
  const persistence = fsPersistence({ fs: memfs().fs, root: "/memory" });
  let clock = start;
  const log = createSessionLog({
    persistence,
    now: () => clock,
    acquireLock: createMemoryLock(persistence),
    ...options,
  });
  return {
    persistence,
    log,
    setClock: (time: number) => {
      clock = time;
    },
  };
}

/** The four parts of a session, told apart by `tag`. */
export const parts = (tag: string) => ({
  what: `ran the ${tag} migration`,
  why: "the v2 schema needs it",
  how: "npm run migrate -- --to v2",
  next: `verify ${tag}`,
});
