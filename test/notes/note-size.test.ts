/**
 * The largest note accepted (issue 13, item 12: a 100 MB note made search take 31 s and
 * 3.7 GB). Writes refuse a bigger note with an error saying the limit and how to fix it; a
 * bigger file found on disk is left out of the listing, reported by doctor, never read into
 * search and never rewritten. Files just over the limit keep the test fast.
 */
import { describe, expect, it } from "vitest";
import { createMemory } from "../../src/memory.js";
import { MAX_NOTE_BYTES } from "../../src/model/note-size.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { errOf, okOf } from "../helpers/result-helpers.js";
import { seedNotes } from "../helpers/seed-notes.js";

const LIMIT_MESSAGE = /largest note accepted is 1 MiB \(1048576 bytes\).*[Ss]plit/s;

describe("the largest note size", () => {
  it("is 1 MiB", () => {
    expect(MAX_NOTE_BYTES).toBe(1_048_576);
  });

  it("capture, update, append and merge refuse a note over it, counted in UTF-8 bytes", async () => {
    const { memory } = await freshMemory();
    const over = "x".repeat(MAX_NOTE_BYTES + 1);
    const capture = errOf(await memory.capture({ title: "Huge", body: over }));
    expect(capture.code).toBe("INVALID_INPUT");
    expect(capture.message).toMatch(LIMIT_MESSAGE);
    // Under the limit in characters, over it in bytes.
    const accents = "é".repeat(MAX_NOTE_BYTES / 2 + 1);
    expect(errOf(await memory.capture({ title: "Accents", body: accents })).message).toMatch(
      LIMIT_MESSAGE,
    );
    // The body fits, the file (heading, tags) does not.
    const justUnder = "x".repeat(MAX_NOTE_BYTES - 4);
    expect(
      errOf(await memory.capture({ title: "Heading", body: justUnder, tags: ["big"] })).message,
    ).toMatch(LIMIT_MESSAGE);

    const note = okOf(
      await memory.capture({ title: "Half", body: "x".repeat(MAX_NOTE_BYTES / 2) }),
    );
    const before = okOf(await memory.read(note.id));
    expect(errOf(await memory.update(note.id, { body: over })).message).toMatch(LIMIT_MESSAGE);
    const section = { heading: "More", body: "y".repeat(MAX_NOTE_BYTES / 2) };
    expect(errOf(await memory.append(note.id, section)).message).toMatch(LIMIT_MESSAGE);
    const other = okOf(
      await memory.capture({ title: "Other", body: "z".repeat(MAX_NOTE_BYTES / 2) }),
    );
    expect(errOf(await memory.merge([other.id], note.id)).message).toMatch(LIMIT_MESSAGE);
    expect(okOf(await memory.read(note.id)).hash).toBe(before.hash);
    expect((await memory.read(other.id)).isOk()).toBe(true);
  });

  it("a bigger file written behind the library's back is skipped, reported and never rewritten", async () => {
    const { fs, root, persistence, git } = await freshMemory();
    const paths = await seedNotes(fs, root, [
      { id: "id__Target", title: "Target", body: "Release notes live here." },
      {
        id: "id__Hugeee",
        title: "Huge",
        body: `See [[id__Target|Target]]. ${"release ".repeat(MAX_NOTE_BYTES / 8)}`,
      },
    ]);
    const hugePath = `${root}/${paths["id__Hugeee"] ?? ""}`;
    const hugeText = String(await fs.promises.readFile(hugePath, "utf8"));
    const reads: string[] = [];
    const counting: Persistence = {
      ...persistence,
      read: (path) => {
        reads.push(path);
        return persistence.read(path);
      },
    };
    const memory = createMemory({ persistence: counting, git });

    expect(okOf(await memory.list()).map((note) => note.id)).toEqual(["id__Target"]);
    const hits = okOf(await memory.search("release"));
    expect(hits.map((hit) => hit.id)).toEqual(["id__Target"]);
    const doctor = okOf(await memory.doctor());
    const finding = doctor.findings.find((f) => f.path === paths["id__Hugeee"]);
    expect(finding).toMatchObject({ kind: "unsafe-file", severity: "error" });
    expect(finding?.message).toMatch(/bytes, over the largest note size \(1 MiB\)/);
    expect(finding?.fix).toMatch(/[Ss]plit it into notes under 1 MiB/);

    okOf(await memory.rename("id__Target", "Target renamed"));
    // Compared as one string: a per-character diff of a megabyte takes seconds.
    expect(String(await fs.promises.readFile(hugePath, "utf8")) === hugeText).toBe(true);
    expect(reads.filter((path) => path.includes("id__Hugeee"))).toEqual([]);
    expect(errOf(await memory.read("id__Hugeee")).code).toBe("NOT_FOUND");
  });
});
