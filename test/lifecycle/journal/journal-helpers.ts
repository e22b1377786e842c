/** Shared setup of the journal tests: a journal on memfs with a settable clock and serial ids. */
import { memfs } from "memfs";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import type { JournalEntryInput } from "../../../src/lifecycle/journal/journal-add.js";
import { createJournal, type JournalOptions } from "../../../src/lifecycle/journal/journal.js";
import { okOf } from "../../helpers/result-helpers.js";

/** A journal on a fresh memfs volume; ids end in r0000, r0001, ... */
export function setupJournal(options: Partial<JournalOptions> = {}) {
  const { fs } = memfs();
  const persistence = fsPersistence({ fs, root: "/memory" });
  let clock = Date.UTC(2026, 1, 13, 9, 30);
  let serial = 0;
  const journal = createJournal({
    persistence,
    now: () => clock,
    randomId: () => `r${String(serial++).padStart(4, "0")}`,
    ...options,
  });
  const files = async (dir: string) => okOf(await persistence.list(dir)).map((file) => file.path);
  return {
    fs,
    persistence,
    journal,
    files,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

/** An entry as an Amp hook would add it. */
export const ampEntry: JournalEntryInput = {
  harness: "amp",
  retrieval: { method: "amp-thread", threadId: "T-019c545f" },
  context: { cwd: "/home/me/project", repo: "github.com/me/project" },
};
