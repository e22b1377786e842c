/**
 * A large site's files are hashed and written by a worker thread while the pages are rendered
 * (`writeSite` from 1,000 files): the folder, the manifest and the counts are exactly those of
 * the writer in the calling thread, a rebuild writes only what changed, and a file that cannot
 * be written fails the write with its reason, in either thread.
 */
import { mkdtemp, readFile, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SITE_MANIFEST, writeSite, type Site } from "../../src/view/index.js";
import { contentHash } from "../../src/view/site-file-write.js";
import {
  threadWriter,
  workerWriter,
  type SiteFileWriter,
} from "../../src/view/site-writer-worker.js";

const folders: string[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true });
});

async function newFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "site-writer-"));
  folders.push(folder);
  return folder;
}

/** A site of `count` pages in two folders, some of them not ASCII (bytes differ from chars). */
function siteOf(count: number, edited = -1): Site {
  const files = new Map<string, string>();
  for (let at = 0; at < count; at++) {
    const text = `<p>Page ${at}${at % 7 === 0 ? " — café, 東京, 🎉" : ""}${at === edited ? " (edited)" : ""}</p>\n`;
    files.set(`${at % 2 === 0 ? "notes" : "tags"}/${at}.html`, text);
  }
  return { files, notes: count };
}

/** Every file of a folder with its bytes. */
async function contents(folder: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(relative(folder, path), await readFile(path, "utf8"));
  }
  return found;
}

function worker(): SiteFileWriter {
  const made = workerWriter();
  if (made === undefined) throw new Error("the writer's script is not built (npm run build)");
  return made;
}

describe("the site's writer thread", () => {
  it("writes what the calling thread writes, with the same hashes, and skips unchanged bytes", async () => {
    const [inWorker, inThread] = [await newFolder(), await newFolder()];
    const texts = ["plain", "café — 東京 🎉", ""];
    const results = [];
    for (const [folder, writer] of [
      [inWorker, worker()],
      [inThread, threadWriter()],
    ] as const) {
      texts.forEach((text, at) =>
        writer.write({
          path: join(folder, `${at}.txt`),
          text,
          previous: undefined,
          present: false,
        }),
      );
      results.push(await writer.finish());
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]?.hashes).toEqual(texts.map(contentHash));
    expect(await contents(inWorker)).toEqual(await contents(inThread));
    // Bytes the folder has already (hash as the manifest says, file there) are not written.
    const again = worker();
    texts.forEach((text, at) =>
      again.write({
        path: join(inWorker, `${at}.txt`),
        text: at === 1 ? "changed" : text,
        previous: contentHash(text),
        present: true,
      }),
    );
    expect((await again.finish()).written).toBe(1);
    expect(await readFile(join(inWorker, "1.txt"), "utf8")).toBe("changed");
  });

  it("holds a render that runs ahead of it until it has caught up", async () => {
    const folder = await newFolder();
    const writer = worker();
    // 16 batches handed over at once: more than the writer takes before the render waits.
    for (let at = 0; at < 1_024; at++) {
      writer.write({
        path: join(folder, `${at}.txt`),
        text: `${at}`,
        previous: undefined,
        present: false,
      });
    }
    let roomMade = false;
    const room = writer.room().then(() => (roomMade = true));
    // Its answers come as messages, never within this turn: the render waits for them.
    await Promise.resolve();
    expect(roomMade).toBe(false);
    await room;
    expect(roomMade).toBe(true);
    expect((await writer.finish()).hashes).toHaveLength(1_024);
    await expect(threadWriter().room()).resolves.toBeUndefined();
  });

  it("reports a file it could not write, and writes nothing after it", async () => {
    const folder = await newFolder();
    const writer = worker();
    writer.write({ path: join(folder, "a.txt"), text: "a", previous: undefined, present: false });
    writer.write({ path: folder, text: "a folder", previous: undefined, present: false });
    for (let at = 0; at < 200; at++) {
      try {
        writer.write({
          path: join(folder, `b${at}.txt`),
          text: "b",
          previous: undefined,
          present: false,
        });
      } catch {
        break;
      }
    }
    await expect(writer.finish()).rejects.toThrow(/EISDIR/);
    expect((await readdir(folder)).filter((name) => name.startsWith("b"))).toEqual([]);
  });
});

describe("writeSite of a large site", () => {
  it("leaves the folder and manifest a write in one thread leaves, and rebuilds only what changed", async () => {
    const folder = await newFolder();
    const first = await writeSite(siteOf(1_200), folder);
    expect(first._unsafeUnwrap()).toMatchObject({ written: 1_200, unchanged: 0, removed: 0 });
    const files = await contents(folder);
    const manifest = JSON.parse(files.get(SITE_MANIFEST) ?? "{}") as {
      files: Record<string, string>;
    };
    for (const [path, text] of siteOf(1_200).files) {
      expect(files.get(path)).toBe(text);
      expect(manifest.files[path]).toBe(contentHash(text));
    }
    const before = await stat(join(folder, "notes/0.html"));
    const rebuilt = await writeSite(siteOf(1_199, 7), folder);
    expect(rebuilt._unsafeUnwrap()).toMatchObject({ written: 1, unchanged: 1_198, removed: 1 });
    expect(await readFile(join(folder, "tags/7.html"), "utf8")).toContain("(edited)");
    expect((await stat(join(folder, "notes/0.html"))).mtimeMs).toBe(before.mtimeMs);
  });

  it("fails with the reason when a file cannot be written", async () => {
    const folder = await newFolder();
    const files = new Map(siteOf(1_200).files);
    // A page where the site also has a folder: the page cannot be written.
    files.set("notes", "<p>a page named like a folder</p>");
    const written = await writeSite({ files, notes: files.size }, folder);
    expect(written.isErr() && written.error.code).toBe("PERSISTENCE");
    expect(written.isErr() && written.error.message).toMatch(/EISDIR/);
  });
});
