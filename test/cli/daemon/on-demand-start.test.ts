/**
 * Starting the daemon on demand (src/cli/daemon/on-demand-start.ts), with real files and a
 * real spawn: a daemon that came to listen while the call ran in-process (its card written
 * after this process started, its process alive) is left alone, where a second daemon used to
 * be spawned only to find it serving ("two first calls at once start one daemon" failed so at
 * load 6); a card older than the call (a daemon that declined it: another build's) does not
 * stop the start that replaces it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeCard } from "../../../src/cli/daemon/daemon-card-write.js";
import { daemonSocketPath } from "../../../src/cli/daemon/daemon-protocol.js";
import { cardPathOf } from "../../../src/cli/daemon/daemon-token.js";
import { launchMarkerPath, startOnDemand } from "../../../src/cli/daemon/on-demand-start.js";

let root: string;
let socketPath: string;
// A stand-in for the CLI: node evaluating nothing, handed the daemon's arguments.
const executable = [process.execPath, "-e", "0"];

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "on-demand-start-"));
  mkdirSync(join(root, "topics"));
  mkdirSync(join(root, ".agent-memory"), { mode: 0o700 });
  const path = daemonSocketPath(root);
  if (path === undefined) throw new Error(`no socket path for ${root}`);
  socketPath = path;
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("startOnDemand", () => {
  it("starts none when a daemon came to listen while the call ran", () => {
    expect(
      writeCard(cardPathOf(socketPath), {
        token: "ab".repeat(32),
        pid: process.pid,
        openMs: 1,
      }).isOk(),
    ).toBe(true);
    expect(startOnDemand(["list", "--root", root], {}, root, 0, executable)).toEqual({
      kind: "skipped",
      why: "a daemon started while this call ran",
    });
    expect(existsSync(launchMarkerPath(socketPath))).toBe(false);
  });

  it("starts one when the card is older than the call (the daemon that declined it)", () => {
    const card = cardPathOf(socketPath);
    expect(writeCard(card, { token: "ab".repeat(32), pid: process.pid, openMs: 1 }).isOk()).toBe(
      true,
    );
    const before = new Date(Date.now() - process.uptime() * 1000 - 60_000);
    utimesSync(card, before, before);
    const outcome = startOnDemand(["list", "--root", root], {}, root, 0, executable);
    expect(outcome.kind).toBe("started");
    const pid = outcome.kind === "started" ? outcome.pid : 0;
    expect(readFileSync(launchMarkerPath(socketPath), "utf8")).toBe(String(pid));
  });

  it("starts one when no daemon left a card", () => {
    expect(startOnDemand(["list", "--root", root], {}, root, 0, executable).kind).toBe("started");
  });
});
