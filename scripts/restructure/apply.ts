/**
 * Issue 29's restructure as a re-runnable codemod: moves every file listed in moves.json
 * (`git mv`, or a plain rename outside a git work tree) and rewrites every path that pointed
 * at a moved file, in files the list does not know (added later on other branches) as well.
 *
 * What it rewrites, found with the TypeScript parser (never a regex over code):
 * - module specifiers: `import`/`export ... from`, `import type`, `import("...")`, `require`,
 *   `vi.mock`/`vi.doMock`/`vi.importActual`/... , resolved against the tree as it was;
 * - paths relative to a file's folder: the string beside `import.meta.dirname`/`import.meta.url`
 *   (`resolve(import.meta.dirname, "../fixtures")`, `new URL("../x", import.meta.url)`), when
 *   the file or its target moves;
 * - a string literal that is exactly a moved file's repository path (`"src/notes/index.ts"`);
 * and, as text, quoted moved paths in package.json, knip.json and the tsconfigs, and moved
 * paths written out in the docs (`src/...`, `test/...`; CHANGELOG.md is history, left alone).
 *
 * Idempotent: a move already done is skipped, a path already pointing at the new place is
 * left as is, so a second run changes nothing. A move whose source and target both exist, or
 * neither, stops the run before anything is touched.
 *
 * Usage: `npx tsx scripts/restructure/apply.ts [--dry-run] [--check] [--no-format] [--root DIR]`
 * (`--check`: exit 1 when anything would change).
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { posix, resolve } from "node:path";
import ts from "typescript";

interface MovesFile {
  readonly folders: readonly {
    readonly folder: string;
    readonly reason: string;
    readonly files: readonly (string | readonly [string, string])[];
  }[];
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const args = process.argv.slice(2);
const dryRun = args.includes("--dry-run") || args.includes("--check");
const checkOnly = args.includes("--check");
const format = !args.includes("--no-format");
const rootArg = args.indexOf("--root");
const root = resolve(rootArg >= 0 ? (args[rootArg + 1] ?? ".") : process.cwd());

const CODE_FOLDERS = ["src", "test", "bench", "examples", "scripts"];
const CODE_EXTENSIONS = /\.(?:[mc]?ts|tsx|[mc]?js|jsx)$/;
const ROOT_CODE = /^[^/]+\.config\.[mc]?ts$/;
const JSON_FILES =
  /^(?:package\.json|knip\.json|tsconfig[^/]*\.json|[^/]+\/.*tsconfig[^/]*\.json)$/;
const DOC_FILES =
  /^(?:README\.md|docs\/.+\.md|skills\/.+\.md|examples\/.+\.md|src\/.+\.md|test\/.+\.md|bench\/.+\.md)$/;
const SKIPPED = /(?:^|\/)(?:node_modules|dist|\.git)(?:\/|$)/;

function fail(message: string): never {
  process.stderr.write(`restructure: ${message}\n`);
  process.exit(2);
}

const abs = (path: string) => resolve(root, path);
const exists = (path: string) => existsSync(abs(path));
const isDirectory = (path: string) => exists(path) && statSync(abs(path)).isDirectory();

const inGit = (() => {
  try {
    return (
      execFileSync("git", ["rev-parse", "--show-toplevel"], {
        cwd: root,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }).trim() === root
    );
  } catch {
    return false;
  }
})();

/** Every file of the work tree (tracked and untracked but not ignored), repository-relative. */
function listFiles(): string[] {
  if (inGit) {
    return execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    })
      .split("\0")
      .filter((path) => path !== "" && exists(path));
  }
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((path) => path.split("\\").join("/"))
    .filter((path) => !SKIPPED.test(path) && !isDirectory(path));
}

/** Where vitest keeps a test file's snapshots. */
function snapshotOf(path: string): string {
  return `${posix.dirname(path)}/__snapshots__/${posix.basename(path)}.snap`;
}

