/**
 * Issue 29: zero crossings. An entry file sitting inside a layer's folder (src/model/index.ts,
 * src/lifecycle/index.ts, ...) imports only what that layer may; an entry that must reach
 * further (the root, the notes entry with its composition root) sits at the top of src/.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveRelative, specifiersOf } from "./import-check.js";
import { ENTRY_FILES, LAYER_RULES, folderLayerOf, layerOf, type Layer } from "./layer-rules.js";

const repo = resolve(import.meta.dirname, "../..");

/** The imports of an entry file that its folder's layer may not make. */
function crossings(path: string, text: string): string[] {
  const folder = folderLayerOf(path);
  if (folder === undefined) return [];
  const allowed = new Set<Layer>([
    folder,
    ...(LAYER_RULES.find((rule) => rule.layer === folder)?.imports ?? []),
  ]);
  return specifiersOf(text)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => resolveRelative(path, specifier))
    .filter((target) => {
      const to = folderLayerOf(target) ?? layerOf(target);
      return to !== undefined && !allowed.has(to);
    })
    .map((target) => `${path} -> ${target}`);
}

describe("the entry files", () => {
  it("import, from inside a layer's folder, only what that layer may", () => {
    const found = ENTRY_FILES.flatMap((path) =>
      crossings(path, readFileSync(resolve(repo, path), "utf8")),
    );
    expect(found).toEqual([]);
  });

  it("sit at the top of src/ when they reach past their folder's layer", () => {
    const top = ENTRY_FILES.filter((path) => folderLayerOf(path) === undefined);
    expect(top.toSorted()).toEqual(["src/index.ts", "src/notes-entry.ts"]);
  });

  it("catch the crossing the format entry used to make", () => {
    const text = 'export { readIndexTiers } from "../notes/tiers/index-note.js";';
    expect(crossings("src/model/index.ts", text)).toEqual([
      "src/model/index.ts -> src/notes/tiers/index-note.ts",
    ]);
  });
});
