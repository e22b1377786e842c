/**
 * Notes packed for the search's worker thread come out as they went in: every body (any
 * Unicode, astral characters and lone surrogates' replacement aside), every fact and link.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { packNotes, unpackNotes } from "../../src/view/searched-notes-transfer.js";
import type { SearchedNote } from "../../src/view/site-search-files.js";

// Well-formed text: a lone surrogate has no UTF-8 form, and no note file can hold one.
const text = fc.string({ unit: "grapheme", maxLength: 200 });

const link = fc.record(
  {
    id: fc.stringMatching(/^id__[A-Za-z0-9]{6}$/),
    displayText: text,
    hasDisplayText: fc.boolean(),
    anchor: text,
    embed: fc.boolean(),
    position: fc.record({ start: fc.nat(), end: fc.nat() }),
  },
  { requiredKeys: ["id", "displayText", "hasDisplayText", "embed", "position"] },
);

const note: fc.Arbitrary<SearchedNote> = fc.record({
  meta: fc.record({
    path: text,
    hash: fc.string(),
    id: fc.stringMatching(/^id__[A-Za-z0-9]{6}$/),
    title: text,
    status: fc.constantFrom("inbox", "active", "archived"),
    tags: fc.array(text, { maxLength: 4 }),
    size: fc.nat(),
  }),
  // A body may open with a byte order mark, which the links' offsets count.
  parsed: fc.record({
    body: fc.oneof(
      text,
      text.map((body) => `\uFEFF${body}`),
    ),
    links: fc.array(link, { maxLength: 4 }),
  }),
});

describe("packNotes and unpackNotes", () => {
  it("give back every note as it was", () => {
    fc.assert(
      fc.property(fc.array(note, { maxLength: 12 }), (notes) => {
        expect(unpackNotes(packNotes(notes))).toEqual(notes);
      }),
    );
  });
});
