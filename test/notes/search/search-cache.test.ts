/**
 * The saved search index (`.agent-memory/cache/search.json`): a later process searches without
 * indexing every note, and the saved index is never the reason for a wrong answer. Every test
 * compares what a memory with the cache finds to what a fresh memory without any cache finds
 * over the same files.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createNotesMemory } from "../../../src/create-notes-memory.js";
import { SEARCH_CACHE_PATH } from "../../../src/notes/search/search-cache-file.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { countingReads } from "../../helpers/counting-reads.js";
import { okOf } from "../../helpers/result-helpers.js";

let root: string;

const NOTES: Record<string, string> = {
  "topics/a id__Aaaaa1.md":
    "# Adoption agencies\n\n#family\n\nResearching adoption agencies for [[id__Bbbbb2|b]].\n",
  "topics/b id__Bbbbb2.md": "# Pottery class\n\nSigned up for a pottery class with the kids.\n",
  "inbox/c id__Ccccc3.md":
    "# Camping trip\n\n#family\n\nCamping by the lake, adoption papers done.\n",
  "topics/d id__Ddddd4.md":
    "# Painting\n\nA sunset painting for the new home; the agency called.\n",
};
const QUERIES = ["adoption agency", "pottery", "family", "camping lake", "paint", "agenc", "the"];

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "search-cache-"));
  for (const folder of ["inbox", "topics", "archive"]) nodeFs.mkdirSync(join(root, folder));
  nodeFs.writeFileSync(join(root, "index.md"), "# Index\n");
  for (const [path, text] of Object.entries(NOTES)) write(path, text);
});

afterEach(() => rm(root, { recursive: true, force: true }));

function write(path: string, text: string): void {
  nodeFs.writeFileSync(join(root, path), text);
  // Old enough that the racy-clean rule trusts what is read now, as for an editor's file.
  const past = new Date(Date.now() - 60_000 + Math.random() * 1_000);
  nodeFs.utimesSync(join(root, path), past, past);
}

/** A memory as a new CLI process opens it: the persisted caches on. */
function process_(base: Persistence = fsPersistence({ fs: nodeFs, root })) {
  return createNotesMemory({ persistence: base, cache: { persist: true } });
}

async function answers(memory: ReturnType<typeof process_>) {
  const found: unknown[] = [];
  for (const query of QUERIES) {
    found.push(query, okOf(await memory.search(query, { limit: 10 })));
  }
  return found;
}

/** What a memory that never saw any cache finds: the truth to compare with. */
function truth() {
  return answers(createNotesMemory({ persistence: fsPersistence({ fs: nodeFs, root }) }));
}

describe("the saved search index", () => {
  it("lets a later process search reading only the notes it shows", async () => {
    expect(await answers(process_())).toEqual(await truth());
    expect(nodeFs.existsSync(join(root, SEARCH_CACHE_PATH))).toBe(true);
    const counted = countingReads(fsPersistence({ fs: nodeFs, root }));
    const memory = process_(counted.persistence);
    const results = okOf(await memory.search("pottery", { limit: 1 }));
    expect(results.map((r) => r.id)).toEqual(["id__Bbbbb2"]);
    expect(results[0]?.snippet).toContain("pottery class");
    // The one note shown, for its snippet; nothing read to index.
    expect(counted.reads()).toEqual(["topics/b id__Bbbbb2.md"]);
  });

  it("finds a note's new words and loses its old ones after an edit behind its back", async () => {
    await answers(process_());
    write("topics/b id__Bbbbb2.md", "# Gardening\n\nTomatoes and an adoption story.\n");
    const counted = countingReads(fsPersistence({ fs: nodeFs, root }));
    const memory = process_(counted.persistence);
    expect(okOf(await memory.search("pottery"))).toEqual([]);
    expect(okOf(await memory.search("tomato")).map((r) => r.id)).toEqual(["id__Bbbbb2"]);
    expect(counted.reads()).toEqual(["topics/b id__Bbbbb2.md"]);
    expect(await answers(process_())).toEqual(await truth());
  });

  it("sees notes deleted, added, moved and renamed behind its back", async () => {
    await answers(process_());
    nodeFs.rmSync(join(root, "inbox/c id__Ccccc3.md"));
    nodeFs.renameSync(join(root, "topics/b id__Bbbbb2.md"), join(root, "archive/b id__Bbbbb2.md"));
    write("topics/e id__Eeeee5.md", "# Adoption day\n\nThe agency said yes.\n");
    expect(await answers(process_())).toEqual(await truth());
  });

  it.each([
    ["truncated", (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ["empty", () => ""],
    ["not JSON", () => "{{{"],
    ["from another version", (text: string) => text.replace('"recipe":"5:', '"recipe":"9:')],
    [
      "with other stopwords",
      (text: string) => text.replace(/"recipe":"5:[0-9a-f]+"/, '"recipe":"5:0"'),
    ],
    ["with columns that disagree", (text: string) => text.replace('"hashes":"', '"hashes":"-')],
    ["with terms out of order", (text: string) => text.replace('"terms":["', '"terms":["zzzz ')],
    [
      "with damaged postings",
      (text: string) => text.replace('"postings":["', '"postings":["0 -1,'),
    ],
  ])("answers right from a saved index that is %s", async (_name, damage) => {
    await answers(process_());
    const path = join(root, SEARCH_CACHE_PATH);
    nodeFs.writeFileSync(path, damage(nodeFs.readFileSync(path, "utf8")));
    expect(await answers(process_())).toEqual(await truth());
  });

  it("answers right from an index saved by another memory with the same paths", async () => {
    await answers(process_());
    const saved = nodeFs.readFileSync(join(root, SEARCH_CACHE_PATH));
    for (const path of Object.keys(NOTES)) write(path, `# Other ${path}\n\nunrelated words here\n`);
    write("topics/d id__Ddddd4.md", NOTES["topics/d id__Ddddd4.md"] ?? "");
    nodeFs.writeFileSync(join(root, SEARCH_CACHE_PATH), saved);
    expect(await answers(process_())).toEqual(await truth());
  });

  it("compacts the saved index once many notes changed, answering the same", async () => {
    const memory = process_();
    await answers(memory);
    for (let round = 0; round < 3; round++) {
      for (const path of Object.keys(NOTES)) write(path, `${NOTES[path] ?? ""}\nround ${round}\n`);
      expect(await answers(memory)).toEqual(await truth());
    }
    const saved = JSON.parse(nodeFs.readFileSync(join(root, SEARCH_CACHE_PATH), "utf8")) as {
      keys: (string | null)[];
    };
    expect(saved.keys.filter((key) => key === null)).toEqual([]);
    expect(await answers(process_())).toEqual(await truth());
  });

  it("never answers differently from a fresh scan, whatever is edited between searches", async () => {
    const paths = Object.keys(NOTES);
    const texts = Object.values(NOTES);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            path: fc.constantFrom(...paths),
            text: fc.constantFrom(...texts, ""),
            remove: fc.boolean(),
            newProcess: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (steps) => {
          let memory = process_();
          for (const step of steps) {
            if (step.remove) nodeFs.rmSync(join(root, step.path), { force: true });
            else write(step.path, `${step.text}\n${step.path}\n`);
            if (step.newProcess) memory = process_();
            expect(await answers(memory)).toEqual(await truth());
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
