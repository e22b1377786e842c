import { memfs } from "memfs";
import { expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { createMemoryLock, LOCK_PATH } from "../../src/notes/memory-lock.js";
import { okOf } from "../helpers/result-helpers.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("a holder that was taken over as stale overwrites the new holder's lock with its heartbeat", async () => {
  const p = fsPersistence({ fs: memfs().fs, root: "/memory" });
  let skew = 0;
  const a = createMemoryLock(p, { staleMs: 30, timeoutMs: 1_000 });
  const b = createMemoryLock(p, { staleMs: 30, timeoutMs: 1_000, now: () => Date.now() + skew });
  const c = createMemoryLock(p, { staleMs: 60_000, timeoutMs: 200 });
  if (a === undefined || b === undefined || c === undefined)
    throw new Error("fsPersistence can lock");
  const releaseA = okOf(await a());
  // A stalls for longer than staleMs (a suspended laptop, a blocked event loop): from B's
  // point of view its heartbeat is old, so B takes the lock over, as designed.
  skew = 60_000;
  const releaseB = okOf(await b());
  const tokenB = JSON.parse(okOf(await p.read(LOCK_PATH))).token;
  await sleep(50); // A wakes up: its heartbeat timer fires
  const tokenNow = JSON.parse(okOf(await p.read(LOCK_PATH))).token;
  console.log({ tokenB, tokenNow });
  await releaseA(); // A finishes and releases "its" lock: the file goes, though B holds the lock
  const third = await c();
  console.log("third process got the lock while B holds it:", third.isOk());
  expect(tokenNow).toBe(tokenB);
  expect(third.isOk()).toBe(false);
  await releaseB();
});
