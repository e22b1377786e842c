/**
 * Issue 13, item 9: a journal entry can only make consolidation read transcripts from the
 * allowed folders. Both file readers refuse any other path (a `..` way out, a symbolic link
 * inside a root that leads outside, another absolute path) with SESSION_READ, before reading.
 */
import * as nodeFs from "node:fs";
import { mkdtemp, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSessionReaders } from "../../../src/adapters/session-readers/default-session-readers.js";
import { insideRoots } from "../../../src/adapters/session-readers/session-roots.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { entryFor } from "./reader-helpers.js";

let base: string;
let roots: string[];
const SECRET = "-----BEGIN OPENSSH PRIVATE KEY----- not for the model";

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), "session-roots-"));
  await mkdir(join(base, "harness", "projects"), { recursive: true });
  await mkdir(join(base, "home", ".ssh"), { recursive: true });
  await writeFile(join(base, "harness", "projects", "s.md"), "[user] hello\n");
  await writeFile(
    join(base, "harness", "projects", "s.jsonl"),
    '{"type":"user","message":{"role":"user","content":"hi"}}\n',
  );
  await writeFile(join(base, "home", ".ssh", "id_ed25519"), SECRET);
  await symlink(
    join(base, "home", ".ssh", "id_ed25519"),
    join(base, "harness", "projects", "link.md"),
  );
  roots = [join(base, "harness")];
});
afterAll(() => rm(base, { recursive: true, force: true }));

function readers() {
  return defaultSessionReaders({ fs: nodeFs, allowedRoots: roots });
}

describe("allowed session roots", () => {
  it("reads a transcript inside a root", async () => {
    const reader = readers().file;
    if (reader === undefined) throw new Error("no file reader");
    const entry = entryFor("file", { sessionPath: join(base, "harness/projects/s.md") });
    expect(okOf(await reader.read(entry, { budgetBytes: 4096 })).text).toContain("hello");
  });

  it.each([
    ["an absolute path elsewhere", () => join(base, "home/.ssh/id_ed25519")],
    ["a way out with ..", () => join(base, "harness/projects/../../home/.ssh/id_ed25519")],
    [
      "a symbolic link inside a root that leads outside",
      () => join(base, "harness/projects/link.md"),
    ],
  ])("refuses %s, with both readers, before reading it", async (_case, path) => {
    for (const method of ["file", "jsonl"] as const) {
      const reader = readers()[method];
      if (reader === undefined) throw new Error(`no ${method} reader`);
      const error = errOf(
        await reader.read(entryFor(method, { sessionPath: path() }), { budgetBytes: 4096 }),
      );
      expect(error.code).toBe("SESSION_READ");
      expect(error.message).toMatch(/outside the folders transcripts are read from/);
      expect(error.message).not.toContain("BEGIN OPENSSH");
    }
  });

  it("refuses a relative path whose cwd leads outside", async () => {
    const entry = entryFor(
      "file",
      { sessionPath: "../home/.ssh/id_ed25519" },
      { cwd: join(base, "harness") },
    );
    const reader = readers().file;
    if (reader === undefined) throw new Error("no file reader");
    expect(errOf(await reader.read(entry, { budgetBytes: 4096 })).code).toBe("SESSION_READ");
  });

  it("allows everything without roots, nothing with an empty list", () => {
    expect(insideRoots("/anything", undefined).isOk()).toBe(true);
    expect(insideRoots("/anything", []).isErr()).toBe(true);
    expect(insideRoots("/a/b/c", ["/a"]).isOk()).toBe(true);
    expect(insideRoots("/a", ["/a"]).isOk()).toBe(true);
    expect(insideRoots("/ab/c", ["/a"]).isErr()).toBe(true);
  });
});
