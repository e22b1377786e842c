/**
 * The daemon's wire format and the client's decisions that need no daemon: which calls it
 * may send, where the socket is, what counts as a message.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { askDaemon, NO_DAEMON_VARIABLE } from "../../src/cli/daemon/daemon-client.js";
import {
  daemonSocketPath,
  decodeReply,
  decodeRequest,
  encodeMessage,
  type DaemonReply,
  type DaemonRequest,
} from "../../src/cli/daemon/daemon-protocol.js";
import { idleMsOf } from "../../src/cli/commands/daemon-idle.js";
import { PRIVATE_FOLDER } from "../../src/model/index.js";
import { okOf } from "../helpers/result-helpers.js";

describe("daemon messages", () => {
  it("decode as they were encoded, one line each", () => {
    const requests: DaemonRequest[] = [
      { kind: "run", stamp: "s 1", argv: ["show", "Kf9mNp", "--json"], cwd: "/home/me" },
      { kind: "status" },
      { kind: "stop" },
    ];
    for (const request of requests) {
      const line = encodeMessage(request);
      expect(line.endsWith("\n") && line.indexOf("\n") === line.length - 1).toBe(true);
      expect(decodeRequest(line.trimEnd())).toEqual(request);
    }
    const replies: DaemonReply[] = [
      { kind: "ran", stdout: "a\nb\n", stderr: "", exitCode: 1 },
      { kind: "mismatch", stamp: "s 2" },
      { kind: "status", pid: 7, root: "/m", startedAt: 1, requests: 2, stamp: "s" },
      { kind: "stopping", pid: 7 },
    ];
    for (const reply of replies) expect(decodeReply(encodeMessage(reply).trimEnd())).toEqual(reply);
  });

  it("are refused when they are not one (never thrown)", () => {
    for (const line of [
      "",
      "{",
      "[]",
      "null",
      '"run"',
      '{"kind":"run"}',
      '{"kind":"run","stamp":"s","argv":[1],"cwd":"/"}',
      '{"kind":"ran","stdout":"x"}',
    ]) {
      expect(decodeRequest(line)).toBeUndefined();
      expect(decodeReply(line)).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string(), (line) => {
        decodeRequest(line);
        decodeReply(line);
      }),
    );
  });
});

describe("the daemon's socket", () => {
  it("lives in the memory's private folder", () => {
    expect(daemonSocketPath("/home/me/notes", "linux")).toBe(
      `/home/me/notes/${PRIVATE_FOLDER}/daemon.sock`,
    );
  });

  it("does not exist for a root too deep for a Unix socket path, nor on Windows", () => {
    expect(daemonSocketPath(`/${"d".repeat(90)}`, "linux")).toBeUndefined();
    expect(daemonSocketPath("C:\\notes", "win32")).toBeUndefined();
  });
});

describe("the client", () => {
  const env = { AGENT_MEMORY_ROOT: "/nonexistent/memory" };

  it("keeps in-process what the daemon does not answer, without touching a socket", async () => {
    for (const argv of [
      [],
      ["capture", "A title"],
      ["consolidate"],
      ["show", "Kf9mNp", "--help"],
      ["search", "--", "-x"],
      ["list", "--root"],
    ]) {
      expect(await askDaemon(argv, env, "/")).toBeUndefined();
    }
  });

  it("runs in-process when told to, or when no daemon serves the root", async () => {
    expect(await askDaemon(["list"], { ...env, [NO_DAEMON_VARIABLE]: "1" }, "/")).toBeUndefined();
    expect(await askDaemon(["list", "--root=/nowhere"], {}, "/")).toBeUndefined();
  });
});

describe("--idle-minutes", () => {
  it("takes minutes above 0 and up to a week, fractions included", () => {
    expect(okOf(idleMsOf(undefined, "daemon start"))).toBe(30 * 60_000);
    expect(okOf(idleMsOf("0.5", "daemon start"))).toBe(30_000);
    for (const bad of ["0", "-1", "x", "", "1e9", "Infinity"]) {
      const refused = idleMsOf(bad, "daemon start");
      expect(refused.isErr() && refused.error.code).toBe("USAGE");
    }
  });
});
