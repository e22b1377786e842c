import { fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import type { ConsolidationActors } from "../../../src/lifecycle/consolidate/consolidation-actors.js";
import {
  CONSOLIDATION_STEPS,
  type ConsolidationStep,
} from "../../../src/lifecycle/consolidate/consolidation-steps.js";
import type {
  RunAgentInput,
  RunAgentOutput,
} from "../../../src/lifecycle/consolidate/consolidation-steps.js";
import { runConsolidation } from "../../../src/lifecycle/consolidate/run-consolidation.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const ANSWER = JSON.stringify({
  notes: [
    {
      op: "create",
      key: "fact",
      title: "The build uses pnpm",
      tags: ["tooling"],
      body: "Since 2026-11-20.",
    },
  ],
  inbox: [],
});

/** A memory with one pending journal entry and an LLM that always gives ANSWER. */
async function pendingMemory() {
  let calls = 0;
  const llm = llmFromFunction(() => {
    calls++;
    return ANSWER;
  });
  const fresh = await freshMemory({ llm });
  okOf(
    await fresh.memory.journal.add({
      harness: "manual",
      retrieval: { method: "none" },
      note: "we moved to pnpm",
    }),
  );
  return { ...fresh, calls: () => calls };
}

/** The memory's machine with some steps replaced: what a host does with `provide`. */
function createTestMachine(
  memory: Awaited<ReturnType<typeof pendingMemory>>["memory"],
  overrides: Partial<ConsolidationActors>,
) {
  return memory.consolidationMachine().provide({ actors: overrides });
}

const failing = <Out, In>(step: string) =>
  fromPromise<Out, In>(async () => {
    throw new Error(`injected failure in ${step}`);
  });

describe("the consolidation machine", () => {
  it("lets a host replace a step with a typed actor", async () => {
    const { memory } = await pendingMemory();
    const seen: RunAgentInput[] = [];
    const runAgent = fromPromise<RunAgentOutput, RunAgentInput>(async ({ input }) => {
      seen.push(input);
      return { answer: ANSWER };
    });
    const report = okOf(await runConsolidation(createTestMachine(memory, { runAgent })));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.prompt.prompt).toContain("we moved to pnpm");
    expect(report.created).toHaveLength(1);
  });

  it("a dry run returns the validated plan and writes nothing", async () => {
    const { memory, persistence } = await pendingMemory();
    const before = okOf(await persistence.list());
    const report = okOf(await memory.consolidate({ dryRun: true }));
    expect(report.plan?.creates.map((create) => create.title)).toEqual(["The build uses pnpm"]);
    expect(report.consumed).toEqual([]);
    // The model was asked: its spend is in the private ledger; no other file changed.
    expect(
      okOf(await persistence.list()).filter((file) => file.path !== ".agent-memory/spend.jsonl"),
    ).toEqual(before);
  });

  it.each(CONSOLIDATION_STEPS.map((step) => [step]))(
    "a failure in %s names the step, leaves the entry pending and no note half-written; a re-run converges",
    async (step: ConsolidationStep) => {
      const { memory, calls } = await pendingMemory();
      const result = await memory.consolidate({ actors: { [step]: failing(step) } });
      const error = errOf(result);
      expect(error.code).toBe("PIPELINE");
      expect(error.message).toContain(step);
      // A commit failure comes after the entries moved to done; every earlier one leaves them pending.
      expect(okOf(await memory.journal.pending())).toHaveLength(step === "commitRun" ? 0 : 1);
      for (const meta of okOf(await memory.list())) {
        expect(okOf(await memory.read(meta.id)).title).toBe("The build uses pnpm");
      }
      const callsBefore = calls();
      okOf(await memory.consolidate());
      expect(okOf(await memory.journal.pending())).toEqual([]);
      const titles = okOf(await memory.list()).map((meta) => meta.title);
      expect(titles).toEqual(["The build uses pnpm"]);
      // A run that stopped after saving its plan resumes it without asking the model again.
      const resumed = ["markConsolidated", "commitRun"].includes(step);
      expect(calls() === callsBefore).toBe(resumed);
    },
  );

  it("aborting stops the run at the LLM call, which receives the signal", async () => {
    let sawAbort = false;
    const asking: { asked?: () => void } = {};
    const modelAsked = new Promise<void>((resolve) => (asking.asked = resolve));
    const llm = llmFromFunction(
      ({ signal }) =>
        new Promise<string>((_, reject) => {
          signal?.addEventListener("abort", () => {
            sawAbort = true;
            reject(new Error("aborted"));
          });
          asking.asked?.();
        }),
    );
    const { memory } = await freshMemory({ llm });
    okOf(await memory.journal.add({ harness: "manual", retrieval: { method: "none" }, note: "x" }));
    const controller = new AbortController();
    const running = memory.consolidate({ signal: controller.signal });
    // Aborted while the model works on the request (no fixed wait: on a busy machine the
    // pipeline may take longer than any to get there).
    await modelAsked;
    controller.abort();
    const error = errOf(await running);
    expect(error.code === "PIPELINE" ? error.step : error.code).toBe("runAgent");
    expect(sawAbort).toBe(true);
    expect(okOf(await memory.journal.pending())).toHaveLength(1);
  });
});

describe("a host with its own agent step", () => {
  it("consolidates without an LLM port when it provides runAgent", async () => {
    const { memory } = await freshMemory();
    okOf(await memory.journal.add({ harness: "manual", retrieval: { method: "none" }, note: "x" }));
    const runAgent = fromPromise<RunAgentOutput, RunAgentInput>(async () => ({ answer: ANSWER }));
    const report = okOf(await memory.consolidate({ actors: { runAgent } }));
    expect(report.created).toHaveLength(1);
  });
});
