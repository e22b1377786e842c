import { okAsync } from "neverthrow";
import type { Embedder } from "../../src/ports/embedder.js";

/**
 * A deterministic embedder for tests: one dimension per concept, counting the words of the
 * text that belong to it, plus a constant dimension so no vector is zero. Words of one
 * concept ("car", "automobile", "vehicle") get the same direction: the synonymy a real model
 * gives and word matching does not.
 */
export function conceptEmbedder(
  concepts: readonly (readonly string[])[],
  options: { model?: string; calls?: string[][] } = {},
): Embedder {
  return {
    model: options.model ?? "fake-concepts",
    embed(texts) {
      options.calls?.push([...texts]);
      return okAsync(
        texts.map((text) => {
          const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
          return [
            ...concepts.map((concept) => words.filter((word) => concept.includes(word)).length),
            0.01,
          ];
        }),
      );
    },
  };
}
