/**
 * Issue 28: a writer killed between an atomic write's temp file and its rename leaves the temp
 * file for good. A listing removes the ones provably the library's and abandoned, and nothing
 * else.
 */
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import type { FsLike } from "../../../src/adapters/fs/fs-like.js";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { okOf } from "../../helpers/result-helpers.js";

const ROOT = "/memory";
const DEAD_PID = 2 ** 22 + 12_345; // above Linux's default pid_max: never a live process

async function disk(files: Record<string, string>): Promise<FsLike> {
  const { fs } = memfs();
  for (const [path, text] of Object.entries(files)) {
    await fs.promises.mkdir(`${ROOT}/${path.slice(0, path.lastIndexOf("/"))}`, { recursive: true });
    await fs.promises.writeFile(`${ROOT}/${path}`, text);
  }
  return fs;
}

async function namesIn(fs: FsLike, folder: string): Promise<string[]> {
  const entries = await fs.promises.readdir(`${ROOT}/${folder}`, { withFileTypes: true });
  return entries
    .map((entry) =>
      typeof entry === "string" || entry instanceof Uint8Array ? String(entry) : String(entry.name),
    )
    .toSorted();
}

describe("abandoned temp files", () => {
  it("are removed by the next listing: this process's (no write in flight) and a dead pid's", async () => {
    const fs = await disk({
      "topics/a id__Kf9mNp.md": "# A\n",
      [`topics/.a id__Kf9mNp.md.${process.pid}.3f9a0c1e.tmp`]: "# A, half",
      [`topics/.b id__Ab3xYz.md.${DEAD_PID}.0badf00d.tmp`]: "# B, half",
    });
    const listed = okOf(await fsPersistence({ fs, root: ROOT }).list());
    expect(listed.map((file) => file.path)).toEqual(["topics/a id__Kf9mNp.md"]);
    expect(await namesIn(fs, "topics")).toEqual(["a id__Kf9mNp.md"]);
  });

  it("keep a live process's temp, a fresh temp of the older shape, and every file a person named", async () => {
    const keep = [
      `.a id__Kf9mNp.md.${process.ppid}.3f9a0c1e.tmp`, // the parent process runs
      ".a id__Kf9mNp.md.3f9a0c1e.tmp", // older shape, written a moment ago
      ".notes.tmp",
      ".a.md.12.not-hex.tmp",
      "a id__Kf9mNp.md",
    ];
    const fs = await disk(Object.fromEntries(keep.map((name) => [`topics/${name}`, "text"])));
    const paths = await fsPersistence({ fs, root: ROOT }).listPaths?.();
    if (paths !== undefined) okOf(paths);
    okOf(await fsPersistence({ fs, root: ROOT }).list());
    expect(await namesIn(fs, "topics")).toEqual(keep.toSorted());
  });

  it("never take the temp of a write in flight in this process", async () => {
    const { fs: inner } = memfs();
    await inner.promises.mkdir(`${ROOT}/topics`, { recursive: true });
    let listed = 0;
    const persistence = fsPersistence({ fs: inner, root: ROOT });
    // The write's rename waits until a listing has run over its temp file.
    const fs: FsLike = {
      ...inner,
      promises: {
        ...inner.promises,
        rename: async (from: string, to: string) => {
          okOf(await persistence.list());
          listed++;
          return inner.promises.rename(from, to);
        },
      },
    };
    okOf(await fsPersistence({ fs, root: ROOT }).write("topics/a id__Kf9mNp.md", "# A\n"));
    okOf(await fsPersistence({ fs: inner, root: ROOT }).read("topics/a id__Kf9mNp.md"));
    expect(listed).toBe(1);
    expect(await namesIn(inner, "topics")).toEqual(["a id__Kf9mNp.md"]);
  });
});
