/**
 * The note id's shape has one owner, `src/model/id.ts` (issue 29): no other source file
 * writes an id pattern, an id width or the shape in words, so changing the width is a line
 * there plus the caches' versions. Comments and examples may show ids; code may not spell
 * their shape.
 */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../..");
const OWNER = "src/model/id.ts";

/** What spells the id's shape: a pattern over its body, its width or shape in words, its placeholder. */
const SPELLINGS: readonly RegExp[] = [
  /id__\[[^\]]*\]\s*\{/,
  /id__\[[^\]]*\]\s*[+*]/,
  /\b(?:6|six)[ -](?:letters|characters|base62|chars)\b/i,
  /letters or digits/,
  /id__X{2,}/,
  /\bID_LENGTH\s*=|\bID_SUFFIX_LENGTH\b/,
];

/** Lines of code (not comments) of every source file but the owner, with where they are. */
function codeLines(): { where: string; line: string }[] {
  const lines: { where: string; line: string }[] = [];
  for (const name of readdirSync(resolve(repo, "src"), { recursive: true, encoding: "utf8" })) {
    if (!name.endsWith(".ts")) continue;
    const path = `src/${name.split("\\").join("/")}`;
    if (path === OWNER) continue;
    readFileSync(resolve(repo, path), "utf8")
      .split("\n")
      .forEach((line, at) => {
        const code = line.trim();
        if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//")) return;
        lines.push({ where: `${path}:${at + 1}`, line: code });
      });
  }
  return lines;
}

describe("the note id's shape", () => {
  it(`is spelled only in ${OWNER}`, () => {
    const spelled = codeLines()
      .filter(({ line }) => SPELLINGS.some((spelling) => spelling.test(line)))
      .map(({ where, line }) => `${where}: ${line}`);
    expect(spelled).toEqual([]);
  });

  it("is spelled in the owner, so the check above looks for the right things", () => {
    const owner = readFileSync(resolve(repo, OWNER), "utf8");
    expect(owner).toMatch(/letters or digits/);
    expect(owner).toMatch(/\[0-9A-Za-z\]\{/);
  });
});
