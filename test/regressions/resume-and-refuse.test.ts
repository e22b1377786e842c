import * as git from "isomorphic-git";
import { fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import type {
  MarkConsolidatedInput,
  MarkConsolidatedOutput,
} from "../../src/lifecycle/consolidate/consolidation-steps.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { okOf } from "../helpers/result-helpers.js";

const ANSWER = JSON.stringify({
  notes: [{ op: "create", key: "k", title: "A fact", tags: [], body: "b" }],
  inbox: [],
});

describe("a resumed consolidation", () => {
  it("consumes only the session-log sections its saved plan was made from", async () => {
    const { memory } = await freshMemory({ llm: llmFromFunction(() => ANSWER) });
    okOf(await memory.sessionLog.append({ what: "first", why: "w", how: "h", next: "n" }));
    const failing = fromPromise<MarkConsolidatedOutput, MarkConsolidatedInput>(async () => {
      throw new Error("killed after writing");
    });
    expect((await memory.consolidate({ actors: { markConsolidated: failing } })).isErr()).toBe(
      true,
    );
    okOf(
      await memory.sessionLog.append({
        what: "second, logged after the stop",
        why: "w",
        how: "h",
        next: "n",
      }),
    );
    const resumed = okOf(await memory.consolidate());
    expect(resumed.consumedSessions).toHaveLength(1);
    const left = okOf(await memory.sessionLog.unconsumed());
    expect(left.map((session) => session.what)).toEqual(["second, logged after the stop"]);
  });
});

describe("a held defrag decision (its actions mostly refused)", () => {
  it("commits nothing, not even the snapshot", async () => {
    const decision = {
      hotTier: [],
      warmTier: [],
      actions: [{ type: "archive", id: "id__Nope00" }],
    };
    const { memory, fs, root } = await freshMemory({
      llm: llmFromFunction(() => JSON.stringify(decision)),
    });
    await seedNotes(fs, root, [{ id: "id__AAAAAA", title: "A", body: "a" }]);
    okOf(await memory.commit("seed"));
    await seedNotes(fs, root, [{ id: "id__BBBBBB", title: "Uncommitted", body: "b" }]);
    const before = (await git.log({ fs, dir: root })).length;
    const report = okOf(await memory.defrag());
    expect(report.held).toBe(true);
    expect(report.refused?.map((refusal) => refusal.rule)).toEqual(["unknown-id"]);
    expect((await git.log({ fs, dir: root })).length).toBe(before);
  });
});
