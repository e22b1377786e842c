import { describe, expect, it } from "vitest";
import { withPrivateIgnoreRule } from "../../src/model/private-ignore.js";

describe("withPrivateIgnoreRule", () => {
  it("adds /.agent-memory/ once, keeping every other line", () => {
    expect(withPrivateIgnoreRule(undefined)).toBe("/.agent-memory/\n");
    expect(withPrivateIgnoreRule("node_modules")).toBe("node_modules\n/.agent-memory/\n");
    expect(withPrivateIgnoreRule("dist/\n")).toBe("dist/\n/.agent-memory/\n");
    for (const covered of [".agent-memory", ".agent-memory/\n", "/.agent-memory/*\r\n"]) {
      expect(withPrivateIgnoreRule(covered)).toBeUndefined();
    }
  });
});
