/**
 * A large memory's full-text search is built in a worker thread while the pages are written: the
 * worker's files are exactly those of the same index built in this thread, from nothing or
 * from a saved index; and the worker's index is the next render's, which indexes only what
 * changed.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join as joinPath } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { hasLocomo, proseNotes } from "../../bench/prose-notes.js";
import { createFullTextSearch } from "../../src/notes/search/full-text-search.js";
import { decodeSearchCache, encodeSearchCache } from "../../src/notes/search/search-cache-file.js";
import { indexForSite, indexInWorker } from "../../src/view/full-text-worker.js";
import {
  indexNotes,
  searchDataScript,
  searchPaths,
  siteSearchFiles,
  type SiteSearchFiles,
} from "../../src/view/site-search-files.js";
import { loadSiteModel } from "../../src/view/site-model.js";
import { SiteFullTextSearch } from "../../src/view/site-full-text-search.js";
import { searchContent } from "./site-search-data.js";
import { freshMemory } from "../helpers/fresh-memory.js";

/** Every search file of a site of `count` notes. */
function allFiles(files: SiteSearchFiles, count: number): Map<string, string> {
  return new Map(searchPaths(count).map((path) => [path, files.file(path) ?? ""]));
}

async function proseModel(count: number) {
  const fresh = await freshMemory();
  await fresh.fs.promises.mkdir(`${fresh.root}/topics`, { recursive: true });
  for (const note of proseNotes(count, 0.1)) {
    await fresh.fs.promises.writeFile(`${fresh.root}/${note.path}`, note.markdown);
  }
  const model = await loadSiteModel(fresh);
  if (model.isErr()) throw model.error;
  return { fresh, model: model.value };
}

describe.skipIf(!hasLocomo())("the full-text search in a worker thread", () => {
  it("builds the same index and data/search.js as this thread, fresh or from a saved index or its text", async () => {
    const { model } = await proseModel(200);
    const join = indexInWorker(model.notes, undefined);
    expect(join, "the worker's script is built (npm run build)").toBeDefined();
    const here = indexNotes(model.notes, createFullTextSearch());
    const fresh = join?.();
    expect(fresh).toEqual(indexForSite({ notes: model.notes, seed: undefined }));
    expect(fresh).toEqual({
      data: searchDataScript(model.notes, here.saved),
      changed: true,
      index: encodeSearchCache(here.saved),
    });
    // From a saved index of the first 150 notes: the rest indexed, the same in both threads.
    const older = createFullTextSearch();
    indexNotes(model.notes.slice(0, 150), older);
    const saved = older.save();
    const seededHere = indexNotes(model.notes, createFullTextSearch(saved));
    const expected = {
      data: searchDataScript(model.notes, seededHere.saved),
      changed: true,
      index: encodeSearchCache(seededHere.saved),
    };
    expect(indexInWorker(model.notes, saved)?.()).toEqual(expected);
    expect(indexInWorker(model.notes, encodeSearchCache(saved))?.()).toEqual(expected);
    // An index already in step: nothing to save, the same data.
    const inStep = encodeSearchCache(here.saved);
    expect(indexInWorker(model.notes, inStep)?.()).toEqual({
      data: searchDataScript(model.notes, here.saved),
      changed: false,
      index: undefined,
    });
  });

  it("indexes from the saved index's text in a worker when many notes are stale: the same files and saved text as this thread", async () => {
    const { model } = await proseModel(60);
    const older = createFullTextSearch();
    indexNotes(model.notes.slice(0, 10), older);
    const text = encodeSearchCache(older.save()) ?? "";
    const search = new SiteFullTextSearch(text);
    const files = search.filesFor(model.notes, 50)();
    expect(search.stats()).toEqual({ workers: 1 });
    const here = siteSearchFiles(model.notes, createFullTextSearch(decodeSearchCache(text)));
    expect(allFiles(files, model.notes.length)).toEqual(here.files);
    expect(search.takeTextToSave()).toBe(encodeSearchCache(here.saved));
    // Fewer stale than that: this thread syncs (no worker started).
    const few = new SiteFullTextSearch(text);
    few.filesFor(model.notes, 51)();
    expect(few.stats()).toEqual({ workers: 0 });
  });

  it("hands the worker's index to the next render, which re-indexes only what changed", async () => {
    const { fresh, model } = await proseModel(100);
    const search = new SiteFullTextSearch();
    const inWorker = search.filesFor(model.notes, 0)();
    expect(search.stats()).toEqual({ workers: 1 });
    expect(allFiles(inWorker, model.notes.length)).toEqual(
      siteSearchFiles(model.notes, createFullTextSearch()).files,
    );
    const edited = model.notes[7]?.meta.path ?? "";
    await fresh.fs.promises.writeFile(`${fresh.root}/${edited}`, "# Edited\n\nNow about kayaks.\n");
    fresh.memory.filesChanged();
    const next = await loadSiteModel(fresh);
    if (next.isErr()) throw next.error;
    // One note to index: the next render indexes here, and only the edited note.
    const again = search.filesFor(next.value.notes)();
    expect(search.stats()).toEqual({ workers: 1 });
    expect(search.live().stats()).toEqual({ added: 1, removed: 1 });
    const fromScratch = siteSearchFiles(next.value.notes, createFullTextSearch());
    expect(searchContent(allFiles(again, next.value.notes.length))).toEqual(
      searchContent(fromScratch.files),
    );
  });
});

