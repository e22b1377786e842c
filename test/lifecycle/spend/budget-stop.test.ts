import * as git from "isomorphic-git";
import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { createMemory } from "../../../src/memory.js";
import { BudgetError } from "../../../src/errors.js";
import { FLAT_TOKENIZER, TWO_CLUSTERS, usageModel } from "./spend-world.js";
import type { SpendProgress } from "../../../src/lifecycle/spend/spend-meter.js";

const NOW = Date.UTC(2026, 10, 27, 9);

async function twoClusterMemory(budget: { perRun?: number; perDay?: number }) {
  const { llm, requests } = usageModel();
  const progress: SpendProgress[] = [];
  const made = await freshMemory({
    llm,
    tokenizer: FLAT_TOKENIZER,
    now: () => NOW,
    budget: { answerReserve: 0, ...budget },
    onProgress: (event) => progress.push(event),
  });
  await seedNotes(made.fs, made.root, TWO_CLUSTERS);
  okOf(await made.memory.commit("seed"));
  return { ...made, llm, requests, progress };
}

const tagsOf = async (memory: Awaited<ReturnType<typeof twoClusterMemory>>["memory"], id: string) =>
  okOf(await memory.read(id)).tags;

describe("the spend cap, hit in the second batch of a defrag", () => {
  it("keeps the first batch, loses nothing, reports BUDGET, and the next run with budget finishes", async () => {
    // Each call needs 200 to be made and spends 1,050: the cap lets one call through.
    const world = await twoClusterMemory({ perRun: 1_200 });
    const { memory } = world;
    const report = okOf(await memory.defrag());
    expect(report.batches).toBe(2);
    expect(world.requests).toHaveLength(1);
    expect(report.budgetStop).toMatchObject({
      code: "BUDGET",
      scope: "run",
      cap: 1_200,
      spent: 1_050,
      left: 150,
      needed: 200,
    });
    expect(report.budgetStop?.message).toContain("--max-tokens");
    // The first batch's action was applied and committed; the second batch was not asked.
    expect(report.applied).toHaveLength(1);
    const retagged = report.applied[0]?.type === "retag" ? report.applied[0].id : "";
    expect(await tagsOf(memory, retagged)).toEqual(["kept"]);
    expect(report.commit).not.toBeNull();
    expect(report.spend).toEqual({
      inputTokens: 1_000,
      outputTokens: 50,
      calls: 1,
      counted: "provider",
    });
    // Every note is still there with every sentence.
    for (const note of TWO_CLUSTERS) {
      expect(okOf(await memory.read(note.id)).body.trim()).toBe(note.body.trim());
    }
    expect(okOf(await memory.commit("anything left?"))).toBeNull();

    // The next run with budget asks both batches and finishes.
    const next = okOf(await memory.defrag({ budget: { perRun: 10_000 } }));
    expect(next.budgetStop).toBeUndefined();
    expect(world.requests).toHaveLength(3);
    expect(next.spend?.calls).toBe(2);
    // A progress event per call, with the batch and the tokens so far.
    expect(
      world.progress.map((event) => [event.step?.batch, event.step?.of, event.runTokens]),
    ).toEqual([
      [1, 2, 1_050],
      [1, 2, 1_050],
      [2, 2, 2_100],
    ]);
  });

  it("stops before the first call when nothing fits: nothing applied, BUDGET with the figures", async () => {
    const world = await twoClusterMemory({ perRun: 100 });
    const report = okOf(await world.memory.defrag());
    expect(world.requests).toHaveLength(0);
    expect(report.applied).toEqual([]);
    expect(report.budgetStop).toMatchObject({
      scope: "run",
      cap: 100,
      spent: 0,
      left: 100,
      needed: 200,
    });
  });
});

describe("consolidation under the cap", () => {
  it("a refused call writes nothing and leaves the entry pending; with budget the next run consumes it", async () => {
    const world = await twoClusterMemory({ perRun: 150 });
    const { memory } = world;
    const entry = okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "Deploys use the release branch.",
      }),
    );
    const stopped = errOf(await memory.consolidate());
    if (!(stopped instanceof BudgetError)) throw new Error(`expected BUDGET, got ${stopped.code}`);
    expect(stopped.figures).toEqual({ scope: "run", cap: 150, spent: 0, left: 150, needed: 200 });
    expect(stopped.message).toContain("stay pending");
    expect(world.requests).toHaveLength(0);
    expect(okOf(await memory.journal.pending()).map((pending) => pending.id)).toEqual([entry.id]);

    const report = okOf(await memory.consolidate({ budget: { perRun: 5_000 } }));
    expect(report.consumed).toEqual([entry.id]);
    expect(report.spend).toMatchObject({ calls: 1, inputTokens: 1_000, outputTokens: 50 });
  });
});

describe("the ledger", () => {
  it("sums every run of the day, and the per-day cap counts the earlier runs", async () => {
    const world = await twoClusterMemory({});
    okOf(await world.memory.defrag());
    okOf(await world.memory.defrag());
    const spent = okOf(await world.memory.spend());
    expect(spent.today).toEqual({
      inputTokens: 4_000,
      outputTokens: 200,
      tokens: 4_200,
      calls: 4,
      runs: 2,
    });
    expect(spent.last7Days).toEqual(spent.today);
    expect(spent.estimatedCallsToday).toBe(0);

    // Another process on the same files, with a day cap of 4,300: 100 left, a call needs 200.
    const { llm, requests } = usageModel();
    const later = createMemory({
      persistence: world.persistence,
      git: world.git,
      llm,
      tokenizer: FLAT_TOKENIZER,
      now: () => NOW + 3_600_000,
      budget: { answerReserve: 0, perDay: 4_300 },
    });
    const report = okOf(await later.defrag());
    expect(requests).toHaveLength(0);
    expect(report.budgetStop).toMatchObject({ scope: "day", cap: 4_300, spent: 4_200, left: 100 });
    expect(report.budgetStop?.message).toContain("AGENT_MEMORY_MAX_TOKENS_PER_DAY");

    // The next UTC day starts from 0; yesterday's calls are folded into one day line.
    const tomorrow = createMemory({
      persistence: world.persistence,
      git: world.git,
      llm,
      tokenizer: FLAT_TOKENIZER,
      now: () => NOW + 86_400_000,
      budget: { answerReserve: 0, perDay: 4_300 },
    });
    const ran = okOf(await tomorrow.defrag());
    expect(ran.budgetStop).toBeUndefined();
    const ledger = okOf(await world.persistence.read(".agent-memory/spend.jsonl"));
    expect(ledger.split("\n")[0]).toBe(
      '{"day":"2026-11-27","in":4000,"out":200,"calls":4,"runs":2}',
    );
    const week = okOf(await tomorrow.spend());
    expect(week.today.tokens).toBe(2_100);
    expect(week.last7Days.tokens).toBe(6_300);
  });

  it("the run's commit carries a Model-Tokens trailer git can parse", async () => {
    const world = await twoClusterMemory({});
    const report = okOf(await world.memory.defrag());
    expect(report.commit).not.toBeNull();
    const [head] = await git.log({ fs: world.fs, dir: world.root, depth: 1 });
    expect(head?.commit.message).toContain(
      "\n\nModel-Tokens: in=2000 out=100 calls=2 counted=provider",
    );
  });
});
