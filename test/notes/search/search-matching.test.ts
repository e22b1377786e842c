import { describe, expect, it } from "vitest";
import { foldTerm, readableBody, tokenizeWords } from "../../../src/notes/search/search-text.js";
import { parseNote } from "../../../src/model/note-format.js";

import { searchFixture } from "./search-fixture.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const ids = (results: readonly { id: string }[]) => results.map((result) => result.id).toSorted();

describe("search text", () => {
  it("folds case, diacritics and compatibility forms", () => {
    expect(foldTerm("Café")).toBe("cafe");
    expect(foldTerm("Cafe\u0301")).toBe("cafe");
    expect(foldTerm("ÅNGSTRÖM")).toBe("angstrom");
    expect(foldTerm("ﬁle")).toBe("file");
    expect(foldTerm("Ǆemal")).toBe("dzemal");
  });

  it("splits on punctuation, tag and path separators, keeping combining marks in words", () => {
    expect(tokenizeWords("#project/console, Café! area__work")).toEqual([
      "project",
      "console",
      "Café",
      "area",
      "work",
    ]);
    expect(tokenizeWords("Cafe\u0301 ok")).toEqual(["Cafe\u0301", "ok"]);
  });

  it("reads links as their display text", () => {
    const note = parseNote(
      "# T\n\nsee [[id__Kf9mNp|the console]] and [[id__Ab3xYz]].\n",
      "id__T00000",
    );
    expect(readableBody(note)).toBe("see the console and id__Ab3xYz.");
  });
});

describe("searchNotes matching", () => {
  it("finds accented words without the accents, and the other way round", async () => {
    const { search } = await searchFixture([
      { id: "id__Cafe00", title: "Café Olé", body: "the crème brûlée place" },
      { id: "id__Decomp", title: "Decomposed", body: "Cafe\u0301 written with a combining mark" },
      { id: "id__Plain0", title: "Plain", body: "creme brulee at home" },
    ]);
    expect(ids(okOf(await search("cafe")))).toEqual(["id__Cafe00", "id__Decomp"]);
    expect(ids(okOf(await search("CAFÉ")))).toEqual(["id__Cafe00", "id__Decomp"]);
    expect(ids(okOf(await search("crème brûlée")))).toEqual(["id__Cafe00", "id__Plain0"]);
  });

  it("matches the last query word as a prefix, and only the last", async () => {
    const { search } = await searchFixture([
      { id: "id__Consol", title: "Console app", body: "the admin tool" },
      { id: "id__Design", title: "Design system", body: "colours and type" },
    ]);
    expect(ids(okOf(await search("cons")))).toEqual(["id__Consol"]);
    expect(ids(okOf(await search("design cons")))).toEqual(["id__Consol", "id__Design"]);
    expect(ids(okOf(await search("cons design")))).toEqual(["id__Design"]);
  });

  it("ranks an exact match above a prefix match", async () => {
    const { search } = await searchFixture([
      { id: "id__Longer", title: "Deployment", body: "steps" },
      { id: "id__Exact0", title: "Deploy", body: "steps" },
    ]);
    expect(okOf(await search("deploy")).map((result) => result.id)).toEqual([
      "id__Exact0",
      "id__Longer",
    ]);
  });

  it("forgives one typo in words of five letters or more, none in shorter ones", async () => {
    const { search } = await searchFixture([
      { id: "id__Consol", title: "Console", body: "tool" },
      { id: "id__Car000", title: "Car", body: "vehicle" },
    ]);
    expect(ids(okOf(await search("consale")))).toEqual(["id__Consol"]);
    expect(ids(okOf(await search("cat tool")))).toEqual(["id__Consol"]);
    expect(okOf(await search("cnsoale"))).toEqual([]);
  });

  it("forgives one edit on the word as typed, where the typo changes the stem", async () => {
    const { search } = await searchFixture([
      { id: "id__Postgr", title: "Database", body: "We run Postgres 16 in production." },
      { id: "id__Rotate", title: "Secrets", body: "Key rotation happens every quarter." },
      { id: "id__Idempo", title: "Payments", body: "Idempotency keys guard every charge." },
      { id: "id__Other0", title: "Lunch", body: "Tacos on Friday." },
    ]);
    // Each typo's stem is several edits from the note's stem ("postgress" vs "postgr").
    expect(ids(okOf(await search("postgress")))).toEqual(["id__Postgr"]);
    expect(ids(okOf(await search("rotaton")))).toEqual(["id__Rotate"]);
    expect(ids(okOf(await search("idempotncy")))).toEqual(["id__Idempo"]);
    expect(ids(okOf(await search("postgress tacos")))).toEqual(["id__Other0", "id__Postgr"]);
    // Two edits are not forgiven, nor one in a word under five letters.
    expect(okOf(await search("pstgress"))).toEqual([]);
    expect(okOf(await search("tcos"))).toEqual([]);
  });

  it("searches tags written in the body and nested tags by their parts", async () => {
    const { search } = await searchFixture([
      { id: "id__Nested", title: "Roadmap", body: "#project/console\n\nplans" },
      { id: "id__Inline", title: "Retro", body: "went well #infra" },
    ]);
    expect(ids(okOf(await search("console")))).toEqual(["id__Nested"]);
    expect(ids(okOf(await search("infra")))).toEqual(["id__Inline"]);
  });
});

