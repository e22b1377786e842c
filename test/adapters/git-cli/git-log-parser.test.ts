import { describe, expect, it } from "vitest";
import { parseGitLog } from "../../../src/adapters/git-cli/git-cli-log-parser.js";
import { parseStatusZ } from "../../../src/adapters/git-cli/git-cli-status-parser.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const SHA1 = "a6035d20852b437219504d022bf89ae9a352b7f8";
const SHA2 = "499473f7ca1866f0cd7d23788ec8dcb44d7086c4";
const header = (sha: string, seconds: number): string => `\x1e${sha} ${seconds}\0`;

describe("parseGitLog", () => {
  it("parses several commits with additions, modifications and deletions", () => {
    const output =
      header(SHA1, 1_700_000_100) +
      "\nD\0org/topics/héllo wörld id__abc123.md\0M\0org/index.md\0" +
      header(SHA2, 1_700_000_000) +
      '\nA\0org/topics/héllo wörld id__abc123.md\0A\0org/topics/tab\tq"x id__abc124.md\0';
    expect(okOf(parseGitLog(output))).toEqual([
      {
        sha: SHA1,
        authorTimeMs: 1_700_000_100_000,
        changes: [
          { status: "D", path: "org/topics/héllo wörld id__abc123.md" },
          { status: "M", path: "org/index.md" },
        ],
      },
      {
        sha: SHA2,
        authorTimeMs: 1_700_000_000_000,
        changes: [
          { status: "A", path: "org/topics/héllo wörld id__abc123.md" },
          { status: "A", path: 'org/topics/tab\tq"x id__abc124.md' },
        ],
      },
    ]);
  });

  it("keeps paths verbatim: leading spaces, newlines, emoji and a marker-like byte", () => {
    const odd = [
      " lead id__AAAAAA.md",
      "new\nline id__BBBBBB.md",
      "🦀 crab id__CCCCCC.md",
      "\x1eodd.md",
    ];
    const output = header(SHA1, 1) + "\n" + odd.map((path) => `A\0${path}\0`).join("");
    expect(okOf(parseGitLog(output))[0]?.changes.map((c) => c.path)).toEqual(odd);
  });

  it("reads both paths of a rename or copy", () => {
    const output = header(SHA1, 5) + "\nR100\0old id__AAAAAA.md\0new id__AAAAAA.md\0";
    expect(okOf(parseGitLog(output))[0]?.changes).toEqual([
      { status: "R100", path: "old id__AAAAAA.md" },
      { status: "R100", path: "new id__AAAAAA.md" },
    ]);
  });

  it("accepts commits without changes and empty output", () => {
    expect(okOf(parseGitLog(""))).toEqual([]);
    const commits = okOf(parseGitLog(header(SHA1, 1) + "\n" + header(SHA2, 2)));
    expect(commits.map((c) => [c.sha, c.changes.length])).toEqual([
      [SHA1, 0],
      [SHA2, 0],
    ]);
  });

  it("reports malformed output instead of guessing", () => {
    expect(errOf(parseGitLog("M\0file.md\0"))).toMatch(/expected a commit header/);
    expect(errOf(parseGitLog("\x1enot-a-sha x\0"))).toMatch(/malformed commit header/);
    expect(errOf(parseGitLog(header(SHA1, 1) + "\nA\0"))).toMatch(/has no path/);
  });
});

describe("parseStatusZ", () => {
  it("parses untracked, modified, deleted and renamed entries", () => {
    const output =
      "?? topics/a b id__AAAAAA.md\0 M index.md\0D  gone id__BBBBBB.md\0R  new.md\0old.md\0";
    expect(parseStatusZ(output)).toEqual([
      { xy: "??", path: "topics/a b id__AAAAAA.md" },
      { xy: " M", path: "index.md" },
      { xy: "D ", path: "gone id__BBBBBB.md" },
      { xy: "R ", path: "new.md" },
      { xy: "R ", path: "old.md" },
    ]);
    expect(parseStatusZ("")).toEqual([]);
  });
});
