/**
 * Note vectors for hybrid search: computed through the Embedder port, cached per model and
 * content hash in `.agent-memory/vectors/`, computed only for notes whose text is new.
 *
 * A search never waits for note vectors: it embeds the query (one call, given up after
 * QUERY_EMBED_TIMEOUT_MS in embed-calls.ts), ranks the notes that already have a vector, and starts filling
 * in the missing ones in the background; until they are in, those notes are ranked on their
 * words alone. `memory.updateVectors()` computes them all up front, for hosts that prefer to
 * pay at startup (and for tests).
 *
 * @module
 */

import { errAsync, okAsync, ResultAsync, type Result } from "neverthrow";
import { EmbedderError, type PersistenceError } from "../../errors.js";
import type { Embedder } from "../../ports/embedder.js";
import type { Persistence } from "../../ports/persistence.js";
import type { NoteSnapshot, StoredNote } from "../store/note-store.js";
import { readableBody } from "./search-text.js";
import { cosine, embedChecked, embedQuery } from "./embed-calls.js";
import { contentHash, loadVectorCache, saveVectorCache, type VectorCache } from "./vector-cache.js";

/**
 * Texts per embedder call: big enough to amortize a call, small enough that one call's
 * failure loses little and a local model's request stays modest.
 *
 * @example
 * ```ts
 * EMBED_BATCH_SIZE; // 32
 * ```
 */
export const EMBED_BATCH_SIZE = 32;

/**
 * What an update of the vectors did.
 *
 * @example
 * ```ts
 * const report: EmbeddingReport = { model: "m", dimensions: 384, computed: 3, reused: 997 };
 * ```
 */
export interface EmbeddingReport {
  readonly model: string;
  readonly dimensions: number;
  /** Notes embedded by this update. */
  readonly computed: number;
  /** Notes whose cached vector was still valid. */
  readonly reused: number;
}

/** A note and the cosine similarity of its vector to the query's. */
export interface VectorHit {
  readonly stored: StoredNote;
  readonly similarity: number;
}

/** The vectors of one memory under one embedder. */
export interface Embeddings {
  /** Embeds every note of the snapshot that has no valid cached vector, then saves the cache. */
  update(snapshot: NoteSnapshot): ResultAsync<EmbeddingReport, EmbedderError | PersistenceError>;
  /**
   * The similarity of each note that has a vector to the query, or `undefined` when the
   * query could not be embedded (lexical ranking then stands alone). Never fails; starts a
   * background update when notes lack vectors.
   */
  similarities(snapshot: NoteSnapshot, query: string): ResultAsync<VectorHit[] | undefined, never>;
}

/**
 * Vectors for a memory, cached through `persistence`.
 *
 * @example
 * ```ts
 * const embeddings = createEmbeddings(persistence, embedderFromFunction({ model: "m", embed }));
 * await embeddings.update(snapshot); // { computed: 12, reused: 0, ... }
 * ```
 */
export function createEmbeddings(persistence: Persistence, embedder: Embedder): Embeddings {
  let cache: VectorCache | undefined;
  // Updates run one at a time: two overlapping ones would embed the same notes twice.
  let running: Promise<unknown> = Promise.resolve();
  let background = false;
  const hashes = new WeakMap<StoredNote, string>();
  const hashOf = (stored: StoredNote): string => {
    let hash = hashes.get(stored);
    if (hash === undefined) {
      hash = contentHash(embeddingText(stored));
      hashes.set(stored, hash);
    }
    return hash;
  };
  const loaded = (): ResultAsync<VectorCache, PersistenceError> =>
    cache === undefined
      ? loadVectorCache(persistence, embedder.model).map((read) => (cache = cache ?? read))
      : okAsync(cache);

  const update = (
    snapshot: NoteSnapshot,
  ): ResultAsync<EmbeddingReport, EmbedderError | PersistenceError> => {
    const next: Promise<Result<EmbeddingReport, EmbedderError | PersistenceError>> = running.then(
      () =>
        loaded()
          .andThen((start) =>
            ResultAsync.fromSafePromise(fill(embedder, start, snapshot.notes, hashOf)),
          )
          .andThen((filled) => {
            cache = filled.cache;
            return saveVectorCache(persistence, filled.cache).andThen(() =>
              filled.error === undefined ? okAsync(filled.report) : errAsync(filled.error),
            );
          }),
    );
    running = next;
    return new ResultAsync(next);
  };

  return {
    update,
    similarities(snapshot, query) {
      return loaded()
        .orElse(() =>
          okAsync<VectorCache, never>({ model: embedder.model, dimensions: 0, vectors: new Map() }),
        )
        .andThen((current) => {
          if (
            !background &&
            snapshot.notes.some((stored) => !current.vectors.has(hashOf(stored)))
          ) {
            background = true;
            // Nothing waits on it: a failure leaves the missing notes lexical-only, retried
            // by the next search.
            void update(snapshot).then(() => (background = false));
          }
          return embedQuery(embedder, query).map((vector) => {
            const usable = cache ?? current;
            if (vector === undefined || vector.length !== usable.dimensions) return undefined;
            const hits: VectorHit[] = [];
            for (const stored of snapshot.notes) {
              const noteVector = usable.vectors.get(hashOf(stored));
              if (noteVector !== undefined)
                hits.push({ stored, similarity: cosine(vector, noteVector) });
            }
            return hits;
          });
        });
    },
  };
}

/** What a note is embedded from: its title and its body as readers see it. */
function embeddingText(stored: StoredNote): string {
  return `${stored.note.title}\n${readableBody(stored.note)}`;
}

interface Filled {
  readonly cache: VectorCache;
  readonly report: EmbeddingReport;
  /** Set when a call failed: the vectors computed before it are kept all the same. */
  readonly error: EmbedderError | undefined;
}

/** Embeds the notes that lack a vector, batch by batch; never rejects. */
async function fill(
  embedder: Embedder,
  start: VectorCache,
  notes: readonly StoredNote[],
  hashOf: (stored: StoredNote) => string,
): Promise<Filled> {
  const texts = new Map<string, string>();
  for (const stored of notes) texts.set(hashOf(stored), embeddingText(stored));
  // Only the current notes' vectors are kept: the file never grows with edits.
  let vectors = new Map([...start.vectors].filter(([hash]) => texts.has(hash)));
  let dimensions = start.dimensions;
  let reused = vectors.size;
  let computed = 0;
  let restarted = false;
  let error: EmbedderError | undefined;
  for (;;) {
    const batch = [...texts.keys()].filter((hash) => !vectors.has(hash)).slice(0, EMBED_BATCH_SIZE);
    if (batch.length === 0) break;
    const result = await embedChecked(
      embedder,
      batch.map((hash) => texts.get(hash) ?? ""),
    );
    if (result.isErr()) {
      error = result.error;
      break;
    }
    const width = result.value[0]?.length ?? 0;
    if (vectors.size > 0 && width !== dimensions) {
      if (restarted) {
        error = new EmbedderError(
          `The embedder "${embedder.model}" answered with ${width} dimensions after ${dimensions}: it must keep one dimension per model name.`,
        );
        break;
      }
      // The model now answers in another dimension: every vector from before is useless.
      restarted = true;
      vectors = new Map();
      reused = 0;
      computed = 0;
    }
    dimensions = width;
    batch.forEach((hash, j) => {
      const vector = result.value[j];
      if (vector !== undefined) vectors.set(hash, vector);
    });
    computed += batch.length;
  }
  const cache: VectorCache = { model: embedder.model, dimensions, vectors };
  return { cache, report: { model: embedder.model, dimensions, computed, reused }, error };
}
