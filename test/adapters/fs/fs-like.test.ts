/**
 * FsLike must accept node:fs (both import styles) and memfs without a cast; this file
 * fails to type-check if it stops doing so, and runs a persistence over each.
 */
import * as nodeFsNamespace from "node:fs";
import nodeFsDefault from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as git from "isomorphic-git";
import { createFsFromVolume, memfs, Volume } from "memfs";
import { describe, expect, it } from "vitest";
import type { FsLike } from "../../../src/adapters/fs/fs-like.js";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("FsLike", () => {
  it("accepts node:fs and memfs filesystems as they are", async () => {
    const base = await mkdtemp(join(tmpdir(), "agent-memory-fslike-"));
    const filesystems: Array<[FsLike, string]> = [
      [nodeFsNamespace, join(base, "a")],
      [nodeFsDefault, join(base, "b")],
      [memfs().fs, "/memory"],
      [createFsFromVolume(new Volume()), "/memory"],
    ];
    for (const [fs, root] of filesystems) {
      const persistence = fsPersistence({ fs, root });
      okOf(await persistence.write("topics/a id__AAAAAA.md", "a"));
      expect(okOf(await persistence.list()).map((file) => file.path)).toEqual([
        "topics/a id__AAAAAA.md",
      ]);
    }
    await rm(base, { recursive: true, force: true });
  });

  it("is accepted by isomorphic-git", async () => {
    const fs: FsLike = memfs().fs;
    await fs.promises.mkdir("/repo", { recursive: true });
    await git.init({ fs, dir: "/repo" });
    expect(await git.findRoot({ fs, filepath: "/repo" })).toBe("/repo");
  });
});
