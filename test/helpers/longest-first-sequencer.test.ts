import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { LONGEST_FIRST } from "./longest-first-sequencer.js";

describe("the longest-first order", () => {
  it("names test files that exist, each once", () => {
    const repo = resolve(import.meta.dirname, "../..");
    expect(LONGEST_FIRST.filter((path) => !existsSync(resolve(repo, path)))).toEqual([]);
    expect(new Set(LONGEST_FIRST).size).toBe(LONGEST_FIRST.length);
  });
});