describe("searchNotes terms: stopwords, stems, tags", () => {
  it("matches words by their stem", async () => {
    const { search } = await searchFixture([
      { id: "id__Paint0", title: "Weekend", body: "she was painting sunsets" },
      { id: "id__Other0", title: "Work", body: "the release went out" },
    ]);
    expect(ids(okOf(await search("paints sunset")))).toEqual(["id__Paint0"]);
  });

  it("ignores question words, so they do not lift notes that merely contain them", async () => {
    const { search } = await searchFixture([
      {
        id: "id__Filler",
        title: "Chat",
        body: "what did you do and what was it like, what did they say",
      },
      { id: "id__Answer", title: "Hiking", body: "Melanie went hiking in the mountains" },
    ]);
    expect(okOf(await search("what did Melanie do")).map((r) => r.id)).toEqual(["id__Answer"]);
  });

  it("searches a query made only of stopwords word by word instead of finding nothing", async () => {
    const { search } = await searchFixture([
      { id: "id__TheWho", title: "The Who", body: "a band" },
      { id: "id__Other0", title: "Kinks", body: "another band" },
    ]);
    expect(ids(okOf(await search("the who")))).toEqual(["id__TheWho"]);
    expect(okOf(await search("the who"))[0]?.snippet).toBe("a band");
  });

  it("filters by tag, nested tags included, with or without #, any case", async () => {
    const { search } = await searchFixture([
      { id: "id__Nested", title: "Deploy steps", body: "#infra/deploy\n\ndeploy it" },
      { id: "id__Parent", title: "Deploy costs", body: "#Infra\n\ndeploy it" },
      { id: "id__Social", title: "Deploy party", body: "#social\n\ndeploy it" },
    ]);
    expect(ids(okOf(await search("deploy", { tag: "infra" })))).toEqual([
      "id__Nested",
      "id__Parent",
    ]);
    expect(ids(okOf(await search("deploy", { tag: "#INFRA/deploy" })))).toEqual(["id__Nested"]);
    expect(okOf(await search("deploy", { tag: "infrastructure" }))).toEqual([]);
    expect(errOf(await search("deploy", { tag: "no spaces allowed" })).code).toBe("INVALID_INPUT");
  });

  it("lifts, by feedback, the matching notes that share the best hits' words", async () => {
    // Twelve notes say "garden"; the three that also talk about tomatoes like the best hits
    // do rank above the ones that only mention the garden once among other things.
    const notes = [
      ...["a", "b", "c"].map((x) => ({
        id: `id__Tomat${x}`,
        title: `Tomatoes ${x}`,
        body: "garden garden tomatoes basil tomatoes basil",
      })),
      { id: "id__TomatX", title: "Plot", body: "garden tomatoes basil compost" },
      ...Array.from({ length: 9 }, (_, i) => ({
        id: `id__Other${i}`,
        title: `Errand ${i}`,
        body: "garden fence paint bicycle",
      })),
    ];
    const { search } = await searchFixture(notes);
    const results = okOf(await search("garden", { limit: 4 }));
    expect(results.map((r) => r.id)).toContain("id__TomatX");
  });
});
