// The least a fresh process can do to answer over every note with nothing cached: list
// `topics/` and read every file synchronously, pulling heading, tags and links with regular
// expressions (bench/read-all-baseline.ts, in a process of its own, no library code).
// Usage: node bench/bare-read.mjs ROOT
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

const [root = "."] = process.argv.slice(2);
const HEADING = /^# (.*)$/m;
const TAG = /(?:^|\s)#([\p{L}\p{N}_/-]+)/gu;
const LINK = /\[\[(id__[0-9A-Za-z]{6,16})(?:\|([^\]\n]*))?\]\]/g;
let found = 0;
for (const name of readdirSync(join(root, "topics"))) {
  const text = readFileSync(join(root, "topics", name), "utf8");
  const title = HEADING.exec(text)?.[1] ?? name;
  found += title.length + [...text.matchAll(TAG)].length + [...text.matchAll(LINK)].length;
}
if (found < 0) process.exitCode = 1;
