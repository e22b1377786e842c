/**
 * Issue 35: a clone's name, kept in the private `.agent-memory/clone-id`, and who may consume
 * a pending entry (the clone that queued it, or any clone once it is a day old).
 */
import * as fs from "node:fs";
import { mkdtemp, readFile, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import {
  CLONE_ID_PATH,
  cloneIdOf,
  mayConsume,
  OWNER_GRACE_MS,
} from "../../../src/lifecycle/journal/clone-id.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("cloneIdOf", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "agent-memory-clone-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("creates one name on first use and keeps it; callers racing agree on it", async () => {
    const persistence = fsPersistence({ fs, root });
    const names = await Promise.all(
      Array.from({ length: 8 }, async () => okOf(await cloneIdOf(persistence))),
    );
    expect(new Set(names).size).toBe(1);
    expect(names[0]).toMatch(/^c-[0-9a-f]{16}$/);
    expect((await readFile(join(root, CLONE_ID_PATH), "utf8")).trim()).toBe(names[0]);
    expect(okOf(await cloneIdOf(fsPersistence({ fs, root })))).toBe(names[0]);
  });

  it("replaces a file that holds no clone name", async () => {
    await mkdir(join(root, ".agent-memory"));
    await writeFile(join(root, CLONE_ID_PATH), "not a name\n");
    const name = okOf(await cloneIdOf(fsPersistence({ fs, root })));
    expect(name).toMatch(/^c-[0-9a-f]{16}$/);
  });
});

describe("mayConsume", () => {
  const at = Date.UTC(2026, 10, 27, 9);
  const queued = { queued: { clone: "c-0000000000000001", at: new Date(at).toISOString() } };
  it("lets the queuing clone consume at once and another only after the grace period", () => {
    expect(mayConsume(queued, "c-0000000000000001", at)).toBe(true);
    expect(mayConsume(queued, "c-0000000000000002", at + OWNER_GRACE_MS - 1)).toBe(false);
    expect(mayConsume(queued, "c-0000000000000002", at + OWNER_GRACE_MS)).toBe(true);
  });
  it("lets any clone consume an entry no clone stamped", () => {
    expect(mayConsume({}, "c-0000000000000002", at)).toBe(true);
  });
});
