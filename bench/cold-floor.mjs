// The least a fresh process can do to answer from a never-stale cache of a memory: list
// every status folder, stat every file in it (the check that the cache still describes the
// files), and read and parse the cache files named after the root. No library code: what the
// cold-calls benchmark compares each `memory` call with, beside `node -e 0`.
// Usage: node bench/cold-floor.mjs ROOT [cache file ...]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const [root = ".", ...caches] = process.argv.slice(2);
let size = 0;
for (const folder of ["inbox", "topics", "archive"]) {
  let names = [];
  try {
    names = readdirSync(join(root, folder));
  } catch {
    continue;
  }
  for (const name of names) size += statSync(join(root, folder, name)).size;
}
for (const cache of caches) size += JSON.parse(readFileSync(join(root, cache), "utf8")) ? 1 : 0;
if (size < 0) process.exitCode = 1;
