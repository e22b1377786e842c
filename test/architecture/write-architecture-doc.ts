/** Rewrites the generated block of docs/architecture.md (run by `npm run docs:architecture`). */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { spliceLayerDoc } from "./architecture-doc.js";

const page = resolve(import.meta.dirname, "../../docs/architecture.md");
const updated = spliceLayerDoc(readFileSync(page, "utf8"));
if (updated === undefined) throw new Error(`${page} has no generated-block markers`);
writeFileSync(page, updated);
console.log(`wrote the layer rules into ${page}`);
