/** Shared pieces of the session reader tests. */
import * as nodeFs from "node:fs";
import { join } from "node:path";
import type { SessionFs } from "../../../src/adapters/session-readers/session-fs.js";
import type { JournalEntry } from "../../../src/model/records/journal-entry.js";

/** The folder of the fixture transcripts and scripts. */
export const FIXTURES = join(import.meta.dirname, "../../fixtures/sessions");

/** A journal entry whose session is the file at `sessionPath`. */
export function entryFor(
  method: string,
  retrieval: { sessionPath?: string; threadId?: string },
  context: JournalEntry["context"] = {},
): JournalEntry {
  return {
    version: 1,
    timestamp: "2026-04-16T09:00:00.000Z",
    harness: "manual",
    retrieval: { method, ...retrieval },
    context,
  };
}

/** node:fs, counting the bytes read through file handles, to prove a reader reads only a tail. */
export function countingFs(): { fs: SessionFs; bytesRead: () => number } {
  let total = 0;
  const fs: SessionFs = {
    promises: {
      stat: (path) => nodeFs.promises.stat(path),
      open: async (path, flags) => {
        const handle = await nodeFs.promises.open(path, flags);
        return {
          read: async (buffer, offset, length, position) => {
            const result = await handle.read(buffer, offset, length, position);
            total += result.bytesRead;
            return result;
          },
          close: () => handle.close(),
        };
      },
    },
  };
  return { fs, bytesRead: () => total };
}

/** Writes a file of `megabytes` MiB made by repeating `line`, without holding it in memory. */
export function writeLargeFile(path: string, line: string, megabytes: number): void {
  const block = Buffer.from(
    line.repeat(Math.ceil((1024 * 1024) / line.length)).slice(0, 1024 * 1024),
  );
  const fd = nodeFs.openSync(path, "w");
  try {
    for (let index = 0; index < megabytes; index++) nodeFs.writeSync(fd, block);
  } finally {
    nodeFs.closeSync(fd);
  }
}
