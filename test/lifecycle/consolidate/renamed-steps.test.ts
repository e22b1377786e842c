/**
 * Issue 29: the steps that select the related notes, write the notes and commit the run are
 * named `selectRelatedNotes`, `writeNotes` and `commitRun`. A host that still provides an actor
 * under an old name (`selectContext`, `writeKbEntries`, `commitKnowledgeBase`) replaces the
 * renamed step for one release, through `machine.provide` and `memory.consolidate({ actors })`
 * alike; xstate alone would keep the actor under a name no state invokes, without a word.
 */
import { fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { consolidationMachine } from "../../../src/lifecycle/consolidate/consolidation-machine.js";
import { RENAMED_CONSOLIDATION_STEPS } from "../../../src/lifecycle/consolidate/renamed-steps.js";
import type {
  CommitRunInput,
  CommitRunOutput,
  SelectRelatedNotesInput,
  SelectRelatedNotesOutput,
  WriteNotesInput,
  WriteNotesOutput,
} from "../../../src/lifecycle/consolidate/consolidation-steps.js";
import { runConsolidation } from "../../../src/lifecycle/consolidate/run-consolidation.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const ANSWER = JSON.stringify({
  notes: [{ op: "create", key: "fact", title: "The build uses pnpm", tags: [], body: "Yes." }],
  inbox: [],
});

async function pendingMemory() {
  const fresh = await freshMemory({ llm: llmFromFunction(() => ANSWER) });
  okOf(
    await fresh.memory.journal.add({
      harness: "manual",
      retrieval: { method: "none" },
      note: "we moved to pnpm",
    }),
  );
  return fresh.memory;
}

/** An actor that fails with a message naming `who`: the run's error says which actor ran. */
const failingAs = <Out = never, In = unknown>(who: string) =>
  fromPromise<Out, In>(async () => {
    throw new Error(`the host's ${who}`);
  });

const renames = Object.entries(RENAMED_CONSOLIDATION_STEPS);

describe("a consolidation step provided under its old name", () => {
  it.each(renames)("%s replaces %s through machine.provide", async (old: string, step: string) => {
    const memory = await pendingMemory();
    const machine = memory.consolidationMachine().provide({ actors: { [old]: failingAs(old) } });
    const error = errOf(await runConsolidation(machine));
    expect(error.code === "PIPELINE" ? error.step : error.code).toBe(step);
    expect(String(error.cause)).toContain(`the host's ${old}`);
  });

  it.each(renames)(
    "%s replaces %s through memory.consolidate({ actors })",
    async (old: string, step: string) => {
      const memory = await pendingMemory();
      const error = errOf(await memory.consolidate({ actors: { [old]: failingAs(old) } }));
      expect(error.code === "PIPELINE" ? error.step : error.code).toBe(step);
      expect(String(error.cause)).toContain(`the host's ${old}`);
      // The host's step failed before anything was committed: the entry stays pending.
      expect(okOf(await memory.journal.pending())).toHaveLength(step === "commitRun" ? 0 : 1);
    },
  );

  it("an old name replaces the step and the run goes on with what it returned", async () => {
    const memory = await pendingMemory();
    const commitKnowledgeBase = fromPromise<CommitRunOutput, CommitRunInput>(async () => ({
      commit: "the host's commit",
    }));
    const report = okOf(await memory.consolidate({ actors: { commitKnowledgeBase } }));
    expect(report.commit).toBe("the host's commit");
    expect(report.created).toHaveLength(1);
  });

  it("the new name wins when both are given", async () => {
    const memory = await pendingMemory();
    const machine = memory.consolidationMachine().provide({
      actors: {
        writeKbEntries: failingAs<WriteNotesOutput, WriteNotesInput>("writeKbEntries"),
        writeNotes: failingAs<WriteNotesOutput, WriteNotesInput>("writeNotes"),
      },
    });
    const error = errOf(await runConsolidation(machine));
    expect(String(error.cause)).toContain("the host's writeNotes");
  });

  it("a machine provide returned takes old names too, and so does the exported machine", async () => {
    const memory = await pendingMemory();
    const chained = memory
      .consolidationMachine()
      .provide({ actors: {} })
      .provide({
        actors: {
          commitKnowledgeBase: failingAs<CommitRunOutput, CommitRunInput>("commitKnowledgeBase"),
        },
      });
    expect(String(errOf(await runConsolidation(chained)).cause)).toContain(
      "the host's commitKnowledgeBase",
    );
    const exported = consolidationMachine.provide({
      actors: {
        selectContext: failingAs<SelectRelatedNotesOutput, SelectRelatedNotesInput>(
          "selectContext",
        ),
      },
    });
    expect(exported.implementations.actors["selectRelatedNotes"]).toBeDefined();
    expect(exported.implementations.actors["selectContext"]).toBe(
      consolidationMachine.implementations.actors["selectContext"],
    );
  });
});

describe("a consolidation step provided under its new name", () => {
  it.each(renames.map(([, step]) => step))("%s replaces the step", async (step: string) => {
    const memory = await pendingMemory();
    const error = errOf(await memory.consolidate({ actors: { [step]: failingAs(step) } }));
    expect(error.code === "PIPELINE" ? error.step : error.code).toBe(step);
    expect(String(error.cause)).toContain(`the host's ${step}`);
  });
});
