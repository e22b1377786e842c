/**
 * The Git contract: every adapter of the port must pass this suite, with the memory root
 * at the repository's top level and in a subfolder of it.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Git } from "../ports/git.js";
import type { GitFixture, GitFixtureOptions, MakeGitFixture } from "./git-fixture.js";
import { errOf, okOf } from "./result-helpers.js";

const T0 = 1_700_000_000_000;
const A = "topics/alpha id__AAAAAA.md";
const B = "topics/bravo id__BBBBBB.md";
const UNICODE = "topics/café au lait — ü id__Cafe01.md";

const commit = async (git: Git, message: string, paths?: string[]): Promise<string | null> =>
  okOf(await git.commit(message, paths));
const times = async (git: Git, prefix?: string) => okOf(await git.timestamps(prefix));
/** The blame of a path as `[line, commit message's first line]` pairs; undefined without blame. */
const blamed = async (git: Git, path: string) => {
  if (git.blame === undefined) return undefined;
  const blame = okOf(await git.blame(path));
  if (blame === null) return null;
  return blame.lines.map((line) => {
    const by = blame.commits.get(line.commit);
    return [line.text, by?.message.split("\n")[0] ?? "?"];
  });
};

/**
 * Registers the Git contract (a vitest `describe` block per memory root layout) for the
 * adapter in the fixtures `make` builds, a fresh repository for every test.
 *
 * @example
 * ```ts
 * import { runGitContract, type GitFixture } from "agent-memory/testing";
 *
 * runGitContract("myGit", async (options): Promise<GitFixture> => {
 *   const repo = await makeTempRepository({ init: options.init !== false });
 *   const gitFor = (prefix: string) => myGit({ dir: join(repo.dir, prefix), now: options.now });
 *   return { git: gitFor(options.memoryPrefix), gitFor, ...repo.inspection };
 * });
 * ```
 */
