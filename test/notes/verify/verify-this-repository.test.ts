/**
 * Precision on a real repository: this one. The notes in examples/ and the fixture notes in
 * test/fixtures/verify/ (written to be current) must give no finding when checked against this
 * very checkout, listed with real git.
 */
import { readdir, readFile } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { gitProjectRepository } from "../../../src/adapters/index.js";
import { verifyNoteTexts } from "../../../src/notes/verify/verify-note-texts.js";

const REPOSITORY = resolve(import.meta.dirname, "../../..");

async function markdownUnder(folder: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (
      entry.isFile() &&
      entry.name.endsWith(".md") &&
      !entry.parentPath.includes("node_modules")
    ) {
      found.push(join(entry.parentPath, entry.name));
    }
  }
  return found.toSorted();
}

describe("verify on this repository", () => {
  it("finds nothing stale in examples/ and the current fixture notes", async () => {
    const paths = [
      ...(await markdownUnder(join(REPOSITORY, "examples"))),
      ...(await markdownUnder(join(REPOSITORY, "test/fixtures/verify"))),
    ];
    const notes = await Promise.all(
      paths.map(async (path, at) => ({
        id: `id__Ex${String(at).padStart(4, "0")}`,
        path: relative(REPOSITORY, path),
        title: path,
        body: await readFile(path, "utf8"),
      })),
    );
    const report = await verifyNoteTexts(notes, gitProjectRepository({ dir: REPOSITORY }));
    expect(report.isOk()).toBe(true);
    const value = report._unsafeUnwrap();
    expect(value.findings).toEqual([]);
    // Not vacuous: the notes cite files, lines, symbols and scripts this checkout confirms.
    expect(value.checked).toBeGreaterThan(20);
  });
});
