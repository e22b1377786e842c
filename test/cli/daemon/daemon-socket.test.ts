/**
 * The daemon's claim on its socket and its start lock, with real sockets and files: a lock
 * left by a start that died or hung is taken over, a live one is respected, and a daemon that
 * stops never removes the socket of the daemon that replaced it.
 */
import * as fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimSocket } from "../../../src/cli/daemon/daemon-socket.js";
import { launchDaemon } from "../../../src/cli/daemon/daemon-launch.js";
import {
  setAside,
  START_LOCK_STALE_MS,
  takeStartLock,
} from "../../../src/cli/daemon/start-lock.js";
import type { CliIo } from "../../../src/cli/framework/cli-io.js";
import { newToken, type DaemonCard } from "../../../src/cli/daemon/daemon-token.js";

let folder = "";
const servers: Server[] = [];

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), "dsock-"));
});

afterEach(async () => {
  for (const made of servers.splice(0)) made.close();
  await rm(folder, { recursive: true, force: true });
});

/** A clock past the age at which a lock counts as abandoned. */
const later = (): number => Date.now() + START_LOCK_STALE_MS + 1_000;

/** A server that speaks no daemon protocol: it says which it is and hangs up. */
function server(name: string): Server {
  const made = createServer((socket) => socket.end(name));
  servers.push(made);
  return made;
}

function hello(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const socket = createConnection(path);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (text += chunk));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

/** A pid no process has: the largest Linux allows, plus one. */
const NO_SUCH_PID = 4_194_305;

/** A daemon's card, for a claim made by no daemon process. */
const card = (): DaemonCard => ({ token: newToken(), pid: NO_SUCH_PID, openMs: 1 });

describe("the start lock", () => {
  it("is taken once, refused while held, and free again when released", () => {
    const lock = join(folder, "daemon.lock");
    const first = takeStartLock(lock, "/m");
    expect(first.isOk()).toBe(true);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
    const second = takeStartLock(lock, "/m");
    expect(second.isErr() && second.error.code).toBe("CONFLICT");
    expect(second.isErr() && second.error.message).toContain(lock);
    if (first.isOk()) first.value();
    expect(fs.existsSync(lock)).toBe(false);
    expect(takeStartLock(lock, "/m").isOk()).toBe(true);
    // Nothing of the attempts is left beside it.
    expect(fs.readdirSync(folder)).toEqual(["daemon.lock"]);
  });

  it("takes over a lock whose process is gone", () => {
    const lock = join(folder, "daemon.lock");
    fs.writeFileSync(lock, String(NO_SUCH_PID));
    const taken = takeStartLock(lock, "/m");
    expect(taken.isOk()).toBe(true);
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
  });

  it("respects a fresh lock it cannot read (being written), and takes it over once old", () => {
    const lock = join(folder, "daemon.lock");
    fs.writeFileSync(lock, "");
    expect(takeStartLock(lock, "/m").isErr()).toBe(true);
    expect(takeStartLock(lock, "/m", later).isOk()).toBe(true);
  });

  it("takes over a lock held too long even when its pid is alive (a reused pid)", () => {
    const lock = join(folder, "daemon.lock");
    // pid 1 is always alive: as if the starting process died and its pid went to another.
    fs.writeFileSync(lock, "1");
    expect(takeStartLock(lock, "/m").isErr()).toBe(true);
    const old = (Date.now() - START_LOCK_STALE_MS - 5_000) / 1000;
    fs.utimesSync(lock, old, old);
    expect(takeStartLock(lock, "/m").isOk()).toBe(true);
  });

  it("released late, leaves alone the lock another start took over", () => {
    const lock = join(folder, "daemon.lock");
    const slow = takeStartLock(lock, "/m");
    const next = takeStartLock(lock, "/m", later);
    expect(next.isOk()).toBe(true);
    const ino = fs.statSync(lock).ino;
    if (slow.isOk()) slow.value();
    expect(fs.statSync(lock).ino).toBe(ino);
  });

  it("puts back a fresh lock it moved aside by mistake (replaced since it was judged abandoned)", () => {
    const lock = join(folder, "daemon.lock");
    fs.writeFileSync(lock, "1");
    const abandoned = fs.statSync(lock).ino;
    // Another start took the abandoned lock over and holds a new one by the same name.
    fs.writeFileSync(join(folder, "fresh"), "2");
    fs.renameSync(join(folder, "fresh"), lock);
    const fresh = fs.statSync(lock).ino;
    expect(fresh).not.toBe(abandoned);
    setAside(lock, abandoned);
    expect(fs.statSync(lock).ino).toBe(fresh);
    expect(fs.readdirSync(folder)).toEqual(["daemon.lock"]);
    // The abandoned one itself goes.
    setAside(lock, fresh);
    expect(fs.readdirSync(folder)).toEqual([]);
  });
});

/** A CLI environment whose command line is `executable`. */
const io = (executable: string[]): CliIo => ({
  env: {},
  cwd: folder,
  stdout: () => undefined,
  stderr: () => undefined,
  readStdin: async () => undefined,
  executable,
});

describe("launching the daemon", () => {
  it.each([
    ["does not exist", "/no/such/memory-cli"],
    ["cannot be one (a path through a file)", "/etc/passwd/memory-cli"],
  ])("says why when the executable %s, and starts nothing", async (_why, executable) => {
    const launched = await launchDaemon(folder, io([executable]), 60_000);
    expect(launched.isErr() && launched.error.code).toBe("DAEMON");
    expect(launched.isErr() && launched.error.message).toContain(`Could not run ${executable}`);
    expect(fs.existsSync(join(folder, ".agent-memory", "daemon.sock"))).toBe(false);
  });
});

describe("claiming the socket", () => {
  it("listens on the shared name, owner-only, and removes it when released", async () => {
    const path = join(folder, "daemon.sock");
    const claimed = await claimSocket(server("A"), path, "/m", card());
    expect(claimed.isOk()).toBe(true);
    expect(await hello(path)).toBe("A");
    expect(fs.statSync(path).mode & 0o777).toBe(0o600);
    if (claimed.isOk()) claimed.value.release();
    expect(fs.existsSync(path)).toBe(false);
  });

  it("replaces a socket nothing answers on, and the old server's end leaves the new one's", async () => {
    const path = join(folder, "daemon.sock");
    const a = server("A");
    const first = await claimSocket(a, path, "/m", card());
    expect(first.isOk()).toBe(true);
    // A does not answer as a daemon (it is stopping, or hung): B takes the name.
    const second = await claimSocket(server("B"), path, "/m", card());
    expect(second.isOk()).toBe(true);
    expect(await hello(path)).toBe("B");
    // A stops the way a daemon does: its release, then its server's close, which unlinks the
    // path it listened on at once (its callback would wait for open connections). Neither
    // may take B's socket away.
    if (first.isOk()) first.value.release();
    a.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await hello(path)).toBe("B");
    expect(fs.readdirSync(folder).toSorted()).toEqual(["daemon.sock", "daemon.token"]);
  });

  it("says what was wrong when the private folder cannot be made", async () => {
    const file = join(folder, "not-a-folder");
    fs.writeFileSync(file, "");
    const claimed = await claimSocket(server("A"), join(file, "daemon.sock"), "/m", card());
    expect(claimed.isErr() && claimed.error.code).toBe("DAEMON");
    expect(claimed.isErr() && claimed.error.message).toContain(file);
  });
});
