/**
 * Precision on a real repository: this one. The notes in examples/ and the fixture notes in
 * test/fixtures/verify/ (written to be current) must give no finding when checked against this
 * very checkout, listed with real git. And recall on the same notes: in a clone of this
 * repository with a file renamed, one moved and an npm script removed, verify reports each.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { gitProjectRepository } from "../../../src/adapters/index.js";
import { verifyNoteTexts } from "../../../src/notes/verify/verify-note-texts.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";

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

describe("verify on a clone of this repository, changed under its notes", () => {
  it("finds a renamed file, a moved one (naming where it went) and a removed npm script", async () => {
    const base = await mkdtemp(join(tmpdir(), "verify-clone-"));
    try {
      const clone = join(base, "clone");
      // --shared borrows this checkout's objects: no copy, and this checkout is never written.
      execFileSync("git", ["clone", "--quiet", "--shared", REPOSITORY, clone], {
        env: { ...process.env, ...(await isolatedGitEnv(base)) },
      });
      const fixture = join("test/fixtures/verify", "verify-reads-one-listing id__VfyLs1.md");
      const note = {
        id: "id__VfyLs1",
        path: fixture,
        title: "Verify reads one listing of the repository",
        body: await readFile(join(clone, fixture), "utf8"),
      };
      const repository = gitProjectRepository({ dir: clone });
      const before = (await verifyNoteTexts([note], repository))._unsafeUnwrap();
      expect(before.findings).toEqual([]);

      const git = (...args: string[]) => execFileSync("git", args, { cwd: clone });
      git("mv", "src/notes/verify/check-reference.ts", "src/notes/verify/judge-reference.ts");
      git("mv", "src/notes/verify/verify-notes.ts", "src/notes/verify-notes.ts");
      const manifest = JSON.parse(await readFile(join(clone, "package.json"), "utf8")) as {
        scripts: Record<string, string>;
      };
      delete manifest.scripts["test"];
      await writeFile(join(clone, "package.json"), JSON.stringify(manifest, null, 2));

      const after = (await verifyNoteTexts([note], repository))._unsafeUnwrap();
      expect(after.ok).toBe(false);
      expect(
        after.findings
          .map(({ kind, text, id }) => ({ kind, text, id }))
          .toSorted((a, b) => a.text.localeCompare(b.text)),
      ).toEqual([
        { kind: "missing-script", text: "npm test", id: "id__VfyLs1" },
        {
          kind: "missing-path",
          text: "src/notes/verify/check-reference.ts",
          id: "id__VfyLs1",
        },
        { kind: "missing-path", text: "src/notes/verify/verify-notes.ts", id: "id__VfyLs1" },
      ]);
      const moved = after.findings.find((f) => f.text === "src/notes/verify/verify-notes.ts");
      expect(moved?.message).toContain("src/notes/verify-notes.ts");
      // The symbols moved with their files: still found, not reported.
      expect(after.findings.some((f) => f.kind === "missing-symbol")).toBe(false);
    } finally {
      await rm(base, { recursive: true, force: true });
    }
  });
});
