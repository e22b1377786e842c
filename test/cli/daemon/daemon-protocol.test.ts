/**
 * The daemon's wire format and the client's decisions that need no daemon: which calls it
 * may send, where the socket is, what counts as a message.
 */
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import * as fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { askDaemon, NO_DAEMON_VARIABLE } from "../../../src/cli/daemon/daemon-client.js";
import {
  daemonSocketPath,
  decodeReply,
  decodeRequest,
  encodeMessage,
  type DaemonReply,
  type ChallengedRequest,
} from "../../../src/cli/daemon/daemon-protocol.js";
import { writeCard } from "../../../src/cli/daemon/daemon-card-write.js";
import { newToken, proofOf } from "../../../src/cli/daemon/daemon-token.js";
import { idleMsOf } from "../../../src/cli/commands/daemon-idle.js";
import { PRIVATE_FOLDER } from "../../../src/model/index.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("daemon messages", () => {
  it("decode as they were encoded, one line each", () => {
    const requests: ChallengedRequest[] = [
      {
        kind: "run",
        stamp: "s 1",
        argv: ["show", "Kf9mNp", "--json"],
        cwd: "/home/me",
        root: "/home/me/notes",
        challenge: "0123456789abcdef",
      },
      { kind: "status", challenge: "0123456789abcdef" },
      { kind: "stop", challenge: "0123456789abcdef" },
    ];
    for (const request of requests) {
      const line = encodeMessage(request);
      expect(line.endsWith("\n") && line.indexOf("\n") === line.length - 1).toBe(true);
      expect(decodeRequest(line.trimEnd())).toEqual(request);
    }
    const replies: DaemonReply[] = [
      { kind: "accepted", proof: "ab" },
      { kind: "refused", reason: "another root" },
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
      // No challenge: a request the daemon could not prove itself to.
      '{"kind":"status"}',
      '{"kind":"run","stamp":"s","argv":["list"],"cwd":"/","root":"/"}',
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
  let root: string;
  let server: Server;
  let connections: number;
  let behaviour: "answer" | "silent" | "garbage" | "forged" | "late";
  let late: string[];
  const onLate = (lateRoot: string): void => void late.push(lateRoot);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "daemon-client-"));
    await mkdir(join(root, ".agent-memory"));
    connections = 0;
    behaviour = "answer";
    late = [];
    const token = newToken();
    const card = writeCard(join(root, ".agent-memory", "daemon.token"), {
      token,
      pid: 1,
      openMs: 1,
    });
    if (card.isErr()) throw new Error(card.error);
    // A stand-in daemon: counts who connects, and answers as told.
    server = createServer((socket) => {
      connections++;
      socket.setEncoding("utf8");
      socket.on("data", (line: string) => {
        if (behaviour === "silent") return;
        if (behaviour === "garbage") return void socket.end("not json\n");
        const challenge = decodeRequest(line.trimEnd())?.challenge ?? "";
        // A forger does not know the card's secret.
        const proof = proofOf(behaviour === "forged" ? newToken() : token, challenge);
        socket.write(encodeMessage({ kind: "accepted", proof }));
        if (behaviour === "late") return;
        socket.end(
          encodeMessage({ kind: "ran", stdout: "from the daemon\n", stderr: "", exitCode: 0 }),
        );
      });
    });
    await new Promise<void>((done) =>
      server.listen(join(root, ".agent-memory", "daemon.sock"), done),
    );
  });

  afterEach(async () => {
    await new Promise((done) => server.close(done));
    await rm(root, { recursive: true, force: true });
  });

  it("keeps in-process what the daemon does not answer, without connecting", async () => {
    for (const argv of [
      [],
      ["capture", "A title"],
      ["consolidate"],
      ["daemon", "status"],
      ["show", "Kf9mNp", "--help"],
      ["show", "Kf9mNp", "-h"],
      ["search", "--", "-x"],
      ["list", "--root"],
    ]) {
      expect(await askDaemon(argv, { AGENT_MEMORY_ROOT: root }, "/")).toBeUndefined();
    }
    expect(
      await askDaemon(["list"], { AGENT_MEMORY_ROOT: root, [NO_DAEMON_VARIABLE]: "1" }, "/"),
    ).toBeUndefined();
    expect(connections).toBe(0);
  });

  it("asks the daemon of the root the command line names, however it names it", async () => {
    const answered = { stdout: "from the daemon\n", stderr: "", exitCode: 0 };
    expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/")).toMatchObject(answered);
    expect(await askDaemon(["show", "Kf9mNp", "--root", root], {}, "/")).toMatchObject(answered);
    expect(await askDaemon(["search", "x", `--root=${root}`], {}, "/")).toMatchObject(answered);
    expect(await askDaemon(["links", "Kf9mNp"], {}, root)).toMatchObject(answered);
    expect(await askDaemon(["list", "--root", basename(root)], {}, dirname(root))).toMatchObject(
      answered,
    );
    expect(
      await askDaemon(["list", "--root", "/elsewhere"], { AGENT_MEMORY_ROOT: root }, "/"),
    ).toBeUndefined();
    expect(connections).toBe(5);
  });

  it("runs in-process when the daemon answers nonsense", async () => {
    behaviour = "garbage";
    expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/", onLate)).toBeUndefined();
    expect(late).toEqual([]);
  });

  it("believes no listener that cannot prove it knows the card's secret", async () => {
    behaviour = "forged";
    expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/", onLate)).toBeUndefined();
    expect(connections).toBe(1);
    // Without a card, or with one others can read, nothing on the socket is asked at all.
    behaviour = "answer";
    const card = join(root, ".agent-memory", "daemon.token");
    await chmod(card, 0o644);
    expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/", onLate)).toBeUndefined();
    await rm(card);
    expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/", onLate)).toBeUndefined();
    expect(connections).toBe(1);
  });

  it.each([
    ["does not acknowledge", "silent"],
    ["acknowledges and never answers", "late"],
  ] as const)(
    "remembers a daemon that %s: one wait, then in-process at once, and a replacement asked for",
    async (_what, how) => {
      behaviour = how;
      expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/", onLate)).toBeUndefined();
      expect(late).toEqual([root]);
      expect(await askDaemon(["list"], { AGENT_MEMORY_ROOT: root }, "/", onLate)).toBeUndefined();
      expect(connections).toBe(1);
      expect(late).toEqual([root]);
    },
  );
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
