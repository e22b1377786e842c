import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readImportSource } from "../../../src/adapters/import-source/read-import-source.js";
import { okOf } from "../../helpers/result-helpers.js";

let dir: string;
let vault: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "import-source-"));
  vault = join(dir, "vault");
  await mkdir(join(vault, "sub"), { recursive: true });
  await mkdir(join(vault, ".git"));
  await mkdir(join(vault, "node_modules"));
  await writeFile(join(vault, "a.md"), "# A\n");
  await writeFile(join(vault, "sub", "b.md"), "# B\n");
  await writeFile(join(vault, "picture.png"), "png");
  await writeFile(join(vault, ".git", "x.md"), "git");
  await writeFile(join(vault, "node_modules", "y.md"), "dep");
  await writeFile(join(vault, "big.md"), "x".repeat(2000));
  await writeFile(join(dir, "outside.md"), "secret outside");
  await symlink(join(dir, "outside.md"), join(vault, "out.md"));
  await symlink(join(vault, "a.md"), join(vault, "again.md"));
  await symlink(vault, join(vault, "sub", "loop"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const wants = (path: string) => path.endsWith(".md");

describe("readImportSource", () => {
  it("walks the folder for the wanted files, skipping .git, node_modules, links out and files over the cap", async () => {
    const read = okOf(
      await readImportSource({ path: vault, pathIs: "folder", wants, maxFileBytes: 1000 }),
    );
    expect(read.files.map((file) => file.path)).toEqual(["a.md", "again.md", "sub/b.md"]);
    expect(read.files[0]?.text).toBe("# A\n");
    expect(read.skipped).toEqual([
      { path: "big.md", reason: expect.stringContaining("2000 bytes") },
      { path: "out.md", reason: "a symbolic link to outside the source: not followed" },
    ]);
  });

  it("reads one file for a file kind, named by its base name", async () => {
    const read = okOf(await readImportSource({ path: join(vault, "a.md"), pathIs: "file" }));
    expect(read.files).toEqual([{ path: "a.md", text: "# A\n" }]);
  });

  it("says what is wrong with PATH", async () => {
    const missing = await readImportSource({ path: join(dir, "nope"), pathIs: "folder" });
    expect(missing.isErr() && missing.error.code).toBe("NOT_FOUND");
    const file = await readImportSource({ path: join(vault, "a.md"), pathIs: "folder" });
    expect(file.isErr() && file.error.message).toContain(
      "is a file, and this kind imports a folder",
    );
    const folder = await readImportSource({ path: vault, pathIs: "file" });
    expect(folder.isErr() && folder.error.message).toContain("is a folder");
  });
});
