/**
 * Issue 29: the lists README.md and docs/cli.md share with the code are generated from it
 * (`npm run docs:lists`); this fails when a page is stale.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { DOC_LIST_PAGES, markersOf, spliceDocLists } from "./doc-lists.js";

const repo = resolve(import.meta.dirname, "../..");

describe("the generated lists of the docs", () => {
  it.each(DOC_LIST_PAGES)("%s carries every list as the code has it", (page) => {
    const text = readFileSync(resolve(repo, page), "utf8");
    const spliced = spliceDocLists(page, text);
    expect(spliced.missing).toEqual([]);
    expect(spliced.text).toBe(text);
  });

  it("notices a stale list: a command missing from the docs' table", () => {
    const page = readFileSync(resolve(repo, "docs/cli.md"), "utf8");
    const stale = page.replace(/\n\| \[?show\]?[^\n]*/, "");
    expect(stale).not.toBe(page);
    expect(spliceDocLists("docs/cli.md", stale).text).toBe(page);
    const { start } = markersOf("command table");
    expect(page).toContain(start);
  });
});
