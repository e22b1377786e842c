import { createActor, toPromise } from "xstate";
import { ResultAsync } from "neverthrow";
import { PipelineError } from "../ports/errors.js";
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
 */
export function runConsolidation(
  machine: typeof consolidationMachine,
  options: ConsolidateOptions = {},
): ResultAsync<ConsolidationReport, PipelineError> {
  const run = async (): Promise<ConsolidationReport> => {
    const actor = createActor(machine, { input: { dryRun: options.dryRun === true } });
    const { signal } = options;
    if (signal?.aborted === true)
      throw new PipelineError("start", "The consolidation was aborted before it started.");
    let onAbort: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => {
        const step = String(actor.getSnapshot().value);
        // Settle first: stopping the actor rejects toPromise with a less useful error.
        reject(
          new PipelineError(
            step,
            `The consolidation was aborted during ${step}; pending entries stay pending.`,
            { cause: signal?.reason },
          ),
        );
        actor.stop();
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    });
    try {
      actor.start();
      const output = await Promise.race([toPromise(actor), aborted]);
      if (output.status === "failed") {
        const cause = output.error;
        const why = cause instanceof Error ? cause.message : String(cause);
        throw new PipelineError(output.step, `Consolidation failed at ${output.step}: ${why}`, {
          cause,
        });
      }
      return output;
    } finally {
      if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
    }
  };
  return ResultAsync.fromPromise(run(), (error) =>
    error instanceof PipelineError
      ? error
      : new PipelineError("unknown", `Consolidation crashed: ${String(error)}`, { cause: error }),
  );
}
