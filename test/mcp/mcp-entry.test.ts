import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { specifiersOf } from "../architecture/import-check.js";

const repo = resolve(import.meta.dirname, "../..");

/** Every package an entry loads, following its relative imports (static and dynamic). */
function packagesLoadedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      if (specifier.startsWith("."))
        visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else packages.add(specifier);
    }
  };
  visit(resolve(repo, entry));
  return packages;
}

const sdk = (name: string) => name.startsWith("@modelcontextprotocol/");

describe("the agent-memory/mcp entry", () => {
  it("is the only way to the MCP SDK: the root entry never loads it", () => {
    expect([...packagesLoadedBy("src/index.ts")].filter(sdk)).toEqual([]);
    expect([...packagesLoadedBy("src/mcp/index.ts")].filter(sdk)).toEqual(
      expect.arrayContaining(["@modelcontextprotocol/sdk/server/mcp.js"]),
    );
  });
});
