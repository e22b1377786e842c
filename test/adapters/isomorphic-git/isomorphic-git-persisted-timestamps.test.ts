/**
 * The isomorphicGit walk kept in `<gitdir>/agent-memory`: a second adapter (a second
 * process) with the same HEAD answers without reading a git object, and any damaged,
 * foreign or outdated file costs a walk, never a wrong answer.
 */
import * as git from "isomorphic-git";
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import type { FsLike } from "../../../src/adapters/fs/fs-like.js";
import { isomorphicGit } from "../../../src/adapters/isomorphic-git/isomorphic-git.js";
import {
  TIMESTAMPS_FILE_VERSION,
  timestampsFilePath,
} from "../../../src/adapters/isomorphic-git/isomorphic-git-timestamps-file.js";
import { okOf } from "../../helpers/result-helpers.js";

const DIR = "/repo";
const GITDIR = "/repo/.git";
const author = { name: "test", email: "test@example.com" };

/** memfs behind a counter of git object reads, and a switch that makes saves fail. */
function countingFs(): { fs: FsLike; objectReads: () => number; failWrites: () => void } {
  const inner = memfs().fs;
  let reads = 0;
  let failing = false;
  const promises = new Proxy(inner.promises, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const path = String(args[0]);
        if (key === "readFile" && path.includes("/objects/")) reads++;
        if (key === "writeFile" && failing && path.includes("/agent-memory/"))
          return Promise.reject(Object.assign(new Error("read-only"), { code: "EROFS" }));
        return Reflect.apply(value, target, args);
      };
    },
  });
  return {
    fs: { promises },
    objectReads: () => reads,
    failWrites: () => {
      failing = true;
    },
  };
}

/** A repository with three commits (a created, b created, a edited) at known times. */
async function seeded(fs: FsLike): Promise<void> {
  await git.init({ fs, dir: DIR, defaultBranch: "main" });
  await fs.promises.mkdir(`${DIR}/topics`, { recursive: true });
  await commitAt(fs, 1000, { "topics/a id__AAAAAA.md": "# A\n" });
  await commitAt(fs, 2000, { "topics/b id__BBBBBB.md": "# B\n" });
  await commitAt(fs, 3000, { "topics/a id__AAAAAA.md": "# A\n\nedited\n" });
}

async function commitAt(fs: FsLike, ms: number, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files))
    await fs.promises.writeFile(`${DIR}/${path}`, text);
  okOf(await isomorphicGit({ fs, dir: DIR, author, now: () => ms }).commit(`at ${ms}`));
}

const times = async (fs: FsLike, persistTimestamps = true) =>
  Object.fromEntries(okOf(await isomorphicGit({ fs, dir: DIR, persistTimestamps }).timestamps()));

const fileText = async (fs: FsLike): Promise<string> =>
  String(await fs.promises.readFile(timestampsFilePath(GITDIR, ""), "utf8"));

