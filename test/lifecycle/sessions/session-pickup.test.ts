import { describe, expect, it } from "vitest";
import { okOf } from "../../helpers/result-helpers.js";
import { parts, setupLog as setup } from "./log-helpers.js";

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
