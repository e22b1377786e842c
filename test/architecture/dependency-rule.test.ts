import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { renderLayerDoc, spliceLayerDoc } from "./architecture-doc.js";
import { checkImports, specifiersOf, type SourceFile } from "./import-check.js";
import { ENTRY_FILES, layerOf } from "./layer-rules.js";

const repo = resolve(import.meta.dirname, "../..");

function sources(): SourceFile[] {
  return readdirSync(resolve(repo, "src"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `src/${name.split("\\").join("/")}`)
    .map((path) => ({ path, text: readFileSync(resolve(repo, path), "utf8") }));
}

describe("the dependency rule", () => {
  it("holds for every import in src/", () => {
    const { violations } = checkImports(sources());
    expect(violations).toEqual([]);
  });

  it("puts every file of src/ in a layer", () => {
    expect(sources().filter((file) => layerOf(file.path) === undefined)).toEqual([]);
  });

  it("names the package's exports as the entry files", () => {
    const pkg = JSON.parse(readFileSync(resolve(repo, "package.json"), "utf8")) as {
      exports: Record<string, string | { bun?: string }>;
    };
    const bunEntries = Object.values(pkg.exports)
      .flatMap((value) => (typeof value === "string" ? [] : [value.bun ?? ""]))
      .map((path) => path.replace(/^\.\//, ""));
    expect(bunEntries.toSorted()).toEqual([...ENTRY_FILES].toSorted());
  });

  it("fails on a crossing import: model importing the notes layer", () => {
    const { violations } = checkImports([
      {
        path: "src/model/wrong.ts",
        text: 'import { createNoteStore } from "../notes/note-store.js";',
      },
    ]);
    expect(violations).toEqual([
      expect.objectContaining({ file: "src/model/wrong.ts", specifier: "../notes/note-store.js" }),
    ]);
    expect(violations[0]?.reason).toContain(
      "model may import only errors, shared, layout, not notes",
    );
  });

  it("fails when the CLI reaches past the public entry points", () => {
    const { violations } = checkImports([
      {
        path: "src/cli/commands/wrong.ts",
        text: 'import type { NoteStore } from "../../notes/note-store.js";',
      },
      { path: "src/cli/commands/right.ts", text: 'import { createMemory } from "../../index.js";' },
    ]);
    expect(violations.map((violation) => violation.file)).toEqual(["src/cli/commands/wrong.ts"]);
  });

  it("fails when anything imports the CLI, or an adapter is imported by the core", () => {
    const { violations } = checkImports([
      { path: "src/notes/wrong.ts", text: 'export { run } from "../cli/framework/run-cli.js";' },
      {
        path: "src/lifecycle/wrong.ts",
        text: 'const m = await import("../adapters/fs/fs-persistence.js");',
      },
    ]);
    expect(violations).toHaveLength(2);
  });

  it("refuses node:* in the pure layers, but allows node:crypto", () => {
    const { violations } = checkImports([
      { path: "src/notes/wrong.ts", text: 'import { hostname } from "node:os";' },
      { path: "src/notes/right.ts", text: 'import { createHash } from "node:crypto";' },
      { path: "src/adapters/fine.ts", text: 'import { readFile } from "node:fs/promises";' },
    ]);
    expect(violations.map((violation) => violation.file)).toEqual(["src/notes/wrong.ts"]);
  });

  it("sees imports in comments as nothing, and dynamic and type-only imports as imports", () => {
    const text = [
      '// import { x } from "../notes/a.js";',
      'import type { B } from "../notes/b.js";',
      'const c = await import("../notes/c.js");',
    ].join("\n");
    expect(specifiersOf(text)).toEqual(["../notes/b.js", "../notes/c.js"]);
  });
});

describe("docs/architecture.md", () => {
  it("carries the rule table and picture generated from the rules", () => {
    const page = readFileSync(resolve(repo, "docs/architecture.md"), "utf8");
    expect(page).toContain(renderLayerDoc());
    expect(spliceLayerDoc(page)).toBe(page);
  });
});
