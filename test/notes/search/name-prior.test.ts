/**
 * The name prior: a question naming someone ranks the notes that open with the name (what a
 * note about that person does) above the notes that name them further on. Measured in
 * docs/benchmarks.md ("Recall signals").
 */
import { describe, expect, it } from "vitest";
import { parseNote } from "../../../src/model/note-format.js";
import type { StoredNote } from "../../../src/notes/store/note-store.js";
import { documentOf, queryNames } from "../../../src/notes/search/note-terms.js";
import { NAME_PRIOR } from "../../../src/notes/search/full-text-search.js";
import { openingTerm } from "../../../src/notes/search/search-terms.js";
import { searchFixture } from "./search-fixture.js";
import { okOf } from "../../helpers/result-helpers.js";

function stored(title: string, body: string): StoredNote {
  return {
    path: "topics/a id__Abcdef.md",
    status: "active",
    slug: "a",
    mtimeMs: 1_000,
    size: body.length,
    hash: "h",
    note: parseNote(`# ${title}\n\n${body}\n`, "id__Abcdef"),
  };
}

describe("query names", () => {
  it("are the capitalised words after the first, as index terms, stopwords out", () => {
    expect(queryNames("What did Caroline research?")).toEqual(["carolin"]);
    expect(queryNames("When did Melanie and Caroline meet in Paris?")).toEqual([
      "melani",
      "carolin",
      "pari",
    ]);
    expect(queryNames("Which books did Ångström's sister read in The Hague")).toEqual([
      "angstrom",
      "hagu",
    ]);
  });

  it("are none in a query typed in lower case, nor its first word", () => {
    expect(queryNames("what did caroline research")).toEqual([]);
    expect(queryNames("Caroline research")).toEqual([]);
  });
});

describe("a note's opening words", () => {
  it("are the first word of its title and of its body that is not a stopword", () => {
    const terms = documentOf(stored("The Caroline plans", "Melanie: it went well.")).titleTerms;
    expect(terms?.has(openingTerm("carolin"))).toBe(true);
    expect(terms?.has(openingTerm("melani"))).toBe(true);
    expect(terms?.has(openingTerm("plan"))).toBe(false);
    // The title bonus's stems are there as before, never taken for an opening.
    expect(terms?.has("plan")).toBe(true);
  });

  it("read a link at the start of the body by its text", () => {
    const terms = documentOf(stored("Notes", "[[id__Kf9mNp|Igor]] fixed the console.")).titleTerms;
    expect(terms?.has(openingTerm("igor"))).toBe(true);
  });
});

describe("the name prior", () => {
  const notes = [
    // Two notes holding the same words; the one of the smaller id would win a tie.
    { id: "id__Aaaaa1", title: "Reply", body: "Wow, Caroline! Adopting a dog is lovely news." },
    { id: "id__Bbbbb2", title: "Update", body: "Caroline: adopting a dog is lovely news, wow." },
    { id: "id__Ccccc3", title: "Other", body: "Melanie: nothing about pets here at all." },
  ];

  it("puts the note that opens with a question's name first", async () => {
    const { search } = await searchFixture(notes);
    const results = okOf(await search("What dog is Caroline adopting lately?"));
    expect(results.map((result) => result.id).slice(0, 2)).toEqual(["id__Bbbbb2", "id__Aaaaa1"]);
    const [first, second] = results;
    expect((first?.scores.lexical ?? 0) / (second?.scores.lexical ?? 1)).toBeCloseTo(
      1 + NAME_PRIOR,
      1,
    );
  });

  it("leaves a question in lower case and a short query to the words", async () => {
    const { search } = await searchFixture(notes);
    for (const query of ["what dog is caroline adopting lately", "Caroline adopting dog"]) {
      const results = okOf(await search(query));
      expect(results[0]?.id).toBe("id__Aaaaa1");
    }
  });
});