describe("a full-text worker that ends without answering", () => {
  it("is known ended when it ended before the wait, and the wait returns at once", async () => {
    const { url, ending, remove } = await silentScript();
    const { model } = await smallModel();
    try {
      const join = indexInWorker(model.notes, undefined, { script: url, deadlineMs: 20_000 });
      // Its end is heard while this thread has turns (a site's writes give it some).
      await ending();
      await new Promise((done) => setTimeout(done, 1_000));
      const started = performance.now();
      expect(join?.()).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await remove();
    }
  });

  it("is given up at the deadline when it ends during the wait (the caller then indexes here)", async () => {
    const { url, remove } = await silentScript();
    const { model } = await smallModel();
    try {
      const join = indexInWorker(model.notes, undefined, { script: url, deadlineMs: 1_000 });
      const started = performance.now();
      expect(join?.()).toBeUndefined();
      const waited = performance.now() - started;
      expect(waited).toBeGreaterThanOrEqual(950);
      expect(waited).toBeLessThan(10_000);
    } finally {
      await remove();
    }
  });
});

// What a worker killed or out of memory does: it ends, and none of its own code answers.
async function silentScript(): Promise<{
  url: URL;
  ending: () => Promise<void>;
  remove: () => Promise<void>;
}> {
  const folder = await mkdtemp(joinPath(tmpdir(), "silent-worker-"));
  const path = joinPath(folder, "silent.mjs");
  const marker = joinPath(folder, "ending");
  await writeFile(
    path,
    `import { writeFileSync } from "node:fs";\nexport function indexPackedForSite() { writeFileSync(${JSON.stringify(marker)}, ""); process.exit(3); }\n`,
  );
  const ending = async () => {
    while (!existsSync(marker)) await new Promise((done) => setTimeout(done, 50));
  };
  return {
    url: pathToFileURL(path),
    ending,
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

async function smallModel() {
  const fresh = await freshMemory();
  await fresh.fs.promises.mkdir(`${fresh.root}/topics`, { recursive: true });
  for (const [n, word] of ["alpha", "beta", "gamma"].entries()) {
    await fresh.fs.promises.writeFile(
      `${fresh.root}/topics/${word} id__Silnt${n}.md`,
      `# ${word}\n\nThe ${word} note.\n`,
    );
  }
  const model = await loadSiteModel(fresh);
  if (model.isErr()) throw model.error;
  return { model: model.value };
}
