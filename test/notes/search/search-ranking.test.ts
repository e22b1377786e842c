import { describe, expect, it } from "vitest";

import { searchFixture } from "./search-fixture.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const FILLER = "some ordinary words about the week and what happened in it";

describe("searchNotes ranking", () => {
  it("ranks a title match above a body mention", async () => {
    const { search } = await searchFixture([
      { id: "id__Body00", title: "Weekly notes", body: `${FILLER}, the console came up once.` },
      { id: "id__Title0", title: "Console app", body: FILLER },
    ]);
    const results = okOf(await search("console"));
    expect(results.map((result) => result.id)).toEqual(["id__Title0", "id__Body00"]);
    expect(results[0]?.score).toBeGreaterThan(results[1]?.score ?? Infinity);
    expect(Object.keys(results[0] ?? {}).toSorted()).toEqual([
      "id",
      "score",
      "scores",
      "snippet",
      "status",
      "title",
    ]);
    expect(results[0]?.scores).toEqual({ lexical: results[0]?.score, graph: 0, vector: null });
  });

  it("ranks a tag match above a body mention", async () => {
    const { search } = await searchFixture([
      { id: "id__Body00", title: "Meeting", body: `${FILLER}, design was mentioned.` },
      { id: "id__Tag000", title: "Palette", body: `#design\n\n${FILLER}` },
    ]);
    const results = okOf(await search("design"));
    expect(results.map((result) => result.id)).toEqual(["id__Tag000", "id__Body00"]);
  });

  it("ranks notes matching more of the query words higher", async () => {
    const { search } = await searchFixture([
      { id: "id__One000", title: "Alpha", body: `${FILLER} deploy` },
      { id: "id__Two000", title: "Beta", body: `${FILLER} deploy schema` },
    ]);
    const results = okOf(await search("deploy schema"));
    expect(results.map((result) => result.id)).toEqual(["id__Two000", "id__One000"]);
  });

  it("filters by status", async () => {
    const { search } = await searchFixture([
      { id: "id__Active", title: "Release plan", body: FILLER },
      { id: "id__Archiv", title: "Release plan 2019", body: FILLER, folder: "archive" },
      { id: "id__Inbox0", title: "Release idea", body: FILLER, folder: "inbox" },
    ]);
    const ids = async (status?: "active" | "archived" | "inbox") =>
      okOf(await search("release", status === undefined ? {} : { status })).map((r) => r.id);
    expect((await ids()).toSorted()).toEqual(["id__Active", "id__Archiv", "id__Inbox0"]);
    expect(await ids("archived")).toEqual(["id__Archiv"]);
    expect(await ids("active")).toEqual(["id__Active"]);
    expect(await ids("inbox")).toEqual(["id__Inbox0"]);
  });

  it("returns 10 results by default and honours limit", async () => {
    const notes = Array.from({ length: 15 }, (_, i) => ({
      id: `id__Lim${String(i).padStart(3, "0")}`,
      title: `Budget ${i}`,
      body: FILLER,
    }));
    const { search } = await searchFixture(notes);
    expect(okOf(await search("budget"))).toHaveLength(10);
    expect(okOf(await search("budget", { limit: 3 }))).toHaveLength(3);
    expect(okOf(await search("budget", { limit: 100 }))).toHaveLength(15);
  });

  it("orders equal scores by id", async () => {
    const { search } = await searchFixture([
      { id: "id__Zzzzzz", title: "Same note", body: "identical text" },
      { id: "id__Aaaaaa", title: "Same note", body: "identical text" },
      { id: "id__Mmmmmm", title: "Same note", body: "identical text" },
    ]);
    const results = okOf(await search("identical"));
    expect(results.map((result) => result.id)).toEqual(["id__Aaaaaa", "id__Mmmmmm", "id__Zzzzzz"]);
    expect(new Set(results.map((result) => result.score)).size).toBe(1);
  });

  it("returns an empty list when nothing matches", async () => {
    const { search } = await searchFixture([{ id: "id__Only00", title: "Alpha", body: FILLER }]);
    expect(okOf(await search("xylophone"))).toEqual([]);
  });

  it("refuses a blank query, a query without words, a bad limit or status", async () => {
    const { search } = await searchFixture([{ id: "id__Only00", title: "Alpha", body: FILLER }]);
    const refusals = [
      await search(""),
      await search("   \n"),
      await search("!!! ???"),
      await search("x".repeat(1001)),
      await search("alpha", { limit: 0 }),
      await search("alpha", { limit: 101 }),
      await search("alpha", { limit: 2.5 }),
      await search("alpha", { limit: Number.NaN }),
      await search("alpha", { status: "deleted" as "active" }),
    ];
    for (const refusal of refusals) {
      expect(errOf(refusal).code).toBe("INVALID_INPUT");
    }
    const messages = refusals.map((refusal) => errOf(refusal).message);
    expect(messages[0]).toMatch(/needs a query/);
    expect(messages[4]).toMatch(/from 1 to 100/);
  });
});
