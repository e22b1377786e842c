import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createMemoryLock } from "../../../src/notes/memory-lock.js";
import { createSerialQueue } from "../../../src/shared/serial-queue.js";
import {
  createSessionLog,
  type SessionLogOptions,
} from "../../../src/lifecycle/sessions/session-log.js";
import { parseSessions } from "../../../src/model/records/session-markdown.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { parts, setupLog as setup } from "./log-helpers.js";

const noon = () => Date.UTC(2026, 3, 16, 12, 0);

describe("sessionLog.append", () => {
  it("writes ## session K (HH:MM UTC) with what, why, how and a last next line", async () => {
    const { log, persistence } = setup(Date.UTC(2026, 3, 16, 9, 5));
    const first = okOf(await log.append(parts("a")));
    expect(first).toMatchObject({
      path: "sessions/2026/04/16/agent0.md",
      session: 1,
      time: "09:05",
    });
    expect(okOf(await persistence.read(first.path))).toBe(
      [
        "## session 1 (09:05 UTC)",
        "",
        "### what",
        "ran the a migration",
        "",
        "### why",
        "the v2 schema needs it",
        "",
        "### how",
        "npm run migrate -- --to v2",
        "",
        "- next: verify a",
        "",
      ].join("\n"),
    );
  });

  it("only ever appends: the old text is a byte-exact prefix of the new", async () => {
    const { log, persistence, setClock } = setup(Date.UTC(2026, 3, 16, 9, 0));
    const path = "sessions/2026/04/16/agent2.md";
    // A hand-written file: a title, odd spacing, no final newline.
    const handWritten =
      "# agent2 notes\n\n## session 4 (08:00 UTC)\n\n### what\nby hand\n\n- next: keep going";
    await persistence.write(path, handWritten);
    let previous = handWritten;
    for (const [index, minute] of [10, 20, 30].entries()) {
      setClock(Date.UTC(2026, 3, 16, 9, minute));
      const appended = okOf(await log.append({ ...parts(`s${index}`), agent: "2" }));
      expect(appended.session).toBe(5 + index);
      const now = okOf(await persistence.read(path));
      expect(now.startsWith(previous)).toBe(true);
      previous = now;
    }
    expect(parseSessions(previous).map((s) => s.number)).toEqual([4, 5, 6, 7]);
  });

  it("serialises concurrent appends: 20 at once give sessions 1..20, none lost or interleaved", async () => {
    const { log, persistence } = setup(Date.UTC(2026, 3, 16, 12, 0));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => log.append(parts(`p${index}`))),
    );
    expect(results.map((result) => okOf(result).session).toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    const sessions = parseSessions(okOf(await persistence.read("sessions/2026/04/16/agent0.md")));
    expect(sessions.map((s) => s.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(sessions.map((s) => s.next)).size).toBe(20);
    expect(
      sessions.every((s) => s.what.startsWith("ran the p") && s.how.startsWith("npm run")),
    ).toBe(true);
  });

  it("serialises two logs sharing a memory through the lock, and accepts a host's run()", async () => {
    const persistence = fsPersistence({ fs: memfs().fs, root: "/memory" });
    const queue = createSerialQueue();
    const run: SessionLogOptions["run"] = (task) => queue.run(task);
    // Two logs with separate queues stand for two processes; only the lock keeps them apart.
    const a = createSessionLog({
      persistence,
      now: noon,
      acquireLock: createMemoryLock(persistence),
      run,
    });
    const b = createSessionLog({
      persistence,
      now: noon,
      acquireLock: createMemoryLock(persistence),
    });
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 === 0 ? a : b).append(parts(`x${index}`)),
      ),
    );
    const sessions = parseSessions(okOf(await persistence.read("sessions/2026/04/16/agent0.md")));
    expect(sessions.map((s) => s.number)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
  });

  it("starts a new file, numbered from 1, after midnight UTC", async () => {
    const { log, setClock } = setup(Date.UTC(2026, 3, 16, 23, 59));
    expect(okOf(await log.append(parts("late")))).toMatchObject({
      path: "sessions/2026/04/16/agent0.md",
      session: 1,
      time: "23:59",
    });
    setClock(Date.UTC(2026, 3, 17, 0, 1));
    expect(okOf(await log.append(parts("early")))).toMatchObject({
      path: "sessions/2026/04/17/agent0.md",
      session: 1,
      time: "00:01",
    });
  });

  it.each([
    [{ ...parts("a"), what: "  " }, /what is empty/],
    [
      { ...parts("a"), how: "step\n## session 9 (10:00 UTC)\nmore" },
      /heading of the session format/,
    ],
    [{ ...parts("a"), why: "### how" }, /heading/],
    [{ ...parts("a"), agent: -1 }, /agent/i],
    [{ ...parts("a"), agent: "two" }, /agent/i],
    [{ what: "a", why: "b", how: "c" }, /next/],
  ])("refuses bad input %# and writes nothing", async (input, message) => {
    const { log, persistence } = setup(Date.UTC(2026, 3, 16));
    const error = errOf(await log.append(input as Parameters<typeof log.append>[0]));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toMatch(message);
    expect(okOf(await persistence.list("sessions"))).toEqual([]);
  });

  it("keeps next on one line and normalises line endings", async () => {
    const { log, persistence } = setup(Date.UTC(2026, 3, 16, 9, 0));
    okOf(
      await log.append({
        what: "a\r\nb\r\n\r\n",
        why: "c",
        how: "d",
        next: "first\n  then second",
      }),
    );
    const text = okOf(await persistence.read("sessions/2026/04/16/agent0.md"));
    expect(text).toContain("### what\na\nb\n\n### why");
    expect(text.endsWith("- next: first then second\n")).toBe(true);
  });
});
