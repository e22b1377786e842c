/**
 * The Persistence contract: every adapter of the port must pass this suite.
 */
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { direntName, type FsLike } from "../adapters/fs/fs-like.js";
import type { Persistence } from "../ports/persistence.js";
import { faultyFs, type FaultyFs } from "./faulty-fs.js";
import { errOf, okOf } from "./result-helpers.js";

/** A persistence under test, the raw fs and root beneath it (to look behind its back). */
export interface PersistenceFixture {
  readonly persistence: Persistence;
  readonly fs: FsLike;
  readonly root: string;
  cleanup(): Promise<void>;
}

/** Builds a fresh, empty fixture; `wrapFs` (when given) wraps the fs the adapter uses. */
export type MakePersistence = (wrapFs?: (fs: FsLike) => FsLike) => Promise<PersistenceFixture>;

const NOTE = "topics/igor id__Kf9mNp.md";
const BAD_PATHS = [
  "/etc/passwd",
  "../outside.md",
  "topics/../../x.md",
  "a//b.md",
  "a/",
  "a\\b.md",
  "a\0b.md",
  "./a.md",
  ".git/config",
];

/**
 * Registers the Persistence contract (a vitest `describe` block) for the adapter that
 * `makePersistence` builds, fresh and empty for every test.
 *
 * @example
 * ```ts
 * // my-persistence.test.ts, in the host's repository
 * import * as fs from "node:fs";
 * import { mkdtemp, rm } from "node:fs/promises";
 * import { tmpdir } from "node:os";
 * import { join } from "node:path";
 * import { runPersistenceContract } from "agent-memory/testing";
 *
 * runPersistenceContract("myPersistence", async (wrapFs) => {
 *   const root = await mkdtemp(join(tmpdir(), "memory-"));
 *   const persistence = myPersistence({ fs: wrapFs ? wrapFs(fs) : fs, root });
 *   return { persistence, fs, root, cleanup: () => rm(root, { recursive: true, force: true }) };
 * });
 * ```
 */
