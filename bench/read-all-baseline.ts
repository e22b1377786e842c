/**
 * The floor the benchmarks measure opening a memory against: list `topics/`, read every file
 * synchronously, pull out heading, tags and links with regular expressions. No library can
 * list notes without reading each once.
 */
import * as fs from "node:fs";
import { join } from "node:path";

const HEADING = /^# (.*)$/m;
const TAG = /(?:^|\s)#([\p{L}\p{N}_/-]+)/gu;
const LINK = /\[\[(id__[0-9A-Za-z]{6})(?:\|([^\]\n]*))?\]\]/g;

/** Reads every note of `root/topics` the bare way; returns a count so nothing is optimised away. */
export function readAllWithRegex(root: string): number {
  let found = 0;
  for (const name of fs.readdirSync(join(root, "topics"))) {
    const text = fs.readFileSync(join(root, "topics", name), "utf8");
    const title = HEADING.exec(text)?.[1] ?? name;
    const tags = [...text.matchAll(TAG)].map((match) => match[1]);
    const links = [...text.matchAll(LINK)].map((match) => match[1]);
    found += title.length + tags.length + links.length;
  }
  return found;
}
