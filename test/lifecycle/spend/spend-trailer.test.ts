import { describe, expect, it } from "vitest";
import { withSpendTrailer } from "../../../src/lifecycle/spend/spend-trailer.js";

const spent = { inputTokens: 10, outputTokens: 5, calls: 1, counted: "estimate" } as const;

describe("withSpendTrailer", () => {
  it("puts the spend in a trailer paragraph of its own after a plain message", () => {
    expect(withSpendTrailer("memory: defrag (2 actions)\n", spent)).toBe(
      "memory: defrag (2 actions)\n\nModel-Tokens: in=10 out=5 calls=1 counted=estimate",
    );
  });

  it("joins a trailer block the message already ends with, where git still reads both", () => {
    const message = "memory: consolidate 1 entry\n\nbody\n\nMemory-Source: session claude-code abc";
    expect(withSpendTrailer(message, spent)).toBe(
      `${message}\nModel-Tokens: in=10 out=5 calls=1 counted=estimate`,
    );
  });

  it("does not mistake a prose paragraph for trailers", () => {
    const message = "memory: consolidate\n\nNotes: two were new and\none was appended";
    expect(withSpendTrailer(message, spent)).toBe(
      `${message}\n\nModel-Tokens: in=10 out=5 calls=1 counted=estimate`,
    );
  });
});
