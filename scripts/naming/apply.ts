/**
 * Issue 29's one-meaning-per-word renames as a re-runnable codemod (the data is renames.json
 * beside this file): moves the listed files with `git mv`, points import specifiers and
 * written-out paths at the new files, and replaces the listed identifiers as whole words in
 * code (src, test, bench, examples, scripts) and docs (README.md, docs/, skills/; not
 * CHANGELOG.md, which is history). Run it again after merging a branch made before the renames:
 * the branch's new uses of old names are rewritten then. Idempotent: a second run changes
 * nothing.
 *
 * Usage: `npx tsx scripts/naming/apply.ts [--check]` (`--check`: exit 1 when anything would change).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import ts from "typescript";

interface Renames {
  readonly files: readonly (readonly [string, string])[];
  readonly identifiers: readonly (readonly [string, string])[];
  readonly inFile: readonly {
    readonly files: readonly string[];
    readonly from: string;
    readonly to: string;
  }[];
  readonly localsInFile: readonly {
    readonly files: readonly string[];
    readonly from: string;
    readonly to: string;
  }[];
}

/**
 * `text` with `rewrite` applied to each line, except the line after a `@deprecated` comment:
 * that is the alias which keeps an old name for hosts, and must keep it.
 */
function keepingDeprecatedAliases(text: string, rewrite: (line: string) => string): string {
  const lines = text.split("\n");
  return lines
    .map((line, at) => (at > 0 && lines[at - 1]?.includes("@deprecated") ? line : rewrite(line)))
    .join("\n");
}

/** `text` with every identifier node named `from` (not comments, not strings) renamed `to`. */
function renameIdentifiers(path: string, text: string, from: string, to: string): string {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const starts: number[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === from) starts.push(node.getStart(source));
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = text;
  for (const start of starts.toSorted((a, b) => b - a)) {
    out = out.slice(0, start) + to + out.slice(start + from.length);
  }
  return out;
}

const check = process.argv.includes("--check");
const root = process.cwd();
const renames = JSON.parse(
  readFileSync(resolve(import.meta.dirname, "renames.json"), "utf8"),
) as Renames;

const TEXT_FILES =
  /^(?:(?:src|test|bench|examples|scripts)\/.+\.(?:[mc]?ts|tsx|[mc]?js|md|json)|README\.md|docs\/.+\.md|skills\/.+\.md|knip\.json|package\.json)$/;
// The tests that name the retired words on purpose (the rule's self-test, the deprecated aliases).
const EXCLUDED =
  /^(?:scripts\/naming\/|scripts\/restructure\/|CHANGELOG\.md$|test\/architecture\/one-meaning-words\.test\.ts$|test\/lifecycle\/consolidate\/step-type-names\.test\.ts$|test\/lifecycle\/lifecycle-entry\.test\.ts$)|(?:^|\/)fixtures\//;

let changed = 0;
for (const [from, to] of renames.files) {
  if (existsSync(resolve(root, from)) && !existsSync(resolve(root, to))) {
    changed += 1;
    process.stdout.write(`move ${from} -> ${to}\n`);
    if (!check) execFileSync("git", ["mv", from, to], { cwd: root });
  }
}

const stem = (path: string) => basename(path).replace(/\.(?:test\.)?ts$/, "");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pathRules = renames.files.flatMap(([from, to]) => [
  { from: new RegExp(escape(from), "g"), to },
  // an import specifier or a path relative to the importing file: the stem before .js/.ts
  { from: new RegExp(`(?<=/)${escape(stem(from))}(?=\\.(?:js|ts)\\b)`, "g"), to: stem(to) },
]);
const identifierRules = renames.identifiers.map(([from, to]) => ({
  from: new RegExp(`\\b${escape(from)}\\b`, "g"),
  to,
}));

const tracked = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((path) => TEXT_FILES.test(path) && !EXCLUDED.test(path));
// After a --check run the moves are not done: read each file where it is now.
const newPath = new Map(renames.files.map(([from, to]) => [from, to]));

for (const listed of tracked) {
  const path =
    check || existsSync(resolve(root, listed)) ? listed : (newPath.get(listed) ?? listed);
  const file = resolve(root, path);
  if (!existsSync(file)) continue;
  const before = readFileSync(file, "utf8");
  let text = before;
  for (const rule of pathRules) text = text.replace(rule.from, rule.to);
  text = keepingDeprecatedAliases(text, (line) =>
    identifierRules.reduce((done, rule) => done.replace(rule.from, rule.to), line),
  );
  const here = newPath.get(path) ?? path;
  for (const rule of renames.inFile) {
    if (rule.files.includes(here)) text = text.replace(new RegExp(rule.from, "g"), rule.to);
  }
  for (const rule of renames.localsInFile) {
    if (rule.files.includes(here)) text = renameIdentifiers(here, text, rule.from, rule.to);
  }
  if (text !== before) {
    changed += 1;
    process.stdout.write(`rewrite ${path}\n`);
    if (!check) writeFileSync(file, text);
  }
}
process.stdout.write(`${changed} change(s)${check ? " pending" : ""}\n`);
if (check && changed > 0) process.exitCode = 1;