/** old path to new path, from moves.json, with each moved test's snapshot file beside it. */
function loadMoves(): Map<string, string> {
  const file = resolve(import.meta.dirname, "moves.json");
  const data = JSON.parse(readFileSync(file, "utf8")) as MovesFile;
  const moves = new Map<string, string>();
  const add = (from: string, to: string) => {
    if (moves.has(from)) fail(`${from} is listed twice in moves.json`);
    moves.set(from, to);
  };
  for (const group of data.folders) {
    for (const entry of group.files) {
      const [from, to] =
        typeof entry === "string" ? [entry, `${group.folder}/${posix.basename(entry)}`] : entry;
      add(from, to);
      if (exists(snapshotOf(from)) || exists(snapshotOf(to))) add(snapshotOf(from), snapshotOf(to));
    }
  }
  const targets = new Set<string>();
  for (const [from, to] of moves) {
    if (targets.has(to)) fail(`two files move to ${to}`);
    targets.add(to);
    if (moves.has(to)) fail(`${to} is both a target and a source: chains are not supported`);
    if (from === to) fail(`${from} moves onto itself`);
  }
  return moves;
}

/** The moves still to do; stops on a state that is neither before nor after a move. */
function pendingMoves(moves: Map<string, string>): Map<string, string> {
  const pending = new Map<string, string>();
  const problems: string[] = [];
  for (const [from, to] of moves) {
    const before = exists(from);
    const after = exists(to);
    if (before && !after) pending.set(from, to);
    else if (before && after) problems.push(`both ${from} and ${to} exist`);
    else if (!before && !after) problems.push(`neither ${from} nor ${to} exists`);
  }
  if (problems.length > 0)
    fail(
      `unexpected state, nothing changed:\n  ${problems.join("\n  ")}\nFix moves.json or the tree.`,
    );
  return pending;
}

const moves = loadMoves();
const pending = pendingMoves(moves);
const files = listFiles();
const fileSet = new Set(files);

const newPathOf = (path: string) => moves.get(path) ?? path;

function relativeFrom(fromFile: string, target: string): string {
  const relative = posix.relative(posix.dirname(fromFile), target) || ".";
  return relative.startsWith(".") ? relative : `./${relative}`;
}

const JS_TO_TS: Record<string, readonly string[]> = {
  ".js": [".ts", ".tsx", ".js"],
  ".mjs": [".mts", ".mjs"],
  ".cjs": [".cts", ".cjs"],
  ".jsx": [".tsx", ".jsx"],
};

/** The file a relative module specifier of `file` names, in the old tree. */
function resolveModule(
  file: string,
  specifier: string,
): { denoted: string; target: string } | undefined {
  const denoted = posix.normalize(posix.join(posix.dirname(file), specifier));
  const extension = posix.extname(denoted);
  const candidates =
    extension in JS_TO_TS
      ? (JS_TO_TS[extension] ?? []).map((ext) => denoted.slice(0, -extension.length) + ext)
      : [denoted, `${denoted}.ts`, `${denoted}.tsx`, `${denoted}/index.ts`];
  const target = candidates.find((candidate) => fileSet.has(candidate) || moves.has(candidate));
  return target === undefined ? undefined : { denoted, target };
}

/** A specifier of a moving file that names no source file (a built file, say): kept pointing at the same place. */
function outsideTree(file: string, fileAfter: string, specifier: string) {
  if (fileAfter === file) return undefined;
  const denoted = posix.normalize(posix.join(posix.dirname(file), specifier));
  return { denoted, target: denoted };
}

/** The new specifier for a module specifier of `file` (which moves to `fileAfter`). */
function rewriteModule(file: string, fileAfter: string, specifier: string): string | undefined {
  const resolved = resolveModule(file, specifier) ?? outsideTree(file, fileAfter, specifier);
  if (resolved === undefined) return undefined;
  const targetAfter = newPathOf(resolved.target);
  if (fileAfter === file && targetAfter === resolved.target) return undefined;
  const { denoted, target } = resolved;
  let denotedAfter: string;
  if (denoted === target) denotedAfter = targetAfter;
  else if (target.startsWith(denoted) && targetAfter.endsWith(target.slice(denoted.length)))
    denotedAfter = targetAfter.slice(0, targetAfter.length - (target.length - denoted.length));
  else if (posix.extname(denoted) !== "")
    denotedAfter =
      targetAfter.slice(0, -posix.extname(targetAfter).length) + posix.extname(denoted);
  else denotedAfter = targetAfter.slice(0, -posix.extname(targetAfter).length);
  const next = relativeFrom(fileAfter, denotedAfter);
  return next === specifier ? undefined : next;
}

