import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { extractCodeReferences } from "../../../src/model/references/code-references.js";
import { commandReferencesIn } from "../../../src/model/references/command-references.js";
import { parsePathToken } from "../../../src/model/references/path-references.js";
import { repositoryKey, repositoryUrl } from "../../../src/model/references/repository-urls.js";
import {
  isDistinctiveIdentifier,
  symbolReferencesIn,
} from "../../../src/model/references/symbol-references.js";

const kinds = (body: string) =>
  extractCodeReferences(body).map((reference) => `${reference.kind}:${reference.text}`);

describe("extractCodeReferences", () => {
  it("finds paths, lines, symbols, scripts, binaries and executables", () => {
    const body = [
      "The check lives in src/notes/verify/check-reference.ts:40 and `src/model/`.",
      "`verifyNotes` calls `buildRepositoryInventory()`; run `npm run build` first.",
      "```sh",
      "$ npx tsup && ./scripts/release.sh",
      "npm test",
      "```",
    ].join("\n");
    expect(kinds(body)).toEqual([
      "path:src/model/",
      "path:src/notes/verify/check-reference.ts:40",
      "symbol:verifyNotes",
      "symbol:buildRepositoryInventory()",
      "script:npm run build",
      "binary:npx tsup",
      "executable:./scripts/release.sh",
      "script:npm test",
    ]);
    const line = extractCodeReferences(body).find((reference) => "line" in reference);
    expect(line).toMatchObject({ path: "src/notes/verify/check-reference.ts", line: 40 });
  });

  it("leaves generic words, constants, other code blocks and bare file names alone", () => {
    const body = [
      "`memory` returns `true`; `Promise` and `GIT_DIR` are not ours; see index.ts.",
      "client/server and and/or are words, 2026/11/27 a date.",
      "```ts",
      "import { gone } from './src/gone.ts';",
      "```",
    ].join("\n");
    expect(kinds(body)).toEqual([]);
  });

  it("marks history lines and struck text, and names the repositories a block cites", () => {
    const body = [
      "src/old.ts was renamed to src/new.ts.",
      "~~Run npm run legacy~~ before release.",
      "",
      "- In `openai/codex`, `docs/config.md` holds the keys.",
    ].join("\n");
    const references = extractCodeReferences(body);
    expect(references.map((reference) => [reference.text, reference.historical])).toEqual([
      ["src/old.ts", true],
      ["src/new.ts", true],
      ["openai/codex", false],
      ["docs/config.md", false],
    ]);
    expect(references.at(-1)?.scope).toEqual(["openai/codex"]);
  });

  it("reads only the $ lines of a console block as commands", () => {
    const body = "```console\n$ npm run check\nnpm run not-a-command-but-output\n```";
    expect(kinds(body)).toEqual(["script:npm run check"]);
  });

  it("finds links to a hosted repository's files, with their lines", () => {
    const [reference] = extractCodeReferences(
      "See https://github.com/Acme/App/blob/main/src/a.ts#L3-L9.",
    );
    expect(reference).toMatchObject({
      kind: "url",
      repository: "github.com/acme/app",
      view: "blob",
      refAndPath: ["main", "src", "a.ts"],
      line: 3,
      endLine: 9,
    });
  });

  it("is total and deterministic on any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (body) => {
        expect(extractCodeReferences(body)).toEqual(extractCodeReferences(body));
      }),
    );
  });

  it("finds every path put in a code span, whatever prose surrounds it", () => {
    const segment = fc.stringMatching(/^[a-z][a-z0-9-]{0,8}$/);
    fc.assert(
      fc.property(
        fc.array(segment, { minLength: 2, maxLength: 5 }),
        fc.string({ maxLength: 60 }).filter((text) => !/[`~\r\n]/.test(text)),
        (segments, prose) => {
          const path = `${segments.join("/")}.ts`;
          const found = extractCodeReferences(`${prose} \`${path}\` ${prose}`);
          expect(
            found.some((reference) => reference.kind === "path" && reference.path === path),
          ).toBe(true);
        },
      ),
    );
  });

  it("never reports what a non-shell code block holds", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200 }).filter((text) => !text.includes("```")),
        (code) => {
          expect(extractCodeReferences(`\`\`\`python\n${code}\n\`\`\``)).toEqual([]);
        },
      ),
    );
  });
});

describe("the pieces", () => {
  it("parses path tokens with lines and folders", () => {
    expect(parsePathToken("./src/a.ts#L4-L8", false)).toMatchObject({
      path: "src/a.ts",
      line: 4,
      endLine: 8,
    });
    expect(parsePathToken("src/a.ts:12:5", false)).toMatchObject({ path: "src/a.ts", line: 12 });
    expect(parsePathToken("docs/", false)).toMatchObject({ path: "docs", folder: true });
    expect(parsePathToken("src/notes", false)).toBeUndefined(); // prose needs an extension
    expect(parsePathToken("src/notes", true)).toMatchObject({ path: "src/notes" });
    expect(parsePathToken("/etc/passwd", true)).toBeUndefined();
    expect(parsePathToken("../sibling/x.ts", true)).toBeUndefined();
  });

  it("parses commands", () => {
    expect(commandReferencesIn("CI=1 npm run -s lint -- --fix")).toEqual([
      { kind: "script", text: "npm run lint", script: "lint" },
    ]);
    expect(commandReferencesIn("npx -y create-thing")).toEqual([]);
    expect(commandReferencesIn("git status | grep x")).toEqual([]);
    expect(commandReferencesIn("pnpm run test; bin/memory doctor")).toEqual([
      { kind: "script", text: "pnpm run test", script: "test" },
      { kind: "executable", text: "bin/memory", path: "bin/memory" },
    ]);
  });

  it("tells identifiers from words", () => {
    expect(["verifyNotes", "NotesMemory", "read_file"].every(isDistinctiveIdentifier)).toBe(true);
    expect(
      ["memory", "Promise", "GIT_DIR", "JSON", "id__Kf9mNp", "a_b"].some(isDistinctiveIdentifier),
    ).toBe(false);
    expect(symbolReferencesIn("memory.search(query)")).toEqual([]);
    expect(symbolReferencesIn("NotesMemory.search()").map((symbol) => symbol.name)).toEqual([
      "NotesMemory",
    ]);
  });

  it("keys remotes the way links name repositories", () => {
    expect(repositoryKey("git@github.com:Acme/App.git")).toBe("github.com/acme/app");
    expect(repositoryKey("https://user@gitlab.com/group/sub/app.git")).toBe(
      "gitlab.com/group/sub/app",
    );
    expect(repositoryKey("ssh://git@host.example:2222/team/app")).toBe("host.example/team/app");
    expect(repositoryKey("/srv/git/app.git")).toBeUndefined();
    expect(repositoryUrl("https://gitlab.com/group/sub/app/-/tree/main/src")).toMatchObject({
      repository: "gitlab.com/group/sub/app",
      view: "tree",
      refAndPath: ["main", "src"],
    });
    expect(repositoryUrl("https://github.com/acme/app/issues/3")).toBeUndefined();
  });
});