export function runGitContract(name: string, make: MakeGitFixture): void {
  describe.each(["", "orgs/acme"])(`Git contract: ${name}, memory root %j`, (memoryPrefix) => {
    let fixture: GitFixture | undefined;
    let clock = T0;
    const at = (seconds: number): void => {
      clock = T0 + seconds * 1000;
    };
    const setup = async (options: Partial<GitFixtureOptions> = {}): Promise<GitFixture> => {
      clock = T0;
      fixture = await make({ memoryPrefix, now: () => clock, ...options });
      return fixture;
    };
    /** A memory path as a repository path. */
    const repo = (path: string): string => (memoryPrefix === "" ? path : `${memoryPrefix}/${path}`);
    afterEach(async () => {
      await fixture?.cleanup();
      fixture = undefined;
    });

    it("gives an empty map and commits nothing in a repository without commits", async () => {
      const f = await setup();
      expect((await times(f.git)).size).toBe(0);
      expect(await commit(f.git, "nothing")).toBeNull();
    });

    it("takes createdAt from the first commit and updatedAt from the latest, per id", async () => {
      const f = await setup();
      await f.write(repo(A), "# Alpha\n");
      await f.write(repo(UNICODE), "# Café\n");
      await f.write(repo("index.md"), "## Hot\n");
      at(10);
      const first = await commit(f.git, "first");
      expect(first).toMatch(/^[0-9a-f]{40}$/);
      expect((await f.head()).sha).toBe(first);
      expect((await f.head()).timeMs).toBe(T0 + 10_000);
      await f.write(repo(A), "# Alpha\n\nmore\n");
      await f.write(repo(B), "# Bravo\n");
      at(20);
      await commit(f.git, "second");
      const result = await times(f.git);
      expect([...result.keys()].toSorted()).toEqual(["id__AAAAAA", "id__BBBBBB", "id__Cafe01"]);
      expect(result.get("id__AAAAAA")).toEqual({ createdAt: T0 + 10_000, updatedAt: T0 + 20_000 });
      expect(result.get("id__BBBBBB")).toEqual({ createdAt: T0 + 20_000, updatedAt: T0 + 20_000 });
      expect(result.get("id__Cafe01")).toEqual({ createdAt: T0 + 10_000, updatedAt: T0 + 10_000 });
    });

    it("answers repeated calls from the walk it cached, and follows new and rewritten history", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      at(10);
      const first = await commit(f.git, "a");
      expect((await times(f.git)).get("id__AAAAAA")).toEqual({
        createdAt: T0 + 10_000,
        updatedAt: T0 + 10_000,
      });
      await f.write(repo(B), "b");
      at(20);
      await commit(f.git, "b");
      const grown = await times(f.git);
      expect(grown.get("id__BBBBBB")).toEqual({ createdAt: T0 + 20_000, updatedAt: T0 + 20_000 });
      expect(grown.get("id__AAAAAA")).toEqual({ createdAt: T0 + 10_000, updatedAt: T0 + 10_000 });
      // A caller changing the returned map must not change what the next call sees.
      grown.clear();
      expect((await times(f.git)).size).toBe(2);
      // History rewritten: HEAD goes back to the first commit, so B was never committed.
      await f.resetBranch(first ?? "");
      const rewound = await times(f.git);
      expect([...rewound.keys()]).toEqual(["id__AAAAAA"]);
    });

    it("never commits the library's private folder (the lock)", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      await f.write(repo(".agent-memory/lock"), "pid 1");
      await commit(f.git, "with a lock held");
      expect(await f.headFiles()).toEqual([repo(A)]);
      expect(await commit(f.git, "only the lock is left")).toBeNull();
      expect(await commit(f.git, "explicit", [".agent-memory/lock"])).toBeNull();
    });

    it("keeps createdAt across a rename, a move between folders, and a deletion", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      at(10);
      await commit(f.git, "create");
      await f.remove(repo(A));
      await f.write(repo("topics/renamed-alpha id__AAAAAA.md"), "a");
      at(20);
      await commit(f.git, "rename");
      expect((await times(f.git)).get("id__AAAAAA")).toEqual({
        createdAt: T0 + 10_000,
        updatedAt: T0 + 20_000,
      });
      await f.remove(repo("topics/renamed-alpha id__AAAAAA.md"));
      await f.write(repo("archive/renamed-alpha id__AAAAAA.md"), "a");
      at(30);
      await commit(f.git, "archive");
      expect((await times(f.git)).get("id__AAAAAA")).toEqual({
        createdAt: T0 + 10_000,
        updatedAt: T0 + 30_000,
      });
      await f.remove(repo("archive/renamed-alpha id__AAAAAA.md"));
      at(40);
      expect(await commit(f.git, "delete")).not.toBeNull();
      expect((await times(f.git)).get("id__AAAAAA")).toEqual({
        createdAt: T0 + 10_000,
        updatedAt: T0 + 40_000,
      });
      expect(await f.headFiles()).toEqual([]);
    });

    it("commits a note's earlier uncommitted deletion with its new path, so HEAD never holds it twice", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      await commit(f.git, "create");
      // Moved without a commit (--no-commit), then moved again with one that names only the
      // paths of the second move: the first move's deletion must be committed too.
      await f.remove(repo(A));
      await f.write(repo("archive/alpha id__AAAAAA.md"), "a");
      await f.remove(repo("archive/alpha id__AAAAAA.md"));
      await f.write(repo("inbox/alpha id__AAAAAA.md"), "a");
      expect(
        await commit(f.git, "move", ["archive/alpha id__AAAAAA.md", "inbox/alpha id__AAAAAA.md"]),
      ).not.toBeNull();
      expect(await f.headFiles()).toEqual([repo("inbox/alpha id__AAAAAA.md")]);
    });

    it("limits timestamps to a prefix of the memory root", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      await f.write(repo("archive/old id__OLD000.md"), "o");
      await commit(f.git, "both");
      expect([...(await times(f.git, "topics")).keys()]).toEqual(["id__AAAAAA"]);
      expect([...(await times(f.git, "archive")).keys()]).toEqual(["id__OLD000"]);
      expect((await times(f.git, "inbox")).size).toBe(0);
    });

    it("ignores history outside the memory root and never commits outside it", async () => {
      const f = await setup();
      const whole = f.gitFor("");
      const outside =
        memoryPrefix === "" ? [] : ["elsewhere id__OUT000.md", "orgs/other/x id__OUT001.md"];
      for (const path of outside) await f.write(path, "outside");
      const outsideCommit = outside.length > 0 ? await commit(whole, "outside", outside) : "none";
      expect(outsideCommit).not.toBeNull();
      await f.write(repo(A), "a");
      await commit(f.git, "inside");
      expect([...(await times(f.git)).keys()]).toEqual(["id__AAAAAA"]);
      expect((await times(whole)).size).toBe(outside.length + 1);
      if (memoryPrefix === "") return;
      await f.write("orgs/other/new id__OUT002.md", "not mine");
      await f.write(repo(B), "b");
      await commit(f.git, "memory only");
      expect(await f.headFiles()).not.toContain("orgs/other/new id__OUT002.md");
      expect(await f.headFiles()).toContain(repo(B));
    });

    it("returns null when nothing changed, and for a never-tracked deleted path", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      expect(await commit(f.git, "first")).not.toBeNull();
      expect(await commit(f.git, "again")).toBeNull();
      expect(await commit(f.git, "ghost", ["topics/never id__NEVER0.md"])).toBeNull();
      await f.write(repo(A), "a"); // same content rewritten
      expect(await commit(f.git, "same bytes", [A])).toBeNull();
    });

    it("commits only the given paths and leaves other changes uncommitted", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      await f.write(repo(B), "b");
      await f.write(repo("topics/staged id__STAGED.md"), "s");
      await f.stage(repo("topics/staged id__STAGED.md"));
      await f.write("user-staged.txt", "user");
      await f.stage("user-staged.txt");
      expect(await commit(f.git, "only alpha", [A])).not.toBeNull();
      expect(await f.headFiles()).toEqual([repo(A)]);
      expect(await f.stagedPaths()).toEqual(
        [repo("topics/staged id__STAGED.md"), "user-staged.txt"].toSorted(),
      );
      expect(await commit(f.git, "folder", ["topics"])).not.toBeNull();
      expect(await f.headFiles()).toEqual(
        [repo(A), repo(B), repo("topics/staged id__STAGED.md")].toSorted(),
      );
      expect(await f.stagedPaths()).toEqual(["user-staged.txt"]);
    });

    it("commits a deletion, explicitly or with the whole root", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      await f.write(repo(B), "b");
      await commit(f.git, "two");
      await f.remove(repo(A));
      expect(await commit(f.git, "drop alpha", [A])).not.toBeNull();
      expect(await f.headFiles()).toEqual([repo(B)]);
      await f.remove(repo(B));
      expect(await commit(f.git, "drop all")).not.toBeNull();
      expect(await f.headFiles()).toEqual([]);
      expect(await f.stagedPaths()).toEqual([]);
    });

    it("commits as agent-memory by default and as the given author when set", async () => {
      const f = await setup();
      await f.write(repo(A), "a");
      await commit(f.git, "default");
      expect(await f.head()).toMatchObject({
        name: "agent-memory",
        email: "agent-memory@localhost",
      });
      await f.cleanup();
      const g = await setup({ author: { name: "Ada", email: "ada@example.com" } });
      await g.write(repo(A), "a");
      await commit(g.git, "ada");
      expect(await g.head()).toMatchObject({ name: "Ada", email: "ada@example.com" });
    });

    it("refuses paths that leave the memory root", async () => {
      const f = await setup();
      for (const bad of ["../x.md", "/etc/passwd", "a//b.md"]) {
        expect(errOf(await f.git.commit("bad", [bad])).code).toBe("GIT");
        expect(errOf(await f.git.timestamps(bad)).code).toBe("GIT");
      }
      const blame = f.git.blame?.bind(f.git);
      const refused = blame === undefined ? [] : await Promise.all(["../x.md", ""].map(blame));
      expect(refused.every((result) => result.isErr() && result.error.code === "GIT")).toBe(true);
    });

    // blame is optional: an adapter without it skips these (memory why then says so).
    it("blames each line of a note at HEAD on the commit that wrote it, with its whole message", async () => {
      const f = await setup({ author: { name: "Ada", email: "ada@example.com" } });
      if (f.git.blame === undefined) return;
      expect(okOf(await f.git.blame(A))).toBeNull();
      await f.write(repo(A), "# Alpha\n\none\ntwo\n");
      await f.write(repo(B), "# Bravo\n");
      at(10);
      const first = await commit(f.git, "first\n\nMemory-Source: journal x; harness amp");
      expect(okOf(await f.git.blame(B))?.lines).toEqual([{ text: "# Bravo", commit: first }]);
      await f.write(repo(A), "# Alpha\n\none\nTWO\nthree\n");
      await f.write(repo(B), "# Bravo\n\nuncommitted\n");
      at(20);
      const second = await commit(f.git, "second", [A]);
      expect(await blamed(f.git, A)).toEqual([
        ["# Alpha", "first"],
        ["", "first"],
        ["one", "first"],
        ["TWO", "second"],
        ["three", "second"],
      ]);
      const blame = okOf(await f.git.blame(A));
      expect(blame?.commits.get(first ?? "")).toEqual({
        id: first,
        author: { name: "Ada", email: "ada@example.com" },
        authorTimeMs: T0 + 10_000,
        message: "first\n\nMemory-Source: journal x; harness amp",
      });
      expect(blame?.commits.get(second ?? "")?.authorTimeMs).toBe(T0 + 20_000);
      // HEAD's version, not the working file's.
      expect(await blamed(f.git, B)).toEqual([["# Bravo", "first"]]);
      expect(okOf(await f.git.blame("topics/never id__NEVER0.md"))).toBeNull();
    });

    it("follows a note's lines through a rename and a move", async () => {
      const f = await setup();
      if (f.git.blame === undefined) return;
      await f.write(repo(A), "# Alpha\n\nkept line\n");
      at(10);
      await commit(f.git, "create");
      await f.remove(repo(A));
      await f.write(repo("archive/renamed-alpha id__AAAAAA.md"), "# Renamed\n\nkept line\n");
      at(20);
      await commit(f.git, "rename and archive");
      expect(await blamed(f.git, "archive/renamed-alpha id__AAAAAA.md")).toEqual([
        ["# Renamed", "rename and archive"],
        ["", "create"],
        ["kept line", "create"],
      ]);
    });

    it("fails with a GitError that says to run git init outside a repository", async () => {
      const f = await setup({ init: false });
      const error = errOf(await f.git.timestamps());
      expect(error.code).toBe("GIT");
      expect(error.message).toMatch(/git init/);
      expect(errOf(await f.git.commit("x")).message).toMatch(/git init/);
    });
  });
}
