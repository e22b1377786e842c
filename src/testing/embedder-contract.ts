/**
 * The Embedder contract: every adapter of the port must pass this suite, and a host runs it on
 * its own embedder.
 *
 * @example
 * ```ts
 * import { runEmbedderContract } from "agent-memory/testing";
 * runEmbedderContract("my embedder", (failOn) => myEmbedder({ failOn }));
 * ```
 */
import { describe, expect, it } from "vitest";
import type { Embedder } from "../ports/embedder.js";

/**
 * Builds the embedder under test. It must embed deterministically (the same text, the same
 * vector) and refuse a text equal to `failOn` with an error.
 */
export type MakeEmbedder = (failOn: string) => Embedder;

/** Runs the Embedder contract against `makeEmbedder`. */
export function runEmbedderContract(name: string, makeEmbedder: MakeEmbedder): void {
  describe(`Embedder contract: ${name}`, () => {
    const FAIL = "please fail";

    it("names its model", () => {
      expect(makeEmbedder(FAIL).model).toMatch(/\S/);
    });

    it("returns one vector per text, in order, all of one finite length", async () => {
      const embedder = makeEmbedder(FAIL);
      const texts = ["igor designs the console", "café crème", "", "igor designs the console"];
      const vectors = (await embedder.embed(texts))._unsafeUnwrap();
      expect(vectors).toHaveLength(texts.length);
      const width = vectors[0]?.length ?? 0;
      expect(width).toBeGreaterThan(0);
      for (const vector of vectors) {
        expect(vector).toHaveLength(width);
        expect(vector.every(Number.isFinite)).toBe(true);
      }
      // Order: the same text at two positions gets the same vector; another text another.
      expect(vectors[3]).toEqual(vectors[0]);
      expect(vectors[1]).not.toEqual(vectors[0]);
      const again = (await embedder.embed(["café crème"]))._unsafeUnwrap();
      expect(again[0]).toEqual(vectors[1]);
    });

    it("answers an empty list with an empty list", async () => {
      expect((await makeEmbedder(FAIL).embed([]))._unsafeUnwrap()).toEqual([]);
    });

    it("fails with an EmbedderError, never a throw or a rejection", async () => {
      const failed = await makeEmbedder(FAIL).embed(["fine", FAIL]);
      expect(failed._unsafeUnwrapErr().code).toBe("EMBEDDER");
      expect(failed._unsafeUnwrapErr().message).toMatch(/\S/);
    });

    it("fails at once on an aborted signal", async () => {
      const controller = new AbortController();
      controller.abort(new Error("stop"));
      const aborted = await makeEmbedder(FAIL).embed(["x"], { signal: controller.signal });
      expect(aborted._unsafeUnwrapErr().code).toBe("EMBEDDER");
    });
  });
}
