import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { runPersistenceContract } from "../../../src/testing/index.js";

runPersistenceContract("fsPersistence over node:fs", async (wrapFs) => {
  const root = join(await mkdtemp(join(tmpdir(), "agent-memory-persistence-")), "memory");
  const fs = wrapFs ? wrapFs(nodeFs) : nodeFs;
  return {
    persistence: fsPersistence({ fs, root }),
    fs: nodeFs,
    root,
    cleanup: () => rm(join(root, ".."), { recursive: true, force: true }),
  };
});

runPersistenceContract("fsPersistence over memfs", async (wrapFs) => {
  const raw = memfs().fs;
  const root = "/memory";
  return {
    persistence: fsPersistence({ fs: wrapFs ? wrapFs(raw) : raw, root }),
    fs: raw,
    root,
    cleanup: async () => undefined,
  };
});

// A host fs with only the promises API (no synchronous reads) takes the asynchronous path.
runPersistenceContract("fsPersistence over a promises-only fs", async (wrapFs) => {
  const raw = { promises: memfs().fs.promises };
  const root = "/memory";
  return {
    persistence: fsPersistence({ fs: wrapFs ? wrapFs(raw) : raw, root }),
    fs: raw,
    root,
    cleanup: async () => undefined,
  };
});

// The contract skips createExclusive for adapters without it; fsPersistence must have it, or
// the memory's lock would stop working across processes.
describe("fsPersistence", () => {
  it("implements createExclusive", () => {
    expect(fsPersistence({ fs: memfs().fs, root: "/memory" }).createExclusive).toBeTypeOf(
      "function",
    );
  });
});
