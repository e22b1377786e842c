/**
 * Issue 29: the folder tree docs/architecture.md shows is the tree on disk. Both come from
 * one list (source-folders.ts): the page is generated from it, and this test holds the list
 * to the folders of src/ two levels deep and the files at its top.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCE_TREE } from "./source-folders.js";
import { renderSourceTree, sourceTreeOnDisk, spliceSourceTree } from "./source-tree-doc.js";

const repo = resolve(import.meta.dirname, "../..");

describe("the documented source tree", () => {
  it("names every folder of src/ (two levels deep) and top file, and nothing else", () => {
    const documented = SOURCE_TREE.map((entry) => entry.path).toSorted();
    expect(documented).toEqual(sourceTreeOnDisk(repo));
  });

  it("is the tree docs/architecture.md shows", () => {
    const page = readFileSync(resolve(repo, "docs/architecture.md"), "utf8");
    expect(page).toContain(renderSourceTree());
    expect(spliceSourceTree(page)).toBe(page);
  });
});
