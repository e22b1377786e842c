/**
 * The Tokenizer contract: every adapter of the port must pass this suite, and a host runs it
 * on its own tokenizer.
 *
 * @example
 * ```ts
 * import { runTokenizerContract } from "agent-memory/testing";
 * runTokenizerContract("my tokenizer", () => myTokenizer());
 * ```
 */
import { describe, expect, it } from "vitest";
import type { Tokenizer } from "../ports/tokenizer.js";

/** Builds the tokenizer under test. */
export type MakeTokenizer = () => Tokenizer;

const TEXTS = [
  "Igor designs the console.",
  "# Deploys\n\nShip on Tuesdays; roll back with `deploy --undo`.\n\n- [[id__Kf9mNp|console]]",
  "café crème, 東京, emoji 🙂, tabs\tand\nnewlines",
  "a <|endoftext|> b <|im_start|> c",
  "x".repeat(2_000),
];

/** Runs the Tokenizer contract against `makeTokenizer`. */
export function runTokenizerContract(name: string, makeTokenizer: MakeTokenizer): void {
  describe(`Tokenizer contract: ${name}`, () => {
    it("counts the empty text as 0 tokens", () => {
      expect(makeTokenizer().countTokens("")).toBe(0);
    });

    it("counts any text, special-token markers included, as a positive whole number", () => {
      const tokenizer = makeTokenizer();
      for (const text of TEXTS) {
        const count = tokenizer.countTokens(text);
        expect(Number.isSafeInteger(count)).toBe(true);
        expect(count).toBeGreaterThan(0);
      }
    });

    it("counts the same text the same way every time", () => {
      const tokenizer = makeTokenizer();
      for (const text of TEXTS)
        expect(tokenizer.countTokens(text)).toBe(tokenizer.countTokens(text));
    });

    it("counts a longer prose text as more tokens than a short one", () => {
      const tokenizer = makeTokenizer();
      const short = TEXTS[0] ?? "";
      expect(tokenizer.countTokens(short.repeat(10))).toBeGreaterThan(tokenizer.countTokens(short));
    });
  });
}
