/**
 * Files the library cannot rewrite safely (issue 13, items 7, 8 and 11): a backslash in a
 * name, text that is not UTF-8, binary content, symbolic links. On a real disk: each is
 * reported by doctor with a fix, left out of listings, never rewritten nor followed, and none
 * of them stops the memory.
 */
import * as fs from "node:fs";
import { mkdtemp, readFile, rm, symlink, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

let root: string;
let outside: string;
let memory: Memory;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "am-unsafe-"));
  outside = await mkdtemp(join(tmpdir(), "am-outside-"));
  memory = createMemory({ persistence: fsPersistence({ fs, root }) });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function unsafePaths(): Promise<string[]> {
  const report = okOf(await memory.doctor());
  return report.findings.filter((f) => f.kind === "unsafe-file").map((f) => f.path ?? "");
}

describe("files the library leaves alone", () => {
  it("a backslash in a file name never stops the memory; doctor reports it", async () => {
    const note = okOf(await memory.capture({ title: "Plain note", body: "fine" }));
    await writeFile(join(root, "inbox", "odd\\name id__Bad123.md"), "# Odd\n\ntext\n");
    expect(okOf(await memory.list()).map((meta) => meta.id)).toEqual([note.id]);
    okOf(await memory.capture({ title: "Another", body: "still works" }));
    expect(await unsafePaths()).toEqual(["inbox/odd\\name id__Bad123.md"]);
  });

  it("a Latin-1 note is never rewritten, even when it links to a renamed note", async () => {
    const target = okOf(await memory.capture({ title: "Target", body: "t" }, { status: "active" }));
    const latin1 = Buffer.concat([
      Buffer.from(`# Caf`, "latin1"),
      Buffer.from([0xe9]),
      Buffer.from(`\n\nSee [[${target.id}|Target]].\n`, "latin1"),
    ]);
    const path = join(root, "topics", `cafe id__Lat1n0.md`);
    await writeFile(path, latin1);
    okOf(await memory.rename(target.id, "Target renamed"));
    expect(await readFile(path)).toEqual(latin1);
    expect(okOf(await memory.list()).map((meta) => meta.id)).toEqual([target.id]);
    expect(await unsafePaths()).toEqual(["topics/cafe id__Lat1n0.md"]);
  });

  it("binary content is not a note", async () => {
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(root, "topics", "blob id__Bin000.md"), Buffer.from([0x23, 0x20, 0, 1, 2]));
    expect(okOf(await memory.list())).toEqual([]);
    expect(await unsafePaths()).toEqual(["topics/blob id__Bin000.md"]);
  });

  it("a symlinked note is reported, not followed", async () => {
    await mkdir(join(root, "topics"), { recursive: true });
    await writeFile(join(outside, "secret.md"), "# Secret\n\noutside text\n");
    await symlink(join(outside, "secret.md"), join(root, "topics", "secret id__Sym000.md"));
    expect(okOf(await memory.list())).toEqual([]);
    expect(await unsafePaths()).toEqual(["topics/secret id__Sym000.md"]);
  });

  it("a symlinked index.md is never replaced by a copy of its target", async () => {
    const note = okOf(await memory.capture({ title: "Hot one", body: "h" }, { status: "active" }));
    await writeFile(join(outside, "index.md"), "# Index\n\n## Hot\n\n## Warm\n");
    await symlink(join(outside, "index.md"), join(root, "index.md"));
    const promoted = await memory.index.promote(note.id, "hot");
    expect(errOf(promoted).message).toMatch(/symbolic link "index\.md"/);
    expect(fs.lstatSync(join(root, "index.md")).isSymbolicLink()).toBe(true);
    expect(await readFile(join(outside, "index.md"), "utf8")).toBe(
      "# Index\n\n## Hot\n\n## Warm\n",
    );
  });

  it("a symlinked status folder is never written through", async () => {
    await symlink(outside, join(root, "inbox"));
    const captured = await memory.capture({ title: "Would escape", body: "no" });
    expect(errOf(captured).message).toMatch(/symbolic link "inbox"/);
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(await unsafePaths()).toEqual(["inbox"]);
  });
});
