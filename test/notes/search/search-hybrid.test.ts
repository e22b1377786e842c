import * as fs from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errAsync, ResultAsync } from "neverthrow";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createMemory } from "../../../src/memory.js";
import type { Embedder } from "../../../src/ports/embedder.js";
import { EmbedderError } from "../../../src/errors.js";
import { conceptEmbedder } from "../../helpers/fake-embedder.js";

import { seedNotes, type SeedNote } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const CONCEPTS = [
  ["car", "automobile", "vehicle"],
  ["repair", "service", "fix"],
];

// Lexically, "vehicle repair" finds X (repair four times) above Y (repair once, no
// "vehicle"); by meaning Y is about both, the V notes are close, X only about repairs.
const NOTES: SeedNote[] = [
  {
    id: "id__Xrepai",
    title: "Repair log",
    body: "repair the fence, repair the shed, repair the gate",
  },
  { id: "id__Ycarsv", title: "Car service", body: "the car needs a repair" },
  { id: "id__Vauto1", title: "Automobile one", body: "automobile automobile fix" },
  { id: "id__Vauto2", title: "Automobile two", body: "automobile automobile fix" },
  { id: "id__Vauto3", title: "Automobile three", body: "automobile automobile fix" },
  { id: "id__Garden", title: "Garden", body: "tomatoes and beans" },
];

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "search-hybrid-"));
  await seedNotes(fs, dir, NOTES);
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const open = (embedder?: Embedder) =>
  createMemory({
    persistence: fsPersistence({ fs, root: dir }),
    ...(embedder === undefined ? {} : { embedder }),
  });

/** A promise and the function that settles it (Node 20 has no Promise.withResolvers). */
function deferred(): { promise: Promise<void>; release: () => void } {
  const settle: { resolve?: () => void } = {};
  const promise = new Promise<void>((resolve) => {
    settle.resolve = resolve;
  });
  return { promise, release: () => settle.resolve?.() };
}

async function vectorFiles(): Promise<string[]> {
  return readdir(join(dir, ".agent-memory", "vectors")).catch(() => []);
}

