import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memfs } from "memfs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileSessionReader } from "../../../src/adapters/session-readers/session-file-reader.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { countingFs, entryFor, FIXTURES, writeLargeFile } from "./reader-helpers.js";

const transcript = join(FIXTURES, "transcript.md");

describe("the file session reader", () => {
  it("reads a whole markdown transcript that fits the budget", async () => {
    const session = okOf(
      await fileSessionReader().read(entryFor("file", { sessionPath: transcript }), {
        budgetBytes: 4096,
      }),
    );
    expect(session.text).toBe(nodeFs.readFileSync(transcript, "utf8"));
    expect(session).toMatchObject({
      truncated: false,
      omittedBytes: 0,
      warnings: [],
      source: transcript,
    });
  });

  it("resolves a relative path against the entry's cwd", async () => {
    const entry = entryFor("file", { sessionPath: "transcript.md" }, { cwd: FIXTURES });
    expect(okOf(await fileSessionReader().read(entry, { budgetBytes: 4096 })).source).toBe(
      transcript,
    );
  });

  it("keeps the newest part within the budget, from a whole line, and says what was cut", async () => {
    const full = nodeFs.readFileSync(transcript, "utf8");
    const session = okOf(
      await fileSessionReader().read(entryFor("file", { sessionPath: transcript }), {
        budgetBytes: 300,
      }),
    );
    expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(300);
    expect(session.truncated).toBe(true);
    expect(session.text).toMatch(
      /^\[… truncated: the first \d+ B of .*transcript\.md were left out/,
    );
    const kept = session.text.slice(session.text.indexOf("]\n\n") + 3);
    expect(full.endsWith(kept)).toBe(true);
    expect(full[full.length - kept.length - 1]).toBe("\n");
    expect(session.omittedBytes).toBe(Buffer.byteLength(full) - Buffer.byteLength(kept));
  });

  it("works on memfs, replaces invalid UTF-8 and says so", async () => {
    const { fs } = memfs({ "/t/bad.txt": Buffer.from([0x6f, 0x6b, 0x20, 0xff, 0xfe, 0x0a]) });
    const session = okOf(
      await fileSessionReader({ fs }).read(entryFor("file", { sessionPath: "/t/bad.txt" }), {
        budgetBytes: 1024,
      }),
    );
    expect(session.text).toBe("ok \uFFFD\uFFFD\n");
    expect(session.warnings.join()).toMatch(/not valid UTF-8/);
  });

  it.each([
    ["a missing transcript", "/t/gone.md", "NOT_FOUND", /does not exist/],
    ["a folder", "/t", "INVALID_INPUT", /not a file/],
    ["a binary file", "/t/photo.png", "SESSION_READ", /looks binary/],
  ])("reports %s clearly", async (_name, path, code, message) => {
    const { fs } = memfs({
      "/t/photo.png": Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    });
    const error = errOf(
      await fileSessionReader({ fs }).read(entryFor("file", { sessionPath: path }), {
        budgetBytes: 1024,
      }),
    );
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it("refuses an entry without a path and a budget too small to hold anything", async () => {
    const reader = fileSessionReader();
    expect(errOf(await reader.read(entryFor("file", {}), { budgetBytes: 1024 })).code).toBe(
      "INVALID_INPUT",
    );
    const error = errOf(
      await reader.read(entryFor("file", { sessionPath: transcript }), { budgetBytes: 10 }),
    );
    expect(error.message).toMatch(/at least 256/);
  });

  describe("on a 200 MB transcript", () => {
    let dir: string;
    let big: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "agent-memory-file-reader-"));
      big = join(dir, "huge.md");
      writeLargeFile(big, "the assistant said something long and repetitive here\n", 200);
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("reads only the tail that fits, never the whole file", async () => {
      const { fs, bytesRead } = countingFs();
      const session = okOf(
        await fileSessionReader({ fs }).read(entryFor("file", { sessionPath: big }), {
          budgetBytes: 16_384,
        }),
      );
      // The tail, and the first KB to tell an Amp export (read whole) from other text.
      expect(bytesRead()).toBeLessThanOrEqual(16_384 + 1024);
      expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(16_384);
      expect(session).toMatchObject({ truncated: true, totalBytes: 200 * 1024 * 1024 });
      expect(session.text).toMatch(/^\[… truncated: the first 200\.0 MB of /);
      expect(session.omittedBytes).toBeGreaterThan(200 * 1024 * 1024 - 16_384);
    });
  });
});
