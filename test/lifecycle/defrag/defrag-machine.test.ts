import { fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { runDefrag } from "../../../src/lifecycle/defrag/defrag-api.js";
import {
  DEFRAG_STEPS,
  type PlanInput,
  type PlanOutput,
} from "../../../src/lifecycle/defrag/defrag-steps.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

async function memory() {
  const llm = llmFromFunction(() =>
    JSON.stringify({ hotTier: ["id__AAAAAA"], warmTier: [], actions: [] }),
  );
  const fresh = await freshMemory({ llm });
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__AAAAAA", title: "A", body: "[[id__BBBBBB|b]]" },
    { id: "id__BBBBBB", title: "B", body: "b" },
  ]);
  return fresh;
}

describe("the defrag machine", () => {
  it("lets a host replace the plan step with a typed actor", async () => {
    const { memory: m } = await memory();
    const plan = fromPromise<PlanOutput, PlanInput>(async ({ input }) => ({
      decisions: input.analysis.batches.map(() => ({
        hotTier: ["id__BBBBBB"],
        warmTier: [],
        actions: [],
      })),
    }));
    const report = okOf(await runDefrag(m.defragMachine().provide({ actors: { plan } })));
    expect(report.decision?.hotTier).toEqual(["id__BBBBBB"]);
    expect(okOf(await m.index.get()).hot.map((e) => e.id)).toEqual(["id__BBBBBB"]);
  });

  it.each(DEFRAG_STEPS.map((step) => [step]))("a failure in %s names the step", async (step) => {
    const { memory: m } = await memory();
    const failing = fromPromise<never, unknown>(async () => {
      throw new Error(`injected ${step}`);
    });
    const error = errOf(await m.defrag({ actors: { [step]: failing } }));
    expect(error.code === "PIPELINE" ? error.step : error.code).toBe(step);
  });

  it("refuses to run without an LLM", async () => {
    const { persistence } = await memory();
    const { createMemory } = await import("../../../src/memory.js");
    expect(errOf(await createMemory({ persistence }).defrag()).code).toBe("LLM");
  });
});
