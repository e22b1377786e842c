import { createActor } from "xstate";
import { ResultAsync } from "neverthrow";
import type { PipelineError } from "../../errors.js";
import { settleActor, toPipelineError } from "../machine/settle-actor.js";
import type { consolidationMachine, ConsolidationOutput } from "./consolidation-machine.js";

/** A successful run's report. */
export type ConsolidationReport = Extract<ConsolidationOutput, { status: "done" }>;

/** Options of a run. */
export interface ConsolidateOptions {
  /** Validate the model's plan and stop before writing anything. */
  readonly dryRun?: boolean;
  /** Stops the run; the step in flight (the LLM call, a session read) receives the abort. */
  readonly signal?: AbortSignal;
}

/**
 * Runs a consolidation machine (the memory's, or one a host built with `provide`) to its
 * end. A failed step becomes a PIPELINE error naming the step, with the step's error as its
 * cause; an abort stops the machine, which aborts the step in flight.
 *
 * @example
 * ```ts
 * const machine = memory.consolidationMachine().provide({ actors: { runAgent: myAgent } });
 * const report = await runConsolidation(machine, { dryRun: true });
 * ```
 */
export function runConsolidation(
  machine: typeof consolidationMachine,
  options: ConsolidateOptions = {},
): ResultAsync<ConsolidationReport, PipelineError> {
  const actor = createActor(machine, { input: { dryRun: options.dryRun === true } });
  return ResultAsync.fromPromise(
    settleActor<ConsolidationReport>(actor, "consolidation", options.signal),
    toPipelineError("consolidation"),
  );
}
