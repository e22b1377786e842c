import { hostname } from "node:os";
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { nodeLockHost } from "../../src/adapters/lock-host/node-lock-host.js";
import { createMemoryLock, holdingLock, LOCK_PATH } from "../../src/notes/memory-lock.js";
import { faultyFs } from "../../src/testing/faulty-fs.js";
import { ok } from "neverthrow";
import type { Persistence } from "../../src/ports/persistence.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

const persistence = () => fsPersistence({ fs: memfs().fs, root: "/memory" });

/** fsPersistence always yields a lock; anything else fails the test here rather than later. */
function lockOn(...args: Parameters<typeof createMemoryLock>) {
  const acquire = createMemoryLock(...args);
  if (acquire === undefined) throw new Error("fsPersistence can lock");
  return acquire;
}

describe("the memory lock", () => {
  it("lets one holder in at a time and hands over on release", async () => {
    const p = persistence();
    const acquire = createMemoryLock(p, { staleMs: 5_000 });
    if (acquire === undefined) throw new Error("fsPersistence can lock");
    const release = okOf(await acquire());
    const order: string[] = [];
    const second = acquire().map((releaseSecond) => {
      order.push("second acquired");
      return releaseSecond;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    order.push("first releasing");
    await release();
    const releaseSecond = okOf(await second);
    expect(order).toEqual(["first releasing", "second acquired"]);
    await releaseSecond();
    expect((await p.read(LOCK_PATH)).isErr()).toBe(true);
  });

  it("takes over a lock whose holder stopped refreshing it", async () => {
    const p = persistence();
    await p.write(
      LOCK_PATH,
      JSON.stringify({
        token: "old",
        pid: 999_999,
        host: "elsewhere",
        heartbeatAt: Date.now() - 60_000,
      }),
    );
    const acquire = lockOn(p, { staleMs: 1_000, timeoutMs: 2_000, host: nodeLockHost() });
    const release = okOf(await acquire());
    expect(JSON.parse(okOf(await p.read(LOCK_PATH))).pid).toBe(process.pid);
    await release();
    expect(okOf(await p.list(".agent-memory"))).toEqual([]);
  });

  it("takes over at once a fresh lock of a dead process on this host", async () => {
    const p = persistence();
    const dead = 2 ** 22 + 12_345; // above Linux's default pid_max: never a live process
    await p.write(
      LOCK_PATH,
      JSON.stringify({ token: "x", pid: dead, host: hostname(), heartbeatAt: Date.now() }),
    );
    const acquire = lockOn(p, { staleMs: 60_000, timeoutMs: 500, host: nodeLockHost() });
    const release = okOf(await acquire());
    expect(JSON.parse(okOf(await p.read(LOCK_PATH))).pid).toBe(process.pid);
    await release();
  });

  it("fails with LOCKED, naming the holder and the fix, after the timeout", async () => {
    const p = persistence();
    await p.write(
      LOCK_PATH,
      JSON.stringify({ token: "x", pid: 4242, host: "build-box", heartbeatAt: Date.now() }),
    );
    const acquire = lockOn(p, { staleMs: 60_000, timeoutMs: 150 });
    const error = errOf(await acquire());
    expect(error.code).toBe("LOCKED");
    expect(error.message).toMatch(/process 4242 on build-box/);
    expect(error.message).toMatch(/delete \.agent-memory\/lock/);
  });

  it("keeps the heartbeat fresh while held, so a long holder is never taken over", async () => {
    const p = persistence();
    // A heartbeat every staleMs / 3: on a busy machine a timer can be late by more than 90 ms,
    // so the times are scaled for its load (their ratios, which the test is about, are kept).
    const staleMs = scaledMs(90);
    const acquire = lockOn(p, { staleMs, timeoutMs: scaledMs(100) });
    const release = okOf(await acquire());
    await new Promise((resolve) => setTimeout(resolve, scaledMs(250)));
    const other = lockOn(p, { staleMs, timeoutMs: scaledMs(100) });
    expect(errOf(await other()).code).toBe("LOCKED");
    await release();
  });

  it("waits for, then takes over, a dead pid's lock when it knows no host (no pid check)", async () => {
    const p = persistence();
    const dead = 2 ** 22 + 12_345;
    await p.write(
      LOCK_PATH,
      JSON.stringify({ token: "x", pid: dead, host: hostname(), heartbeatAt: Date.now() }),
    );
    const blind = lockOn(p, { staleMs: 60_000, timeoutMs: 150 });
    expect(errOf(await blind()).code).toBe("LOCKED");
  });

  it.each([
    ["empty", ""],
    ["half-written", '{"token":"x","pid":12'],
    [
      "from a clock an hour ahead",
      JSON.stringify({ token: "x", pid: 7, host: "far", heartbeatAt: Date.now() + 3_600_000 }),
    ],
  ])(
    "takes over a lock file that is %s once it stayed unchanged for staleMs",
    async (_kind, content) => {
      const p = persistence();
      await p.write(LOCK_PATH, content);
      const acquire = lockOn(p, { staleMs: 120, timeoutMs: 2_000 });
      const started = Date.now();
      const release = okOf(await acquire());
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
      expect(JSON.parse(okOf(await p.read(LOCK_PATH))).token).not.toBe("x");
      await release();
      expect(okOf(await p.list(".agent-memory"))).toEqual([]);
    },
  );

  it("reports a lock it could not remove instead of answering OK (an EIO on its unlink)", async () => {
    const disk = faultyFs(memfs().fs);
    const p = fsPersistence({ fs: disk.fs, root: "/memory" });
    const acquire = lockOn(p, { staleMs: 5_000 });
    const answer = await holdingLock(acquire, async () => {
      disk.arm("unlink");
      return ok("written");
    });
    disk.arm(undefined);
    expect(errOf(answer).message).toMatch(
      /operation was done and must not be repeated, but Could not remove the memory's lock \.agent-memory\/lock: .*injected unlink failure/,
    );
    expect((await p.read(LOCK_PATH)).isOk()).toBe(true);
  });

  it("releases with Ok once an unlink that failed once goes through on the retry", async () => {
    const inner = memfs().fs;
    let failures = 1;
    const fs = {
      ...inner,
      promises: {
        ...inner.promises,
        unlink: async (path: string) => {
          if (failures-- > 0) throw Object.assign(new Error("EIO once"), { code: "EIO" });
          return inner.promises.unlink(path);
        },
      },
    };
    const p = fsPersistence({ fs, root: "/memory" });
    const release = okOf(await lockOn(p, { staleMs: 5_000 })());
    expect((await release()).isOk()).toBe(true);
    expect((await p.read(LOCK_PATH)).isErr()).toBe(true);
  });

  it("is absent when the persistence cannot create files exclusively", () => {
    const { createExclusive: _ignored, ...withoutExclusive } = persistence();
    const plain: Persistence = withoutExclusive;
    expect(createMemoryLock(plain)).toBeUndefined();
  });
});