describe("isomorphicGit persisted timestamps", () => {
  it("a second adapter with the same HEAD reads the saved walk, not the objects", async () => {
    const { fs, objectReads } = countingFs();
    await seeded(fs);
    const first = await times(fs);
    expect(first).toEqual({
      id__AAAAAA: { createdAt: 1000, updatedAt: 3000 },
      id__BBBBBB: { createdAt: 2000, updatedAt: 2000 },
    });
    const before = objectReads();
    expect(await times(fs)).toEqual(first);
    expect(objectReads()).toBe(before);
    expect(JSON.parse(await fileText(fs))).toMatchObject({ version: TIMESTAMPS_FILE_VERSION });
  });

  it("persistTimestamps: false neither writes nor reads the file", async () => {
    const { fs, objectReads } = countingFs();
    await seeded(fs);
    const first = await times(fs, false);
    await expect(fs.promises.stat(`${GITDIR}/agent-memory`)).rejects.toThrow(/ENOENT/);
    const before = objectReads();
    expect(await times(fs, false)).toEqual(first);
    expect(objectReads()).toBeGreaterThan(before);
  });

  const damage: ReadonlyArray<[string, (text: string) => string]> = [
    ["empty", () => ""],
    ["truncated", (text) => text.slice(0, Math.floor(text.length / 2))],
    ["not JSON", () => "not json at all"],
    ["JSON null", () => "null"],
    ["another version", (text) => text.replace(/"version":\d+/, '"version":999')],
    ["another prefix", (text) => text.replace(/"prefix":""/, '"prefix":"orgs/acme"')],
    ["a malformed head", (text) => text.replace(/"head":"[0-9a-f]+"/, '"head":"HEAD"')],
    ["a time that is not a number", (text) => text.replace(/\[1000,/, '["1000",')],
    ["created after updated", (text) => text.replace(/\[1000,3000\]/, "[3000,1000]")],
  ];
  it.each(damage)("a file that is %s is walked again and rewritten", async (_name, spoil) => {
    const { fs, objectReads } = countingFs();
    await seeded(fs);
    const fresh = await times(fs, false);
    await times(fs);
    const good = await fileText(fs);
    await fs.promises.writeFile(timestampsFilePath(GITDIR, ""), spoil(good));
    const before = objectReads();
    expect(await times(fs)).toEqual(fresh);
    expect(objectReads()).toBeGreaterThan(before);
    expect(await fileText(fs)).toBe(good);
  });

  it("after new commits, walks only those and agrees with a fresh walk", async () => {
    const { fs, objectReads } = countingFs();
    await seeded(fs);
    await times(fs);
    await commitAt(fs, 4000, { "topics/c id__CCCCCC.md": "# C\n" });
    await commitAt(fs, 5000, { "topics/b id__BBBBBB.md": "# B\n\nedited\n" });
    let start = objectReads();
    const full = await times(fs, false);
    const fullReads = objectReads() - start;
    start = objectReads();
    expect(await times(fs)).toEqual(full);
    expect(objectReads() - start).toBeLessThan(fullReads);
    expect(full).toEqual({
      id__AAAAAA: { createdAt: 1000, updatedAt: 3000 },
      id__BBBBBB: { createdAt: 2000, updatedAt: 5000 },
      id__CCCCCC: { createdAt: 4000, updatedAt: 4000 },
    });
  });

  it("after a rewritten history (reset to an unrelated commit), walks everything again", async () => {
    const { fs } = countingFs();
    await seeded(fs);
    await times(fs);
    const blob = await git.writeBlob({ fs, dir: DIR, blob: Buffer.from("# Z\n") });
    const topics = await git.writeTree({
      fs,
      dir: DIR,
      tree: [{ mode: "100644", path: "z id__ZZZZZZ.md", oid: blob, type: "blob" }],
    });
    const tree = await git.writeTree({
      fs,
      dir: DIR,
      tree: [{ mode: "040000", path: "topics", oid: topics, type: "tree" }],
    });
    const orphan = await git.commit({
      fs,
      dir: DIR,
      tree,
      parent: [],
      message: "unrelated",
      author: { ...author, timestamp: 9, timezoneOffset: 0 },
    });
    await git.writeRef({ fs, dir: DIR, ref: "refs/heads/main", value: orphan, force: true });
    const expected = { id__ZZZZZZ: { createdAt: 9000, updatedAt: 9000 } };
    expect(await times(fs, false)).toEqual(expected);
    expect(await times(fs)).toEqual(expected);
  });

  it("a shallow boundary that changed makes the saved walk stale", async () => {
    const { fs, objectReads } = countingFs();
    await seeded(fs);
    await times(fs);
    const head = await git.resolveRef({ fs, dir: DIR, ref: "HEAD" });
    await fs.promises.writeFile(`${GITDIR}/shallow`, `${head}\n`);
    const before = objectReads();
    await times(fs);
    expect(objectReads()).toBeGreaterThan(before);
  });

  it("keeps one file per prefix", async () => {
    const { fs } = countingFs();
    await seeded(fs);
    const whole = okOf(await isomorphicGit({ fs, dir: DIR }).timestamps());
    const topics = okOf(await isomorphicGit({ fs, dir: `${DIR}/topics` }).timestamps());
    expect(topics).toEqual(whole);
    const again = okOf(await isomorphicGit({ fs, dir: DIR }).timestamps("topics"));
    expect(again).toEqual(whole);
    const files = await fs.promises.readdir(`${GITDIR}/agent-memory`, { withFileTypes: true });
    expect(files).toHaveLength(2);
  });

  it("answers when the git dir cannot be written", async () => {
    const { fs, failWrites } = countingFs();
    await seeded(fs);
    failWrites();
    expect(await times(fs)).toEqual(await times(fs, false));
    const left = await fs.promises.readdir(`${GITDIR}/agent-memory`, { withFileTypes: true });
    expect(left).toHaveLength(0);
  });
});
