/** Rewrites the generated lists of README.md and docs/cli.md (run by `npm run docs:lists`). */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { DOC_LIST_PAGES, spliceDocLists } from "./doc-lists.js";

const repo = resolve(import.meta.dirname, "../..");
for (const page of DOC_LIST_PAGES) {
  const path = resolve(repo, page);
  const { text, missing } = spliceDocLists(page, readFileSync(path, "utf8"));
  if (missing.length > 0) throw new Error(`${page} has no markers for: ${missing.join(", ")}`);
  writeFileSync(path, text);
  console.log(`wrote the generated lists into ${page}`);
}
