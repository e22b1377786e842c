/**
 * Issue 29: the layer rule no longer forces the CLI to copy the library's small helpers. The
 * CLI may import shared/ and the folder names (model/layout.ts), so a CLI file that declares
 * a name those export is a copy that can drift from its original.
 */
import { readFileSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkImports } from "./import-check.js";

const repo = resolve(import.meta.dirname, "../..");

function filesUnder(folder: string): string[] {
  return readdirSync(resolve(repo, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts"))
    .map((name) => `${folder}/${name.split("\\").join("/")}`);
}

const DECLARED = /^export (?:const|function|async function|class|type|interface) (\w+)/gm;

function declaredNames(path: string): string[] {
  return [...readFileSync(resolve(repo, path), "utf8").matchAll(DECLARED)].map(
    (match) => match[1] ?? "",
  );
}

describe("the CLI", () => {
  it("declares none of the names shared/ and model/layout.ts export (it imports them)", () => {
    const originals = new Set(
      [...filesUnder("src/shared"), "src/model/layout.ts"].flatMap(declaredNames),
    );
    const copies = filesUnder("src/cli").flatMap((path) =>
      declaredNames(path)
        .filter((name) => originals.has(name))
        .map((name) => `${path}: ${name}`),
    );
    expect(copies).toEqual([]);
  });

  it("may import shared/ and the folder names, but no other inner file", () => {
    const { violations } = checkImports([
      {
        path: "src/cli/daemon/fine.ts",
        text: [
          'import { messageOf } from "../../shared/message-of.js";',
          'import { PRIVATE_FOLDER } from "../../model/layout.js";',
        ].join("\n"),
      },
      { path: "src/cli/daemon/wrong.ts", text: 'import { idPattern } from "../../model/id.js";' },
    ]);
    expect(violations.map((violation) => violation.file)).toEqual(["src/cli/daemon/wrong.ts"]);
  });
});
