/** Rewrites the generated blocks of docs/architecture.md (run by `npm run docs:architecture`). */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { spliceLayerDoc } from "./architecture-doc.js";
import { spliceSourceTree } from "./source-tree-doc.js";

const page = resolve(import.meta.dirname, "../../docs/architecture.md");
const withRules = spliceLayerDoc(readFileSync(page, "utf8"));
const updated = withRules === undefined ? undefined : spliceSourceTree(withRules);
if (updated === undefined) throw new Error(`${page} has no generated-block markers`);
writeFileSync(page, updated);
console.log(`wrote the layer rules and the source tree into ${page}`);