export function runPersistenceContract(name: string, makePersistence: MakePersistence): void {
  describe(`Persistence contract: ${name}`, () => {
    let fixture: PersistenceFixture;
    let p: Persistence;
    let faulty: FaultyFs | undefined;
    beforeEach(async () => {
      fixture = await makePersistence((fs) => {
        faulty = faultyFs(fs);
        return faulty.fs;
      });
      p = fixture.persistence;
    });
    afterEach(async () => {
      faulty = undefined;
      await fixture.cleanup();
    });
    const rawNames = async (dir: string): Promise<string[]> =>
      (await fixture.fs.promises.readdir(join(fixture.root, dir), { withFileTypes: true }))
        .map((entry) =>
          direntName(typeof entry === "object" && "name" in entry ? entry.name : entry),
        )
        .toSorted();
    const arm = (method: Parameters<FaultyFs["arm"]>[0]): void => {
      if (faulty === undefined) throw new Error("the fixture ignored wrapFs");
      faulty.arm(method);
    };

    it("writes, reads back and overwrites UTF-8 content, creating parent folders", async () => {
      expect((await p.write("a/b/c/deep.md", "ü — 日本")).isOk()).toBe(true);
      expect(okOf(await p.read("a/b/c/deep.md"))).toBe("ü — 日本");
      expect((await p.write("a/b/c/deep.md", "second")).isOk()).toBe(true);
      expect(okOf(await p.read("a/b/c/deep.md"))).toBe("second");
    });

    it("creates a file exclusively: of many racing creators exactly one wins", async ({ skip }) => {
      const create = p.createExclusive?.bind(p);
      // Optional in the port: without it a memory serialises mutations in its own process only.
      if (create === undefined) return skip("the adapter has no createExclusive");
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => create(".agent-memory/lock", `holder ${i}`)),
      );
      expect(results.filter((result) => okOf(result)).length).toBe(1);
      const winner = results.findIndex((result) => okOf(result));
      expect(okOf(await p.read(".agent-memory/lock"))).toBe(`holder ${winner}`);
      expect(okOf(await create(".agent-memory/lock", "again"))).toBe(false);
      expect(okOf(await p.remove(".agent-memory/lock"))).toBeUndefined();
      expect(okOf(await create(".agent-memory/lock", "after release"))).toBe(true);
    });

    it("reads a missing file as NotFoundError", async () => {
      const error = errOf(await p.read(NOTE));
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toContain(NOTE);
    });

    it("lists every file recursively, sorted by path, with mtime and size", async () => {
      const before = Date.now();
      await p.write("topics/b id__BBBBBB.md", "bb");
      await p.write("index.md", "ü"); // 2 bytes in UTF-8
      await p.write("topics/a id__AAAAAA.md", "a");
      await p.write("journal/pending/2024/x.json", "{}");
      const files = okOf(await p.list());
      expect(files.map((f) => f.path)).toEqual([
        "index.md",
        "journal/pending/2024/x.json",
        "topics/a id__AAAAAA.md",
        "topics/b id__BBBBBB.md",
      ]);
      expect(files.map((f) => f.size)).toEqual([2, 2, 1, 2]);
      for (const file of files) {
        expect(file.mtimeMs).toBeGreaterThanOrEqual(before - 2000);
        expect(file.mtimeMs).toBeLessThanOrEqual(Date.now() + 2000);
      }
      expect(okOf(await p.list("topics")).map((f) => f.path)).toEqual([
        "topics/a id__AAAAAA.md",
        "topics/b id__BBBBBB.md",
      ]);
      expect(okOf(await p.list("journal/pending"))).toHaveLength(1);
    });

    it("lists paths (when it can) exactly as list() does, without stats", async ({ skip }) => {
      if (p.listPaths === undefined) return skip("this persistence has no listPaths");
      await p.write("topics/b id__BBBBBB.md", "bb");
      await p.write("index.md", "x");
      await p.write("archive/deep/c id__CCCCCC.md", "c");
      for (const dir of ["", "topics", "archive", "missing"]) {
        const paths = okOf(await p.listPaths(dir));
        const listed = okOf(await p.list(dir));
        expect(paths).toEqual(
          listed.map((file) => ({
            path: file.path,
            ...(file.unsafe === undefined ? {} : { unsafe: file.unsafe }),
          })),
        );
      }
    });

    it("stats one file (when it can) as list() lists it; a missing one is NotFoundError", async ({
      skip,
    }) => {
      if (p.stat === undefined) return skip("this persistence has no stat");
      await p.write("topics/b id__BBBBBB.md", "bb");
      const [listed] = okOf(await p.list("topics"));
      expect(okOf(await p.stat("topics/b id__BBBBBB.md"))).toEqual(listed);
      expect(errOf(await p.stat("topics/none id__NNNNNN.md")).code).toBe("NOT_FOUND");
    });

    it("lists a missing folder as empty", async () => {
      expect(okOf(await p.list("nope/deeper"))).toEqual([]);
      expect(okOf(await p.list())).toEqual([]);
    });

    it("skips .git folders and leftover temp files but keeps other dotfiles", async () => {
      const { fs, root } = fixture;
      await fs.promises.mkdir(join(root, ".git", "objects"), { recursive: true });
      await fs.promises.writeFile(join(root, ".git", "objects", "x"), "blob");
      await fs.promises.mkdir(join(root, "topics"), { recursive: true });
      await fs.promises.writeFile(join(root, "topics", ".a id__AAAAAA.md.0123abcd.tmp"), "torn");
      await p.write(".gitignore", "*.log\n");
      expect(okOf(await p.list()).map((f) => f.path)).toEqual([".gitignore"]);
    });

    it.each(["writeFile", "rename"] as const)(
      "keeps the old content and leaves no temp file when %s fails",
      async (method) => {
        await p.write(NOTE, "old");
        arm(method);
        const error = errOf(await p.write(NOTE, "new"));
        arm(undefined);
        expect(error.code).toBe("PERSISTENCE");
        expect(error.message).toContain(NOTE);
        expect(error.cause).toBeInstanceOf(Error);
        expect(okOf(await p.read(NOTE))).toBe("old");
        expect(await rawNames("topics")).toEqual(["igor id__Kf9mNp.md"]);
      },
    );

    it("never exposes a torn file to concurrent writers and readers", async () => {
      const contents = Array.from({ length: 20 }, (_, i) => `version ${i} `.repeat(200));
      await p.write(NOTE, "initial");
      const [, reads] = await Promise.all([
        Promise.all(contents.map((c) => p.write(NOTE, c))),
        Promise.all(contents.map(() => p.read(NOTE))),
      ]);
      const seen = reads.map((result) => okOf(result)).filter((content) => content !== "initial");
      expect(seen.filter((content) => !contents.includes(content))).toEqual([]);
      expect(contents).toContain(okOf(await p.read(NOTE)));
      expect(await rawNames("topics")).toEqual(["igor id__Kf9mNp.md"]);
    });

    it("moves a file, creating the target folder", async () => {
      await p.write(NOTE, "body");
      expect((await p.move(NOTE, "archive/2024/igor id__Kf9mNp.md")).isOk()).toBe(true);
      expect(okOf(await p.read("archive/2024/igor id__Kf9mNp.md"))).toBe("body");
      expect(errOf(await p.read(NOTE)).code).toBe("NOT_FOUND");
      expect(okOf(await p.list()).map((f) => f.path)).toEqual(["archive/2024/igor id__Kf9mNp.md"]);
    });

    it("refuses to move over an existing file and changes nothing", async () => {
      await p.write(NOTE, "source");
      await p.write("archive/igor id__Kf9mNp.md", "target");
      const error = errOf(await p.move(NOTE, "archive/igor id__Kf9mNp.md"));
      expect(error.code).toBe("PERSISTENCE");
      expect(error.message).toMatch(/already exists/);
      expect(okOf(await p.read(NOTE))).toBe("source");
      expect(okOf(await p.read("archive/igor id__Kf9mNp.md"))).toBe("target");
      expect(errOf(await p.move(NOTE, NOTE)).code).toBe("PERSISTENCE");
    });

    it("moves a missing file as NotFoundError", async () => {
      expect(errOf(await p.move(NOTE, "archive/x.md")).code).toBe("NOT_FOUND");
      await p.write("archive/x.md", "x");
      expect(errOf(await p.move(NOTE, "archive/x.md")).code).toBe("NOT_FOUND");
    });

    it("removes a file; a missing one is NotFoundError", async () => {
      await p.write(NOTE, "x");
      expect((await p.remove(NOTE)).isOk()).toBe(true);
      expect(okOf(await p.list())).toEqual([]);
      expect(errOf(await p.remove(NOTE)).code).toBe("NOT_FOUND");
    });

    it("fails with PersistenceError (not a throw) when the filesystem does", async () => {
      await p.write(NOTE, "x");
      arm("unlink");
      expect(errOf(await p.remove(NOTE)).code).toBe("PERSISTENCE");
      arm(undefined);
      expect(errOf(await p.write(`${NOTE}/under-a-file.md`, "x")).code).toBe("PERSISTENCE");
      expect(errOf(await p.list(NOTE)).code).toBe("PERSISTENCE");
    });

    it.each(BAD_PATHS)("confines every method to the root: refuses %j", async (bad) => {
      await p.write(NOTE, "x");
      const errors = [
        errOf(await p.read(bad)),
        errOf(await p.write(bad, "x")),
        errOf(await p.remove(bad)),
        errOf(await p.move(bad, "ok.md")),
        errOf(await p.move(NOTE, bad)),
        errOf(await p.list(bad)),
      ];
      for (const error of errors) {
        expect(error.code).toBe("PERSISTENCE");
        expect(error.message).toMatch(/^Refused: /);
      }
      expect(okOf(await p.read(NOTE))).toBe("x");
    });

    it("refuses an empty path for file operations but lists the root with it", async () => {
      expect(errOf(await p.read("")).message).toMatch(/memory root/);
      expect(errOf(await p.write("", "x")).code).toBe("PERSISTENCE");
      expect(okOf(await p.list(""))).toEqual([]);
    });
  });
}
