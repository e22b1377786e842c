/**
 * The typed-array postings list behaves as the Map it replaced: any sequence of sets, deletes
 * and deletes of many at once leaves the same counts, the documents stay ascending, and saving and loading keeps
 * them.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PostingsList } from "../../../src/notes/search/postings-list.js";
import { stretchesHold } from "../../../src/notes/search/postings-text.js";

// Counts past 255 too: a list keeps its counts in bytes until one does not fit.
const anyCount = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 100_000 }));
const operation = fc.oneof(
  fc.tuple(fc.constant("set" as const), fc.nat(60), anyCount),
  fc.tuple(fc.constant("delete" as const), fc.nat(60), fc.constant(0)),
  // Trimming gives back room (and a one-document list's arrays) and changes nothing held.
  fc.tuple(fc.constant("trim" as const), fc.constant(0), fc.constant(0)),
  // Reading the arrays makes a one-document list's arrays; nothing held changes either.
  fc.tuple(fc.constant("read" as const), fc.constant(0), fc.constant(0)),
  // Many documents removed in one pass: those whose number leaves this remainder by 3.
  fc.tuple(fc.constant("deleteWhere" as const), fc.nat(2), fc.constant(0)),
);

describe("PostingsList", () => {
  it("holds what a Map holds after any sets and deletes, documents ascending", () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 80 }), (operations) => {
        const list = new PostingsList();
        const model = new Map<number, number>();
        const deleted: [boolean, boolean][] = [];
        const read: boolean[] = [];
        const deletedMany: [number, number][] = [];
        for (const [kind, doc, count] of operations) {
          if (kind === "set") {
            list.set(doc, count);
            model.set(doc, count);
          } else if (kind === "delete") deleted.push([list.delete(doc), model.delete(doc)]);
          else if (kind === "deleteWhere") {
            const gone = [...model.keys()].filter((key) => key % 3 === doc);
            for (const key of gone) model.delete(key);
            deletedMany.push([list.deleteWhere((key) => key % 3 === doc), gone.length]);
          } else if (kind === "trim") list.trim();
          else read.push(list.counts.length >= list.size);
        }
        expect(read.every(Boolean)).toBe(true);
        for (const [fromList, fromModel] of deleted) expect(fromList).toBe(fromModel);
        for (const [fromList, fromModel] of deletedMany) expect(fromList).toBe(fromModel);
        expect(list.size).toBe(model.size);
        for (let doc = 0; doc <= 60; doc++) expect(list.get(doc)).toBe(model.get(doc));
        const docs = [...list.docs.subarray(0, list.size)];
        expect(docs).toEqual([...model.keys()].toSorted((a, b) => a - b));
        expect([...list.counts.subarray(0, list.size)]).toEqual(docs.map((doc) => model.get(doc)));
        const again = PostingsList.decode(
          list.encode((doc) => doc),
          () => true,
        );
        expect([...again.docs.subarray(0, again.size)]).toEqual(docs);
        for (const doc of docs) expect(again.get(doc)).toBe(model.get(doc));
      }),
      { numRuns: 300 },
    );
  });

  it("drops the documents that are no longer live when loading, and stops at damage", () => {
    // Gaps: documents 0, 1 (three times), 2 and 7.
    const list = PostingsList.decode("0 0:3 0 4", (doc) => doc !== 2);
    expect([...list.docs.subarray(0, list.size)]).toEqual([0, 1, 7]);
    expect(list.get(1)).toBe(3);
    for (const damaged of ["0 0:3 -1 5", "0 0:3 :2 5", "0 0:3 0:0 5", "0 0:3 0Z 5", "0 0:3  5"]) {
      const read = PostingsList.decode(damaged, () => true);
      expect([...read.docs.subarray(0, read.size)]).toEqual([0, 1]);
    }
  });

  it("reads a region of a longer text", () => {
    const text = "9 9,0 1,5";
    const list = PostingsList.decode(text, () => true, 4, 7);
    expect([...list.docs.subarray(0, list.size)]).toEqual([0, 2]);
  });

  it("holds a saved text to its counts: what encode writes passes, any other count fails", () => {
    const entries = fc.uniqueArray(fc.nat(200), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(fc.array(entries, { minLength: 1, maxLength: 5 }), fc.nat(), (docLists, pick) => {
        const lists = docLists.map((docs) => {
          const list = new PostingsList();
          for (const doc of docs) list.set(doc, 1 + (doc % 3));
          return list;
        });
        const text = lists.map((list) => list.encode((doc) => doc)).join(",");
        const counts = lists.map((list) => list.size);
        const highest = Math.max(...docLists.flat());
        expect(stretchesHold(text, counts, highest + 1)).toBe(true);
        expect(stretchesHold(text, counts, highest)).toBe(false);
        const wrong = counts.map((count, at) => (at === pick % counts.length ? count + 1 : count));
        expect(stretchesHold(text, wrong, highest + 1)).toBe(false);
        expect(stretchesHold(text, [...counts, 1], highest + 1)).toBe(false);
      }),
    );
  });
});
