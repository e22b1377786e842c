import { describe, expect, it } from "vitest";
import { okOf } from "../../helpers/result-helpers.js";
import { parts, setupLog as setup } from "./log-helpers.js";

const session = (what: string) =>
  `## session 1 (20:00 UTC)\n\n### what\n${what}\n\n### why\ny\n\n### how\nz\n\n- next: ${what}\n`;

describe("sessionLog.pickup", () => {
  it("reads today's file, else yesterday's, else today's agent0, else reports nothing", async () => {
    const { log, setClock } = setup(Date.UTC(2026, 3, 16, 10, 0));
    expect(okOf(await log.pickup({ agent: 1 }))).toBeNull();

    okOf(await log.append({ ...parts("main"), agent: 0 }));
    expect(okOf(await log.pickup({ agent: 1 }))).toMatchObject({
      next: "verify main",
      path: "sessions/2026/04/16/agent0.md",
      agent: 0,
    });

    okOf(await log.append({ ...parts("one-first"), agent: 1 }));
    okOf(await log.append({ ...parts("one-last"), agent: 1 }));
    const today = okOf(await log.pickup({ agent: 1 }));
    expect(today).toMatchObject({
      next: "verify one-last",
      session: 2,
      agent: 1,
      day: "2026-04-16",
    });
    expect(today?.text).toMatch(
      /^## session 2 \(10:00 UTC\)\n\n### what\nran the one-last migration/,
    );
    expect(today?.text.endsWith("- next: verify one-last")).toBe(true);

    setClock(Date.UTC(2026, 3, 17, 8, 0));
    expect(okOf(await log.pickup({ agent: 1 }))).toMatchObject({
      next: "verify one-last",
      path: "sessions/2026/04/16/agent1.md",
    });
    expect(okOf(await log.pickup())).toMatchObject({ path: "sessions/2026/04/16/agent0.md" });
  });

  it("falls back to yesterday across a month and a year boundary", async () => {
    const { log, setClock } = setup(Date.UTC(2026, 1, 28, 22, 0));
    okOf(await log.append({ ...parts("february"), agent: 3 }));
    setClock(Date.UTC(2026, 2, 1, 0, 30));
    expect(okOf(await log.pickup({ agent: 3 }))).toMatchObject({
      next: "verify february",
      path: "sessions/2026/02/28/agent3.md",
    });
    setClock(Date.UTC(2026, 11, 31, 23, 0));
    okOf(await log.append({ ...parts("new year's eve"), agent: 3 }));
    setClock(Date.UTC(2027, 0, 1, 1, 0));
    expect(okOf(await log.pickup({ agent: 3 }))).toMatchObject({
      path: "sessions/2026/12/31/agent3.md",
    });
  });

  it("picks up the last session however old: Friday's after a weekend, across a month", async () => {
    // Friday 2026-01-30, then Monday 2026-02-02: the weekend and a month boundary between.
    const { log, setClock } = setup(Date.UTC(2026, 0, 30, 17, 0));
    okOf(await log.append({ ...parts("friday-early"), agent: 2 }));
    okOf(await log.append({ ...parts("friday-late"), agent: 2 }));
    okOf(await log.append({ ...parts("main friday"), agent: 0 }));
    setClock(Date.UTC(2026, 1, 2, 9, 0));
    expect(okOf(await log.pickup({ agent: 2 }))).toMatchObject({
      next: "verify friday-late",
      path: "sessions/2026/01/30/agent2.md",
      agent: 2,
      day: "2026-01-30",
      session: 2,
    });
    expect(okOf(await log.pickup())).toMatchObject({ next: "verify main friday" });
    // Three weeks off: still there. An agent with no session anywhere gets the main agent's today.
    setClock(Date.UTC(2026, 1, 23, 9, 0));
    expect(okOf(await log.pickup({ agent: 2 }))).toMatchObject({ day: "2026-01-30" });
    okOf(await log.append({ ...parts("main monday"), agent: 0 }));
    expect(okOf(await log.pickup({ agent: 7 }))).toMatchObject({ next: "verify main monday" });
    expect(okOf(await log.pickup({ agent: 2 }))).toMatchObject({ next: "verify friday-late" });
  });

  it("never picks up a file dated after today (a skewed clock wrote it)", async () => {
    const { log, persistence } = setup(Date.UTC(2026, 3, 16, 10, 0));
    await persistence.write("sessions/2026/04/20/agent4.md", session("from the future"));
    await persistence.write("sessions/2026/04/10/agent4.md", session("last week"));
    expect(okOf(await log.pickup({ agent: 4 }))).toMatchObject({ next: "last week" });
  });

  it("skips a file that holds no session", async () => {
    const { log, persistence } = setup(Date.UTC(2026, 3, 16, 10, 0));
    await persistence.write("sessions/2026/04/16/agent5.md", "just a title\n");
    await persistence.write(
      "sessions/2026/04/15/agent5.md",
      "## session 1 (20:00 UTC)\n\n### what\nx\n\n### why\ny\n\n### how\nz\n",
    );
    expect(okOf(await log.pickup({ agent: 5 }))).toMatchObject({
      path: "sessions/2026/04/15/agent5.md",
      next: null,
    });
  });
});
