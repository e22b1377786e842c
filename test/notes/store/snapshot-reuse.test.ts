/**
 * A look at the files that finds every note as the store last read it hands back the same
 * snapshot (the same arrays), so what is derived from a snapshot (the search index's step,
 * the link index) skips its own pass over every note; any change (an edit behind the
 * library's back, a note read anew by `withId`, a removal, an unparsable file, the index note)
 * makes a new one.
 */
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { createNoteStore } from "../../../src/notes/store/note-store.js";
import { okOf } from "../../helpers/result-helpers.js";

const A = "topics/a id__Reuse1.md";
const B = "topics/b id__Reuse2.md";

function storeOver(files: Record<string, string>) {
  const { fs } = memfs(files);
  const persistence = fsPersistence({ fs: fs as never, root: "/m", watch: false });
  // Far in the future: every stat key is trusted (no racy-clean re-read).
  return { fs, store: createNoteStore(persistence, { now: () => 4_000_000_000_000 }) };
}

describe("a look that finds nothing changed", () => {
  it("hands back the same facts and notes snapshots", async () => {
    const { store } = storeOver({ [`/m/${A}`]: "# A\n", [`/m/${B}`]: "# B\n" });
    const facts = okOf(await store.facts());
    const notes = okOf(await store.snapshot());
    expect(okOf(await store.facts())).toBe(facts);
    expect(okOf(await store.snapshot())).toBe(notes);
    expect(store.stats().lastLook).toEqual({ notes: 2, read: 0 });
  });

  it("builds a new one after an edit, a removal, an added file or a new index note", async () => {
    const { fs, store } = storeOver({ [`/m/${A}`]: "# A\n", [`/m/${B}`]: "# B\n" });
    const first = okOf(await store.facts());
    fs.writeFileSync(`/m/${A}`, "# A edited, longer\n");
    const edited = okOf(await store.facts());
    expect(edited).not.toBe(first);
    expect(edited.notes.map((n) => n.note.title)).toEqual(["A edited, longer", "B"]);
    fs.unlinkSync(`/m/${B}`);
    const removed = okOf(await store.facts());
    expect(removed.notes.map((n) => n.note.title)).toEqual(["A edited, longer"]);
    fs.writeFileSync("/m/topics/no id here.md", "# Stray\n");
    const stray = okOf(await store.facts());
    expect(stray).not.toBe(removed);
    expect(stray.unparsable.map((file) => file.path)).toEqual(["topics/no id here.md"]);
    fs.writeFileSync("/m/index.md", "# Index\n\n- [[id__Reuse1|A]]\n");
    const indexed = okOf(await store.facts());
    expect(indexed).not.toBe(stray);
    expect(indexed.indexNote?.links.map((link) => link.id)).toEqual(["id__Reuse1"]);
    expect(okOf(await store.facts())).toBe(indexed);
  });

  it("is not the snapshot of before a note `withId` read anew", async () => {
    const { fs, store } = storeOver({ [`/m/${A}`]: "# A\n", [`/m/${B}`]: "# B\n" });
    okOf(await store.facts());
    fs.writeFileSync(`/m/${A}`, "# A read by id\n");
    // withId reads the changed file into the cache; the next look then reads nothing...
    expect(okOf(await store.withId("id__Reuse1")).map((n) => n.note.title)).toEqual([
      "A read by id",
    ]);
    const after = okOf(await store.facts());
    expect(store.stats().lastLook).toEqual({ notes: 2, read: 0 });
    // ...and must still not hand back the snapshot built before it.
    expect(after.notes.map((n) => n.note.title)).toEqual(["A read by id", "B"]);
  });

  it("is not the snapshot of before the library forgot a path it wrote", async () => {
    const { fs, store } = storeOver({ [`/m/${A}`]: "# A\n" });
    const first = okOf(await store.snapshot());
    fs.writeFileSync(`/m/${A}`, "# A!\n");
    store.forget(A);
    const after = okOf(await store.snapshot());
    expect(after).not.toBe(first);
    expect(after.notes.map((n) => n.note.title)).toEqual(["A!"]);
  });
});
