/**
 * "context" and "index" each keep one meaning (issue 29): "context" is the session context,
 * what an agent reads at session start (`memory context`, the MCP `context` tool, the
 * SessionStart hook); "index" is the index note (`index.md`) and its hot and warm tiers. The
 * other meanings were renamed (scripts/naming/renames.json lists every rename); this test
 * fails when an identifier in src/ brings one of them back.
 */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../..");

interface Renames {
  readonly identifiers: readonly (readonly [string, string])[];
}

/**
 * Every identifier with "context" in it, and why it may have it. A new one must be about the
 * session context (add it here), or get a name that says what it is.
 */
const CONTEXT_NAMES: Readonly<Record<string, string>> = {
  context:
    "xstate's machine context, the journal entry's persisted `context` field, a session context value",
  sessionContext: "the session context",
  SessionContext: "the session context",
  SessionContextOptions: "the session context",
  ContextNote: "a note of the session context",
  ContextSource: "what the session context reads",
  DEFAULT_CONTEXT_BUDGET: "the session context's budget",
  DEFAULT_CONTEXT_BUDGET_TOKENS: "the session context's budget in the hooks",
  renderContext: "renders the session context",
  printContext: "the hook that prints the session context",
  contextCommand: "`memory context`",
  contextTool: "the MCP `context` tool",
  additionalContext: "Claude Code's hook output field, which carries the session context",
  additionalContextOf: "reads Claude Code's hook output field",
  contextTokens:
    "a public budget field (ConsolidationBudget) named before the rule: kept so hosts' options compile",
};

/** Identifiers ending in "Index" that are not a second meaning: JavaScript's own, or the index note's. */
const INDEX_SUFFIXED: ReadonlySet<string> = new Set([
  "findIndex",
  "findLastIndex",
  "lastIndex",
  "nextIndex",
  "readIndex",
  "updateIndex",
]);

/** Second meanings of "index" by the words that would name them. */
const OTHER_INDEX = /(?:search|link|inverted|repository|pack|vault|project|git|staging)_?index/i;

function sources(): { path: string; text: string }[] {
  return readdirSync(resolve(repo, "src"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `src/${name.split("\\").join("/")}`)
    .map((path) => ({ path, text: readFileSync(resolve(repo, path), "utf8") }));
}

/** Each identifier of a file with its line, except the names declared by a `@deprecated` alias. */
function identifiersOf(path: string, text: string): { name: string; line: number }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTypeAliasDeclaration(node) || ts.isVariableStatement(node)) {
      if (ts.getJSDocTags(node).some((tag) => tag.tagName.text === "deprecated")) return;
      if (/@deprecated/.test(node.getFullText(source).slice(0, node.getStart(source) - node.pos)))
        return;
    }
    if (ts.isIdentifier(node)) {
      found.push({
        name: node.text,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

interface Found {
  readonly path: string;
  readonly name: string;
  readonly line: number;
}

function identifiersIn(files: readonly { path: string; text: string }[]): Found[] {
  return files.flatMap(({ path, text }) =>
    identifiersOf(path, text).map((found) => ({ path, ...found })),
  );
}

function offenders(found: readonly Found[], bad: (name: string) => boolean): string[] {
  return found
    .filter(({ name }) => bad(name))
    .map(({ path, name, line }) => `${path}:${line} ${name}`);
}

const retired = new Set(
  (
    JSON.parse(readFileSync(resolve(repo, "scripts/naming/renames.json"), "utf8")) as Renames
  ).identifiers.map(([from]) => from),
);

const isRetired = (name: string) => retired.has(name);
const isOtherContext = (name: string) => /context/i.test(name) && !(name in CONTEXT_NAMES);
const isOtherIndex = (name: string) =>
  OTHER_INDEX.test(name) || (/Index(?:es)?$/.test(name) && !INDEX_SUFFIXED.has(name));

describe("one meaning per word", () => {
  const found = identifiersIn(sources());

  it("uses none of the renamed identifiers in src/ (deprecated aliases aside)", () => {
    expect(offenders(found, isRetired)).toEqual([]);
  });

  it("says 'context' only for the session context", () => {
    expect(offenders(found, isOtherContext)).toEqual([]);
  });

  it("says 'index' only for the index note (and JavaScript's own findIndex, lastIndex)", () => {
    expect(offenders(found, isOtherIndex)).toEqual([]);
  });

  it("catches a second meaning coming back", () => {
    const file = {
      path: "src/notes/wrong.ts",
      text: [
        "interface NotesContext { readonly now: () => number }",
        "const linkIndex = new Map<string, string>();",
        "export type SearchIndex = Map<string, number>;",
        "/** @deprecated use SelectRelatedNotesInput */",
        "export type SelectContextInput = string;",
      ].join("\n"),
    };
    expect(offenders(identifiersIn([file]), isRetired)).toEqual([
      "src/notes/wrong.ts:1 NotesContext",
      "src/notes/wrong.ts:3 SearchIndex",
    ]);
    expect(offenders(identifiersIn([file]), isOtherContext)).toEqual([
      "src/notes/wrong.ts:1 NotesContext",
    ]);
    expect(offenders(identifiersIn([file]), isOtherIndex)).toEqual([
      "src/notes/wrong.ts:2 linkIndex",
      "src/notes/wrong.ts:3 SearchIndex",
    ]);
  });
});