/** The new text of a path relative to `file`'s folder, or undefined to leave it. */
function rewriteFolderPath(file: string, fileAfter: string, path: string): string | undefined {
  if (path === "" || posix.isAbsolute(path)) return undefined;
  const slash = path.endsWith("/");
  const target = posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, "");
  // A path from a file that stays counts only when it names a moved file; from a file that
  // moves, every path is recomputed (it may name a built or ignored file, such as dist/).
  if (fileAfter === file && !moves.has(target)) return undefined;
  const targetAfter = newPathOf(target);
  if (fileAfter === file && targetAfter === target) return undefined;
  let next = posix.relative(posix.dirname(fileAfter), targetAfter) || ".";
  if (path.startsWith("./") && !next.startsWith(".")) next = `./${next}`;
  if (slash && !next.endsWith("/")) next += "/";
  return next === path ? undefined : next;
}

/** A moved file's repository path written out exactly (optionally `./`-prefixed). */
function rewriteRepositoryPath(value: string): string | undefined {
  const dotted = value.startsWith("./");
  const bare = dotted ? value.slice(2) : value;
  const after = moves.get(bare);
  if (after === undefined) return undefined;
  return dotted ? `./${after}` : after;
}

const warnings: string[] = [];
const counts = { specifiers: 0, folderPaths: 0, repositoryPaths: 0, jsonPaths: 0, docPaths: 0 };

type StringNode = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateHead;

function isStringNode(node: ts.Node): node is StringNode {
  return (
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)
  );
}

/** The string node of an expression that is a string or a template (its head). */
function stringOf(node: ts.Node | undefined): StringNode | undefined {
  if (node === undefined) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node;
  if (ts.isTemplateExpression(node)) return node.head;
  return undefined;
}

function mentionsImportMeta(node: ts.Node): boolean {
  if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) return true;
  return ts.forEachChild(node, mentionsImportMeta) ?? false;
}

function isModuleCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isIdentifier(callee) && callee.text === "require") return true;
  if (ts.isPropertyAccessExpression(callee)) {
    const owner = callee.expression;
    if (ts.isIdentifier(owner) && owner.text === "vi") return true;
    if (ts.isMetaProperty(owner) && callee.name.text === "resolve") return true;
  }
  return false;
}

/** The edits to one code file, which moves from `file` to `fileAfter`. */
function editsOfCode(file: string, fileAfter: string, text: string): Edit[] {
  const kind =
    file.endsWith(".tsx") || file.endsWith(".jsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];
  const handled = new Set<ts.Node>();
  const replace = (node: StringNode, value: string, counter: keyof typeof counts) => {
    // The literal's quotes (or the template's backtick and `${`) stay; only the text changes.
    const start = node.getStart(source) + 1;
    const end = ts.isTemplateHead(node) ? node.getEnd() - 2 : node.getEnd() - 1;
    const raw = text.slice(start, end);
    if (raw.includes("\\")) {
      warnings.push(`${file}: an escaped path string left as is: ${raw}`);
      return;
    }
    edits.push({ start, end, text: value });
    counts[counter] += 1;
  };
  const module = (node: ts.Node | undefined) => {
    const literal = stringOf(node);
    if (literal === undefined) return;
    handled.add(literal);
    if (!literal.text.startsWith("./") && !literal.text.startsWith("../")) return;
    const next = rewriteModule(file, fileAfter, literal.text);
    if (next !== undefined) replace(literal, next, "specifiers");
    if (fileAfter !== file && resolveModule(file, literal.text) === undefined)
      warnings.push(
        `${file}: module "${literal.text}" names no source file; kept pointing at the same place`,
      );
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      module(node.moduleSpecifier);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument))
      module(node.argument.literal);
    else if (ts.isCallExpression(node) && isModuleCall(node)) module(node.arguments[0]);
    else if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      // resolve(import.meta.dirname, "../x"), join(here-from-meta, "x"), new URL("../x", import.meta.url)
      const metaIndex = node.arguments.findIndex(mentionsImportMeta);
      if (metaIndex >= 0) {
        const isUrl =
          ts.isNewExpression(node) ||
          (ts.isIdentifier(node.expression) && node.expression.text === "register");
        const index = isUrl ? metaIndex - 1 : metaIndex + 1;
        const literal = stringOf(node.arguments[index]);
        if (literal !== undefined && index >= 0) {
          handled.add(literal);
          const next = rewriteFolderPath(file, fileAfter, literal.text);
          if (next !== undefined) replace(literal, next, "folderPaths");
        }
      }
    }
    if (isStringNode(node) && !handled.has(node)) {
      const next = rewriteRepositoryPath(node.text);
      if (next !== undefined) replace(node, next, "repositoryPaths");
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits;
}

