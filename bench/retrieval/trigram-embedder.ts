/**
 * A stand-in embedder for the benchmark, since no embedding model runs on the benchmark
 * machine: character trigrams of the folded words, hashed into 512 dimensions, weighted by
 * sublinear counts. It knows morphology and spelling, not meaning, so its figures measure
 * the fusion's plumbing and its cost to a lexical ranking, not what a real model adds.
 */
import { okAsync } from "neverthrow";
import type { Embedder } from "../../src/index.js";

const DIMENSIONS = 512;

/** The stand-in embedder. */
export function trigramEmbedder(): Embedder {
  return {
    model: "bench-trigram-512",
    embed: (texts) => okAsync(texts.map(trigramVector)),
  };
}

/** The vector of one text. */
export function trigramVector(text: string): number[] {
  const counts = new Map<number, number>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = ` ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const slot = hash(padded.slice(i, i + 3)) % DIMENSIONS;
      counts.set(slot, (counts.get(slot) ?? 0) + 1);
    }
  }
  const vector = Array.from({ length: DIMENSIONS }, (_, i) => {
    const n = counts.get(i) ?? 0;
    return n === 0 ? 0 : 1 + Math.log(n);
  });
  vector[0] = (vector[0] ?? 0) + 0.01; // no zero vector for an empty text
  return vector;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
