import type { StaleReferences } from "../../notes/verify/stale-references.js";
import { createActor } from "xstate";
import { errAsync, ResultAsync } from "neverthrow";
import type { NotesMemory } from "../../notes/notes-memory.js";
import {
  LlmError,
  type LockError,
  type PersistenceError,
  type PipelineError,
} from "../../errors.js";
import { withPipelineLock } from "../machine/pipeline-lock.js";
import type { AcquireLock } from "../../notes/memory-lock.js";
import type { Git } from "../../ports/git.js";
import type { Llm } from "../../ports/llm.js";
import type { Persistence } from "../../ports/persistence.js";
import { settleActor, toPipelineError } from "../machine/settle-actor.js";
import { createDefragActors, type DefragActors } from "./defrag-actors.js";
import { defragMachine, type DefragOutput } from "./defrag-machine.js";
import { DEFAULT_GUARDRAILS, type DefragGuardrails } from "./validate-decision.js";
import type { ModelCalls, SpendFigures } from "../spend/spend-meter.js";
import { meterFor, type RunSpendOptions, type SpendWiring } from "../spend/spend-wiring.js";

/** A successful defrag run's report. */
export type DefragReport = Extract<DefragOutput, { status: "done" }>;

/** Options of a defrag run. */
export interface DefragOptions extends RunSpendOptions {
  /** Validate the plan and stop: nothing changes. */
  readonly dryRun?: boolean;
  /** Stops the run; the LLM call in flight receives the abort. */
  readonly signal?: AbortSignal;
  /** Replaces default steps for this run. */
  readonly actors?: Partial<DefragActors>;
}

/** Graph-aware defrag. */
export interface DefragApi {
  /** The defrag machine with this memory's default actors; replace steps with `provide`. */
  defragMachine(): typeof defragMachine;
  /** Runs defrag: snapshot, analyze, plan, validate, apply, updateIndex, commit. */
  defrag(
    options?: DefragOptions,
  ): ResultAsync<DefragReport, PipelineError | LlmError | LockError | PersistenceError>;
}

/** What defrag is built from. */
export interface DefragWiring {
  readonly persistence: Persistence;
  readonly git: Git | undefined;
  readonly llm: Llm | undefined;
  readonly now: () => number;
  /** The lock a whole run holds, so two runs never overlap; undefined: none. */
  readonly acquirePipelineLock: AcquireLock | undefined;
  readonly guardrails?: Partial<DefragGuardrails>;
  readonly budgetTokens?: number;
  /** How model calls are metered and capped. */
  readonly spend: SpendWiring;
  /** Verify findings for the notes (see `staleReferencesIn`). */
  readonly staleReferences?: StaleReferences;
}

const NO_LLM = "This memory has no LLM, so it cannot defrag: pass `llm` to createMemory.";

/**
 * Runs a defrag machine to its end; a failed step (a decision that broke a rule fails at
 * `validate`, with the rule in the cause) becomes a PIPELINE error naming the step.
 */
export function runDefrag(
  machine: typeof defragMachine,
  options: Pick<DefragOptions, "dryRun" | "signal"> = {},
): ResultAsync<DefragReport, PipelineError> {
  const actor = createActor(machine, { input: { dryRun: options.dryRun === true } });
  return ResultAsync.fromPromise(
    settleActor<DefragReport>(actor, "defrag", options.signal),
    toPipelineError("defrag"),
  );
}

/** Builds defrag over a memory's notes. */
export function bindDefrag(notes: NotesMemory, wiring: DefragWiring): DefragApi {
  const machineFor = (llm: ModelCalls, spend?: () => SpendFigures) =>
    defragMachine.provide({
      actors: createDefragActors({
        memory: notes,
        persistence: wiring.persistence,
        git: wiring.git,
        llm,
        now: wiring.now,
        guardrails: { ...DEFAULT_GUARDRAILS, ...wiring.guardrails },
        budgetTokens: wiring.budgetTokens ?? 12_000,
        ...(spend === undefined ? {} : { spend }),
        ...(wiring.staleReferences === undefined
          ? {}
          : { staleReferences: wiring.staleReferences }),
      }),
    });
  const placeholder: Llm = { complete: () => errAsync(new LlmError(NO_LLM)) };
  const meter = (options: RunSpendOptions = {}) =>
    meterFor(
      "defrag",
      wiring.llm ?? placeholder,
      wiring.persistence,
      wiring.now,
      wiring.spend,
      options,
    );
  return {
    defragMachine: () => {
      const metered = meter();
      return machineFor(metered, () => metered.figures());
    },
    defrag: (options = {}) => {
      // A host that brings its own plan step needs no LLM port.
      if (wiring.llm === undefined && options.actors?.plan === undefined)
        return errAsync(new LlmError(NO_LLM));
      const metered = meter(options);
      const base = machineFor(metered, () => metered.figures());
      const machine =
        options.actors === undefined ? base : base.provide({ actors: options.actors });
      return withPipelineLock(wiring.acquirePipelineLock, () =>
        runDefrag(machine, options).map((report) => ({ ...report, spend: metered.figures() })),
      );
    },
  };
}