describe("hybrid search (embedder present)", () => {
  it("fuses the vector ranking with the words: the order changes as the meaning says", async () => {
    const lexical = okOf(await open().search("vehicle repair"));
    expect(lexical.map((r) => r.id)).toEqual(["id__Xrepai", "id__Ycarsv"]);
    expect(lexical.every((r) => r.scores.vector === null)).toBe(true);

    const memory = open(conceptEmbedder(CONCEPTS));
    expect(okOf(await memory.updateVectors())).toMatchObject({
      computed: 6,
      reused: 0,
      dimensions: 3,
    });
    const hybrid = okOf(await memory.search("vehicle repair"));
    expect(hybrid.map((r) => r.id)).toEqual([
      "id__Ycarsv",
      "id__Xrepai",
      "id__Vauto1",
      "id__Vauto2",
      "id__Vauto3",
      "id__Garden",
    ]);
    const [y, x, v1] = hybrid;
    expect(y?.scores.vector).toBeCloseTo(1, 3);
    expect(y?.scores.lexical).toBeGreaterThan(0);
    expect(x?.scores.vector).toBeCloseTo(Math.SQRT1_2, 2);
    // Found by meaning alone: no lexical part, the snippet is the body's start.
    expect(v1?.scores).toMatchObject({ lexical: 0, graph: 0 });
    expect(v1?.snippet).toBe("automobile automobile fix");
    // Filters apply to vector-only hits too.
    expect(okOf(await memory.search("vehicle repair", { status: "archived" }))).toEqual([]);
  });

  it("answers on words while note vectors are missing, and fills them in the background", async () => {
    const { promise: gate, release } = deferred();
    const concepts = conceptEmbedder(CONCEPTS);
    const noteBatches: number[] = [];
    // Queries (one text) answer at once; note batches wait for the gate.
    const slow: Embedder = {
      model: concepts.model,
      embed: (texts, request) => {
        if (texts.length === 1) return concepts.embed(texts, request);
        noteBatches.push(texts.length);
        return new ResultAsync(gate.then(() => concepts.embed(texts, request)));
      },
    };
    const memory = open(slow);
    const first = okOf(await memory.search("vehicle repair"));
    expect(first.map((r) => r.id)).toEqual(["id__Xrepai", "id__Ycarsv"]);
    expect(first.every((r) => r.scores.vector === null)).toBe(true);
    expect(noteBatches).toEqual([6]);
    expect(await vectorFiles()).toEqual([]);

    release();
    // Queued behind the background update, which has embedded everything by then.
    expect(okOf(await memory.updateVectors())).toMatchObject({ computed: 0, reused: 6 });
    expect(await vectorFiles()).toHaveLength(1);
    expect(okOf(await memory.search("vehicle repair"))[0]?.id).toBe("id__Ycarsv");
  });

  it("answers on words when the embedder fails", async () => {
    const broken: Embedder = {
      model: "broken",
      embed: () => errAsync(new EmbedderError("the model server is down")),
    };
    const memory = open(broken);
    const results = okOf(await memory.search("vehicle repair"));
    expect(results.map((r) => r.id)).toEqual(["id__Xrepai", "id__Ycarsv"]);
    expect(errOf(await memory.updateVectors()).code).toBe("EMBEDDER");
  });

  it("reuses the cached vectors in another process, and embeds only what changed", async () => {
    okOf(await open(conceptEmbedder(CONCEPTS)).updateVectors());
    const calls: string[][] = [];
    const second = open(conceptEmbedder(CONCEPTS, { calls }));
    expect(okOf(await second.updateVectors())).toMatchObject({ computed: 0, reused: 6 });
    expect(okOf(await second.search("vehicle repair"))[0]?.id).toBe("id__Ycarsv");
    expect(calls).toEqual([["vehicle repair"]]);

    await writeFile(
      join(dir, "topics/garden id__Garden.md"),
      "# Garden\n\ncar parked by the beans\n",
    );
    expect(okOf(await second.updateVectors())).toMatchObject({ computed: 1, reused: 5 });
    expect(calls.at(-1)).toEqual(["Garden\ncar parked by the beans"]);
    // The file holds the current notes' vectors only.
    const [file] = await vectorFiles();
    const saved = JSON.parse(
      await readFile(join(dir, ".agent-memory/vectors", file ?? ""), "utf8"),
    );
    expect(Object.keys(saved.vectors)).toHaveLength(6);
  });

  it("rebuilds for another model name, and for a new dimension under the same name", async () => {
    okOf(await open(conceptEmbedder(CONCEPTS)).updateVectors());
    const other = open(conceptEmbedder(CONCEPTS, { model: "fake-concepts-v2" }));
    expect(okOf(await other.updateVectors())).toMatchObject({ computed: 6, reused: 0 });
    expect(await vectorFiles()).toHaveLength(2);

    // Same name, three concepts: vectors of 4 dimensions instead of 3.
    const wider = open(conceptEmbedder([...CONCEPTS, ["garden", "beans"]]));
    // Only the edited note misses at first; its new width shows every cached vector is stale.
    await writeFile(join(dir, "topics/garden id__Garden.md"), "# Garden\n\nbeans\n");
    expect(okOf(await wider.updateVectors())).toMatchObject({
      computed: 6,
      reused: 0,
      dimensions: 4,
    });
    expect(okOf(await wider.search("beans"))[0]?.scores.vector).toBeGreaterThan(0.9);
  });

  it("treats a corrupt or foreign cache file as empty and rewrites it", async () => {
    okOf(await open(conceptEmbedder(CONCEPTS)).updateVectors());
    const [file] = await vectorFiles();
    const path = join(dir, ".agent-memory/vectors", file ?? "");
    for (const junk of [
      "{not json",
      JSON.stringify({ version: 1, model: "someone-else", dimensions: 3, vectors: {} }),
    ]) {
      await writeFile(path, junk);
      expect(okOf(await open(conceptEmbedder(CONCEPTS)).updateVectors())).toMatchObject({
        computed: 6,
        reused: 0,
      });
      expect(JSON.parse(await readFile(path, "utf8")).model).toBe("fake-concepts");
    }
  });

  it("refuses updateVectors without an embedder", async () => {
    expect(errOf(await open().updateVectors()).code).toBe("INVALID_INPUT");
  });
});
