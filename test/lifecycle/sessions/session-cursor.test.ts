import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { SESSION_CURSOR_PATH } from "../../../src/lifecycle/sessions/session-cursor.js";
import { createSessionLog } from "../../../src/lifecycle/sessions/session-log.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

function setup() {
  const persistence = fsPersistence({ fs: memfs().fs, root: "/memory" });
  let clock = Date.UTC(2026, 3, 16, 9, 0);
  const log = createSessionLog({ persistence, now: () => clock });
  const append = async (agent: number, tag: string, at: number) => {
    clock = at;
    return okOf(await log.append({ agent, what: tag, why: "w", how: "h", next: `after ${tag}` }));
  };
  return { persistence, log, append };
}

/** Counts reads of each path, to prove unchanged files are skipped. */
function countingReads(persistence: Persistence) {
  const reads = new Map<string, number>();
  const counted: Persistence = {
    ...persistence,
    read: (path) => {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return persistence.read(path);
    },
  };
  return { counted, reads };
}

describe("the session-log consolidation cursor", () => {
  it("returns every session at first, oldest first across days and agents", async () => {
    const { log, append } = setup();
    await append(1, "b", Date.UTC(2026, 3, 16, 10, 0));
    await append(0, "a", Date.UTC(2026, 3, 16, 9, 0));
    await append(0, "c", Date.UTC(2026, 3, 17, 8, 0));
    const sessions = okOf(await log.unconsumed());
    expect(sessions.map((s) => [s.day, s.time, s.agent, s.number, s.what])).toEqual([
      ["2026-04-16", "09:00", 0, 1, "a"],
      ["2026-04-16", "10:00", 1, 1, "b"],
      ["2026-04-17", "08:00", 0, 1, "c"],
    ]);
    expect(sessions[0]).toMatchObject({ path: "sessions/2026/04/16/agent0.md", next: "after a" });
    expect(okOf(await log.unconsumed({ limit: 2 }))).toHaveLength(2);
  });

  it("remembers what was consumed in a committed file and returns only what came after", async () => {
    const { log, append, persistence } = setup();
    await append(0, "one", Date.UTC(2026, 3, 16, 9, 0));
    await append(0, "two", Date.UTC(2026, 3, 16, 9, 30));
    const first = okOf(await log.unconsumed());
    okOf(await log.markConsumed(first));
    expect(okOf(await log.unconsumed())).toEqual([]);
    const cursor = JSON.parse(okOf(await persistence.read(SESSION_CURSOR_PATH)));
    expect(cursor.files["sessions/2026/04/16/agent0.md"].session).toBe(2);
    expect(SESSION_CURSOR_PATH.startsWith(".agent-memory")).toBe(false);

    await append(0, "three", Date.UTC(2026, 3, 16, 10, 0));
    expect(okOf(await log.unconsumed()).map((s) => s.what)).toEqual(["three"]);
    // A new log over the same files (another process, a fresh clone) sees the same cursor.
    const other = createSessionLog({ persistence });
    expect(okOf(await other.unconsumed()).map((s) => s.what)).toEqual(["three"]);
  });

  it("returns every section since the cursor after a weekend, across a month boundary", async () => {
    const { log, append } = setup();
    await append(0, "thursday", Date.UTC(2026, 0, 29, 9, 0));
    okOf(await log.markConsumed(okOf(await log.unconsumed())));
    await append(0, "friday", Date.UTC(2026, 0, 30, 17, 0));
    await append(1, "saturday", Date.UTC(2026, 0, 31, 11, 0));
    await append(0, "monday", Date.UTC(2026, 1, 2, 9, 0));
    expect(okOf(await log.unconsumed()).map((s) => [s.day, s.what])).toEqual([
      ["2026-01-30", "friday"],
      ["2026-01-31", "saturday"],
      ["2026-02-02", "monday"],
    ]);
  });

  it("consumes part of a file and never moves backwards", async () => {
    const { log, append } = setup();
    for (const [index, tag] of ["a", "b", "c"].entries())
      await append(0, tag, Date.UTC(2026, 3, 16, 9, index));
    const all = okOf(await log.unconsumed());
    okOf(await log.markConsumed(all.slice(0, 2)));
    expect(okOf(await log.unconsumed()).map((s) => s.what)).toEqual(["c"]);
    okOf(await log.markConsumed(all.slice(0, 1)));
    expect(okOf(await log.unconsumed()).map((s) => s.what)).toEqual(["c"]);
  });

  it("does not re-read a file whose size is what the cursor recorded", async () => {
    const { log, append, persistence } = setup();
    await append(0, "a", Date.UTC(2026, 3, 16, 9, 0));
    await append(1, "b", Date.UTC(2026, 3, 16, 9, 0));
    okOf(await log.markConsumed(okOf(await log.unconsumed())));
    await append(1, "c", Date.UTC(2026, 3, 16, 9, 5));
    const { counted, reads } = countingReads(persistence);
    const fresh = createSessionLog({ persistence: counted });
    expect(okOf(await fresh.unconsumed()).map((s) => s.what)).toEqual(["c"]);
    expect(reads.get("sessions/2026/04/16/agent0.md")).toBeUndefined();
    expect(reads.get("sessions/2026/04/16/agent1.md")).toBe(1);
  });

  it("refuses refs that are not session log files, and a corrupt cursor", async () => {
    const { log, persistence } = setup();
    expect(errOf(await log.markConsumed([{ path: "index.md", number: 1 }])).code).toBe(
      "INVALID_INPUT",
    );
    expect(
      errOf(await log.markConsumed([{ path: "sessions/2026/04/16/agent0.md", number: 0 }])).code,
    ).toBe("INVALID_INPUT");
    await persistence.write(SESSION_CURSOR_PATH, "{ broken");
    const error = errOf(await log.unconsumed());
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toMatch(/Restore it from git history/);
  });
});
