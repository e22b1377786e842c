/**
 * The isomorphicGit walk reads git objects itself (packs, deltas, loose objects, trees
 * compared as bytes). Native git is the reference: on a history made with the git CLI,
 * partly repacked, whose trees hit git's ordering corner cases (a folder `ab` beside files
 * `ab ...`, `ab-x ...`, `ab.d ...`; a folder replaced by a file of the same name; a mode-only
 * change; a large folder edited in the middle), both adapters report the same times.
 */
import { execFile } from "node:child_process";
import * as nodeFs from "node:fs";
import { chmod, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import * as git from "isomorphic-git";
import { memfs } from "memfs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { isomorphicGit } from "../../../src/adapters/isomorphic-git/isomorphic-git.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);
const id = (n: number) => `id__${n.toString(36).padStart(6, "0")}`;

/** The path of the n-th note of the big folder. */
function big(n: number): string {
  return `topics/note ${n} ${id(n)}.md`;
}

describe("isomorphicGit's own object reader, against native git", () => {
  let base = "";
  let root = "";
  let env: Record<string, string> = {};

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-raw-walk-"));
    root = join(base, "repo");
    env = await isolatedGitEnv(base);
    await mkdir(root, { recursive: true });
    const gitAt = (seconds: number, ...args: string[]) =>
      run("git", args, {
        cwd: root,
        env: {
          ...process.env,
          ...env,
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@x",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@x",
          GIT_AUTHOR_DATE: `@${seconds} +0000`,
          GIT_COMMITTER_DATE: `@${seconds} +0000`,
        },
      });
    const write = async (path: string, text: string) => {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    };
    const commit = async (seconds: number) => {
      await gitAt(seconds, "add", "-A");
      await gitAt(seconds, "commit", "-qm", `at ${seconds}`);
    };

    await gitAt(0, "init", "-q", "-b", "main");
    for (let n = 0; n < 300; n++) await write(big(n), `# Note ${n}\n`);
    await write("ab id__FFFFFF.md", "f");
    await write("ab-x id__GGGGGG.md", "g");
    await write("ab.d id__HHHHHH.md", "h");
    await write("ab/inner id__IIIIII.md", "i");
    await write("q id__QQQQQQ.md/r id__RRRRRR.md", "r");
    await commit(100);
    for (const n of [0, 150, 299]) await write(big(n), `# Note ${n}\n\nedited\n`);
    await write("ab/inner id__IIIIII.md", "i2");
    await rm(join(root, "ab id__FFFFFF.md"));
    await write("ab0 id__FFFFFF.md", "f");
    await commit(200);
    await gitAt(200, "repack", "-adq");
    await rm(join(root, "q id__QQQQQQ.md"), { recursive: true });
    await write("q id__QQQQQQ.md", "now a file");
    await write(big(77), "# Note 77\n\nedited\n");
    await commit(300);
    await chmod(join(root, "ab-x id__GGGGGG.md"), 0o755);
    await commit(400);
    await gitAt(450, "checkout", "-qb", "side");
    await write(big(5), "# Note 5\n\nside\n");
    await commit(500);
    await gitAt(550, "checkout", "-q", "main");
    await write(big(6), "# Note 6\n\nmain\n");
    await commit(600);
    await gitAt(700, "merge", "-q", "--no-ff", "-m", "merge", "side");
  });

  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it.each([[""], ["topics"], ["ab"]])("agrees on prefix %j", async (prefix) => {
    const cli = okOf(await gitCli({ dir: root, env }).timestamps(prefix));
    const iso = isomorphicGit({ fs: nodeFs, dir: root, persistTimestamps: false });
    expect(Object.fromEntries(okOf(await iso.timestamps(prefix)))).toEqual(Object.fromEntries(cli));
  });

  it("reads packs itself: isomorphic-git, which checks a pack's checksum, is never asked", async () => {
    const copy = join(base, "copy");
    await cp(root, copy, { recursive: true });
    const packs = join(copy, ".git", "objects", "pack");
    const [pack] = (await readdir(packs)).filter((name) => name.endsWith(".pack"));
    expect(pack).toBeDefined();
    const path = join(packs, pack ?? "");
    const bytes = await readFile(path);
    bytes.fill(0, bytes.length - 20); // the trailer checksum, which only isomorphic-git reads
    await writeFile(path, bytes);
    const iso = isomorphicGit({ fs: nodeFs, dir: copy, persistTimestamps: false });
    const cli = okOf(await gitCli({ dir: root, env }).timestamps());
    expect(Object.fromEntries(okOf(await iso.timestamps()))).toEqual(Object.fromEntries(cli));
  });

  it("sees the corner cases as native git does", async () => {
    const times = okOf(
      await isomorphicGit({ fs: nodeFs, dir: root, persistTimestamps: false }).timestamps(),
    );
    expect(times.get("id__GGGGGG")).toEqual({ createdAt: 100_000, updatedAt: 400_000 });
    expect(times.get("id__QQQQQQ")).toEqual({ createdAt: 300_000, updatedAt: 300_000 });
    expect(times.get("id__RRRRRR")).toEqual({ createdAt: 100_000, updatedAt: 300_000 });
    expect(times.get("id__FFFFFF")).toEqual({ createdAt: 100_000, updatedAt: 200_000 });
    expect(times.get(id(5))).toEqual({ createdAt: 100_000, updatedAt: 500_000 });
    expect(times.get(id(150))).toEqual({ createdAt: 100_000, updatedAt: 200_000 });
  });
});

describe("isomorphicGit's object reader, on what it leaves to isomorphic-git", () => {
  it("reads the empty tree, which isomorphic-git knows without storing it", async () => {
    const { fs } = memfs();
    await git.init({ fs, dir: "/repo", defaultBranch: "main" });
    const author = { name: "t", email: "t@x", timestamp: 1, timezoneOffset: 0 };
    const empty = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";
    const first = await git.commit({
      fs,
      dir: "/repo",
      tree: empty,
      parent: [],
      message: "empty",
      author,
    });
    await fs.promises.writeFile("/repo/a id__AAAAAA.md", "# A\n");
    const blob = await git.writeBlob({ fs, dir: "/repo", blob: Buffer.from("# A\n") });
    const tree = await git.writeTree({
      fs,
      dir: "/repo",
      tree: [{ mode: "100644", path: "a id__AAAAAA.md", oid: blob, type: "blob" }],
    });
    await git.commit({
      fs,
      dir: "/repo",
      tree,
      parent: [first],
      message: "a",
      author: { ...author, timestamp: 2 },
    });
    const times = okOf(
      await isomorphicGit({ fs, dir: "/repo", persistTimestamps: false }).timestamps(),
    );
    expect(Object.fromEntries(times)).toEqual({
      id__AAAAAA: { createdAt: 2000, updatedAt: 2000 },
    });
  });
});
