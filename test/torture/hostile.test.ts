/**
 * Hostile answers (issue 12): for every way a model answer used to lose or break text, the
 * answer is given to a real memory (twice, so the repair turn cannot save it) and the
 * memory is checked as the fault sweep checks it.
 */
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { compare, freshWorld, memoryOver, picture } from "./world.js";

const LONG_NOTE = "id__Topic3";
/** Stands for the id of a note no session shares a word with, captured before each case. */
const UNSEEN = "UNSEEN_ID";
const create = (body: string) => ({ op: "create", key: "k", title: "A new note", tags: [], body });

const CONSOLIDATION: readonly (readonly [string, unknown])[] = [
  [
    "an inbox-only answer that archives every inbox note",
    {
      notes: [],
      inbox: ["id__Inbox1", "id__Inbox2", "id__Inbox3"].map((id) => ({ id, action: "archive" })),
    },
  ],
  [
    "an inbox merge cycle",
    {
      notes: [],
      inbox: [
        { id: "id__Inbox1", action: "merged", into: "id__Inbox2" },
        { id: "id__Inbox2", action: "merged", into: "id__Inbox1" },
      ],
    },
  ],
  [
    "an inbox merge chain",
    {
      notes: [],
      inbox: [
        { id: "id__Inbox1", action: "merged", into: "id__Inbox2" },
        { id: "id__Inbox2", action: "merged", into: "id__Topic1" },
      ],
    },
  ],
  [
    "prose that looks like a setting",
    { notes: [create("auth: enabled-for-staging. token = rotate-weekly-by-cron.")], inbox: [] },
  ],
  [
    "a body-replacing update of a note the prompt cut",
    {
      notes: [
        { op: "update", id: LONG_NOTE, title: "Long release checklist", tags: [], body: "Short." },
      ],
      inbox: [],
    },
  ],
  [
    "an update with an empty body",
    {
      notes: [
        {
          op: "update",
          id: "id__Topic1",
          title: "Deploys go through the release branch",
          tags: [],
          body: "",
        },
      ],
      inbox: [],
    },
  ],
  [
    "an update of a note it was never shown",
    {
      notes: [{ op: "update", id: UNSEEN, title: "Old scratch", tags: [], body: "Replaced." }],
      inbox: [],
    },
  ],
  [
    "a link to an id that does not exist",
    { notes: [create("See [[id__Nope99|ghost]].")], inbox: [] },
  ],
  ["a delete action", { notes: [], inbox: [{ id: "id__Inbox1", action: "delete" }] }],
  ["an append with no text", { notes: [{ op: "append", id: "id__Topic1", body: " " }], inbox: [] }],
];

const DEFRAG: readonly (readonly [string, unknown])[] = [
  [
    "a relink that replaces the body",
    { type: "relink", id: "id__Topic2", body: "See [[id__Topic1|deploys]]." },
  ],
  [
    "a split that loses a sentence",
    {
      type: "split",
      id: "id__Topic5",
      parts: [
        { title: "Roll back", tags: [], body: "Roll back by reverting the tag." },
        { title: "Alerts", tags: [], body: "Alerts exist." },
      ],
    },
  ],
  [
    "a merge whose body drops the source",
    { type: "merge", sources: ["id__Topic4"], target: "id__Topic2", body: "Only this." },
  ],
  ["an archive of a linked note that breaks nothing", { type: "archive", id: "id__Topic2" }],
];

describe("hostile consolidation answers lose nothing", () => {
  it.each(CONSOLIDATION)("%s", async (_name, answer) => {
    const world = await freshWorld();
    // Consolidation searches once per session, so in this small world every seed note is
    // shown; this one shares no word with any session, so the prompt never shows it.
    const unseen = await memoryOver(
      world.persistence,
      world.git,
      llmFromFunction(() => "{}"),
    ).capture(
      { title: "Quartz zebra", tags: [], body: "Quokkas yodel vividly near fjords." },
      { status: "active", commit: "seed" },
    );
    if (unseen.isErr()) throw unseen.error;
    const unseenId = unseen.value.id;
    const before = await picture(world.persistence);
    let prompt = "";
    const llm = llmFromFunction((request) => {
      // The first prompt: a repair prompt quotes the refused answer, id and all.
      if (prompt === "") prompt = request.prompt;
      return JSON.stringify(answer).replaceAll(UNSEEN, unseenId);
    });
    await memoryOver(world.persistence, world.git, llm).consolidate();
    expect(prompt).not.toContain(unseenId);
    const found = compare(before, await picture(world.persistence));
    expect(found).toEqual({ lost: [], brokenLinks: [], duplicateIds: [], consolidatedTwice: 0 });
  });
});

describe("hostile defrag decisions lose nothing", () => {
  it.each(DEFRAG)("%s", async (_name, action) => {
    const world = await freshWorld();
    const before = await picture(world.persistence);
    const llm = llmFromFunction(() =>
      JSON.stringify({ hotTier: [], warmTier: [], actions: [action] }),
    );
    await memoryOver(world.persistence, world.git, llm).defrag();
    const found = compare(before, await picture(world.persistence));
    expect(found).toEqual({ lost: [], brokenLinks: [], duplicateIds: [], consolidatedTwice: 0 });
  });
});
