import { describe, expect, it } from "vitest";
import { gptTokenizer } from "../../../src/adapters/index.js";
import { runTokenizerContract } from "../../../src/testing/index.js";

runTokenizerContract("gptTokenizer (o200k_base)", () => gptTokenizer());
runTokenizerContract("one token per four characters", () => ({
  countTokens: (text) => Math.ceil(text.length / 4),
}));

describe("gptTokenizer", () => {
  it("counts with o200k_base: known counts of OpenAI's encoding", () => {
    const tokenizer = gptTokenizer();
    // o200k_base ids: [24912, 2375] and [52420, 267, 15744, 290, 3887, 13].
    expect(tokenizer.countTokens("hello world")).toBe(2);
    expect(tokenizer.countTokens("Igor designs the console.")).toBe(6);
  });

  it("reads a special-token marker as plain text instead of throwing", () => {
    expect(gptTokenizer().countTokens("<|endoftext|>")).toBeGreaterThan(1);
  });
});
