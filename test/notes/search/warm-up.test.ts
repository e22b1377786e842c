/**
 * `memory.warmUp()`: a long-lived host (the MCP server, the CLI's daemon) loads the notes'
 * facts and the search index before its first call, so that call answers as the later ones
 * do. It must be what the first search would have done, no more: the same answers, nothing
 * indexed twice when a search arrives during it, and never a reason for a stale answer.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import { SEARCH_CACHE_PATH } from "../../../src/notes/search/search-cache-file.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { countingReads } from "../../helpers/counting-reads.js";
import { okOf } from "../../helpers/result-helpers.js";

let root: string;

const NOTES: Record<string, string> = {
  "topics/a id__Aaaaa1.md": "# Adoption agencies\n\nResearching adoption agencies.\n",
  "topics/b id__Bbbbb2.md": "# Pottery class\n\nSigned up for a pottery class with the kids.\n",
  "inbox/c id__Ccccc3.md": "# Camping trip\n\nCamping by the lake, adoption papers done.\n",
};

function write(path: string, text: string): void {
  nodeFs.writeFileSync(join(root, path), text);
  // Old enough that the racy-clean rule trusts what is read now, as for an editor's file.
  const past = new Date(Date.now() - 60_000 + Math.random() * 1_000);
  nodeFs.utimesSync(join(root, path), past, past);
}

const opened = (persistence: Persistence = fsPersistence({ fs: nodeFs, root })) =>
  createNotesMemory({ persistence, cache: { persist: true } });

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "warm-up-"));
  for (const folder of ["inbox", "topics", "archive"]) nodeFs.mkdirSync(join(root, folder));
  nodeFs.writeFileSync(join(root, "index.md"), "# Index\n");
  for (const [path, text] of Object.entries(NOTES)) write(path, text);
});

afterEach(() => rm(root, { recursive: true, force: true }));

it("loads every note's words: it reports them and saves the index a later process starts from", async () => {
  const memory = opened();
  expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(false);
  expect(okOf(await memory.warmUp())).toEqual({ notes: 3 });
  expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(true);
  memory.close();
});

it("leaves the first search nothing to index: it reads no note but the results' own", async () => {
  const counted = countingReads(fsPersistence({ fs: nodeFs, root }));
  const memory = opened(counted.persistence);
  okOf(await memory.warmUp());
  const before = counted.reads().length;
  expect(before).toBe(3);
  const hits = okOf(await memory.search("pottery", { limit: 5 }));
  expect(hits.map((hit) => hit.id)).toEqual(["id__Bbbbb2"]);
  // At most the one result's body for its snippet, never the whole memory again.
  expect(counted.reads().length - before).toBeLessThanOrEqual(1);
  memory.close();
});

it("a search made while it runs waits for it: every note is read once, the answers are the same", async () => {
  // An earlier process saved the notes' facts but no search index: both the warm-up and the
  // search then have every note to read and index.
  const earlier = opened();
  okOf(await earlier.list());
  earlier.close();
  expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(false);
  const counted = countingReads(fsPersistence({ fs: nodeFs, root }));
  const memory = opened(counted.persistence);
  const [warmed, during] = await Promise.all([
    memory.warmUp(),
    memory.search("adoption", { limit: 5 }),
  ]);
  expect(okOf(warmed)).toEqual({ notes: 3 });
  const cold = opened(fsPersistence({ fs: nodeFs, root }));
  const truth = okOf(await cold.search("adoption", { limit: 5 }));
  expect(okOf(during)).toEqual(truth);
  const noteReads = counted.reads().filter((path) => !path.startsWith(".agent-memory"));
  expect(new Set(noteReads).size).toBe(noteReads.length);
  memory.close();
  cold.close();
});

it("is never the reason for a stale answer: an edit made after it is found", async () => {
  const memory = opened();
  okOf(await memory.warmUp());
  write("topics/b id__Bbbbb2.md", "# Pottery class\n\nThe kiln firing moved to Tuesday.\n");
  const hits = okOf(await memory.search("kiln", { limit: 5 }));
  expect(hits.map((hit) => hit.id)).toEqual(["id__Bbbbb2"]);
  memory.close();
});
