/**
 * The vector cache file: one per embedding model, under `.agent-memory/vectors/`, mapping the
 * hash of the text a note was embedded from to its vector. Derived state (principle 9): a
 * missing, corrupt or foreign file reads as empty and costs recomputation, never a wrong
 * answer; a note whose text changed has a new hash and simply misses.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { okAsync, type ResultAsync } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import type { Persistence } from "../../ports/persistence.js";

const FORMAT_VERSION = 1;

/**
 * The vectors of one model, keyed by content hash, all of `dimensions` length.
 *
 * @example
 * ```ts
 * const cache: VectorCache = { model: "nomic-embed-text", dimensions: 2, vectors: new Map([["ab12…", [0.6, 0.8]]]) };
 * ```
 */
export interface VectorCache {
  readonly model: string;
  /** The length of every vector; 0 while the cache is empty. */
  readonly dimensions: number;
  readonly vectors: ReadonlyMap<string, readonly number[]>;
}

/**
 * The cache file of a model: its name made filename-safe, plus a hash of the exact name so
 * two models that differ only in unsafe characters never share a file.
 *
 * @example
 * ```ts
 * vectorCachePath("nomic-embed-text:v1.5"); // ".agent-memory/vectors/nomic-embed-text_v1.5-3f9a01c2.json"
 * ```
 */
export function vectorCachePath(model: string): string {
  const safe = model.replace(/[^A-Za-z0-9._-]+/g, "_").slice(0, 80);
  const hash = createHash("sha256").update(model).digest("hex").slice(0, 8);
  return `${PRIVATE_FOLDER}/vectors/${safe}-${hash}.json`;
}

/**
 * The hash a vector is cached under: of the exact text embedded, so any edit re-embeds.
 *
 * @example
 * ```ts
 * contentHash("Igor\nA designer.").length; // 64
 * ```
 */
export function contentHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Reads a model's cache. Anything but a well-formed file for this very model (missing,
 * unparsable, another model's, vectors of mixed length) reads as an empty cache.
 *
 * @example
 * ```ts
 * const cache = await loadVectorCache(persistence, "nomic-embed-text");
 * if (cache.isOk()) cache.value.vectors.size;
 * ```
 */
export function loadVectorCache(
  persistence: Persistence,
  model: string,
): ResultAsync<VectorCache, PersistenceError> {
  const empty: VectorCache = { model, dimensions: 0, vectors: new Map() };
  return (
    persistence
      .read(vectorCachePath(model))
      .map((text) => parseCache(text, model) ?? empty)
      // Unreadable is as good as missing for a cache: the vectors are recomputed and rewritten.
      .orElse(() => okAsync(empty))
  );
}

/**
 * Writes a model's cache atomically (the Persistence port's `write`), keys sorted so the same
 * vectors give the same bytes.
 *
 * @example
 * ```ts
 * await saveVectorCache(persistence, cache);
 * ```
 */
export function saveVectorCache(
  persistence: Persistence,
  cache: VectorCache,
): ResultAsync<void, PersistenceError> {
  const vectors = Object.fromEntries([...cache.vectors].toSorted(([a], [b]) => (a < b ? -1 : 1)));
  const file = {
    version: FORMAT_VERSION,
    model: cache.model,
    dimensions: cache.dimensions,
    vectors,
  };
  return persistence.write(vectorCachePath(cache.model), `${JSON.stringify(file)}\n`);
}

function parseCache(text: string, model: string): VectorCache | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const file = value as Record<string, unknown>;
  const { dimensions, vectors } = file;
  if (file.version !== FORMAT_VERSION || file.model !== model) return undefined;
  if (typeof dimensions !== "number" || typeof vectors !== "object" || vectors === null) {
    return undefined;
  }
  const read = new Map<string, readonly number[]>();
  for (const [hash, vector] of Object.entries(vectors)) {
    if (!isVector(vector, dimensions)) return undefined;
    read.set(hash, vector);
  }
  return { model, dimensions, vectors: read };
}

function isVector(value: unknown, dimensions: number): value is number[] {
  return (
    Array.isArray(value) &&
    value.length === dimensions &&
    value.every((x) => typeof x === "number" && Number.isFinite(x))
  );
}