/** Quoted moved paths in a JSON file. */
function editsOfJson(text: string): Edit[] {
  const edits: Edit[] = [];
  for (const match of text.matchAll(/"((?:\.\/)?(?:[^"\\]|\\.)*)"/g)) {
    const value = match[1] ?? "";
    const next = rewriteRepositoryPath(value);
    if (next === undefined) continue;
    const start = (match.index ?? 0) + 1;
    edits.push({ start, end: start + value.length, text: next });
    counts.jsonPaths += 1;
  }
  return edits;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const docPattern =
  moves.size === 0
    ? undefined
    : new RegExp(
        `(?<=^|[\\s\`'"(\\[<:,]|\\.\\./)(${[...moves.keys()].map(escapeRegExp).join("|")})(?![\\w/-]|\\.\\w)`,
        "gm",
      );

/** Moved paths written out in a markdown page. */
function editsOfDoc(text: string): Edit[] {
  if (docPattern === undefined) return [];
  const edits: Edit[] = [];
  for (const match of text.matchAll(docPattern)) {
    const path = match[1] ?? "";
    const next = moves.get(path);
    if (next === undefined) continue;
    const start = match.index ?? 0;
    edits.push({ start, end: start + path.length, text: next });
    counts.docPaths += 1;
  }
  return edits;
}

function applyEdits(text: string, edits: readonly Edit[]): string {
  let result = text;
  for (const edit of [...edits].toSorted((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}

// 1. Every rewrite, computed against the tree as it is before any move.
const rewritten = new Map<string, string>();
for (const file of files) {
  const fileAfter = newPathOf(file);
  let edits: Edit[] = [];
  const isCode =
    (CODE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)) || ROOT_CODE.test(file)) &&
    CODE_EXTENSIONS.test(file) &&
    !file.endsWith(".d.ts");
  if (isCode) edits = editsOfCode(file, fileAfter, readFileSync(abs(file), "utf8"));
  else if (JSON_FILES.test(file)) edits = editsOfJson(readFileSync(abs(file), "utf8"));
  else if (DOC_FILES.test(file)) edits = editsOfDoc(readFileSync(abs(file), "utf8"));
  if (edits.length > 0)
    rewritten.set(fileAfter, applyEdits(readFileSync(abs(file), "utf8"), edits));
}

const summary = [
  `moves: ${moves.size} listed, ${pending.size} to do, ${moves.size - pending.size} already done`,
  `files rewritten: ${rewritten.size} (module specifiers ${counts.specifiers}, folder-relative paths ${counts.folderPaths}, repository paths in code ${counts.repositoryPaths}, in JSON ${counts.jsonPaths}, in docs ${counts.docPaths})`,
  ...warnings.map((warning) => `warning: ${warning}`),
].join("\n");

if (dryRun) {
  for (const [from, to] of pending) process.stdout.write(`move ${from} -> ${to}\n`);
  for (const file of rewritten.keys()) process.stdout.write(`rewrite ${file}\n`);
  process.stdout.write(`${summary}\n`);
  if (checkOnly && (pending.size > 0 || rewritten.size > 0)) process.exit(1);
  process.exit(0);
}

// 2. The moves, then the rewritten texts at the new places.
for (const [from, to] of pending) {
  mkdirSync(posix.dirname(abs(to)), { recursive: true });
  if (inGit) execFileSync("git", ["mv", from, to], { cwd: root, stdio: "inherit" });
  else renameSync(abs(from), abs(to));
}
for (const [file, text] of rewritten) writeFileSync(abs(file), text);

// 3. The formatter over the rewritten code (a longer path may wrap a line).
const formatted = [...rewritten.keys()].filter(
  (file) =>
    CODE_EXTENSIONS.test(file) && CODE_FOLDERS.some((folder) => file.startsWith(`${folder}/`)),
);
if (format && formatted.length > 0 && existsSync(resolve(root, "node_modules/.bin/oxfmt"))) {
  execFileSync(resolve(root, "node_modules/.bin/oxfmt"), formatted, {
    cwd: root,
    stdio: "inherit",
  });
}
process.stdout.write(`${summary}\n`);
