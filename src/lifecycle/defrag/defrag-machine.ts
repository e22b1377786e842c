import { assign, fromPromise, setup } from "xstate";
import type { AppliedDefrag } from "./apply-decision.js";
import type { DefragDecision } from "./defrag-decision.js";
import type {
  AnalyzeOutput,
  ApplyInput,
  ApplyOutput,
  DefragCommitInput,
  DefragCommitOutput,
  DefragStep,
  PlanInput,
  PlanOutput,
  SnapshotInput,
  SnapshotOutput,
  UpdateIndexInput,
  UpdateIndexOutput,
  ValidateInput,
  ValidateOutput,
} from "./defrag-steps.js";
import { DEFAULT_GUARDRAILS, type RefusedAction } from "./validate-decision.js";
import type { BudgetStop, SpendFigures } from "../spend/spend-meter.js";

/** What a defrag run is started with. */
export interface DefragMachineInput {
  /** Stop after validation: print the plan, change nothing. */
  readonly dryRun?: boolean;
}

/** How a defrag run ended. */
export type DefragOutput =
  | {
      readonly status: "done";
      /** The commit holding the state before defrag. */
      readonly snapshot: string | null;
      /** The validated decision (what a dry run would apply). */
      readonly decision: DefragDecision | null;
      readonly applied: AppliedDefrag["applied"];
      readonly created: readonly string[];
      /** Body-changing actions left out because their notes changed since the decision. */
      readonly skipped?: AppliedDefrag["applied"];
      /** How many secrets the scrubber removed from the text the model wrote. */
      readonly redactions?: number;
      /** How many actions the model proposed, over all batches. */
      readonly proposed?: number;
      /** Every action (and tier entry) validation left out, with its rule and reason. */
      readonly refused?: readonly RefusedAction[];
      /**
       * Whether the run was held: more than half the proposed actions were refused, so nothing
       * was applied and the proposal was saved for review at `heldPlan`.
       */
      readonly held?: boolean;
      readonly heldPlan?: string | null;
      readonly commit: string | null;
      readonly dryRun: boolean;
      readonly batches: number;
      /**
       * The spend cap stopped the run before a batch's model call: the batches before it were
       * applied as any run's, the others left as they were. The run is not finished.
       */
      readonly budgetStop?: BudgetStop;
      /** What the run's model calls spent (the commit carries it as a Model-Tokens trailer). */
      readonly spend?: SpendFigures;
    }
  | { readonly status: "failed"; readonly step: DefragStep; readonly error: unknown };

const EMPTY_ANALYSIS: AnalyzeOutput = {
  run: "",
  notes: [],
  indexBody: "",
  hot: [],
  warm: [],
  batches: [],
  findings: [],
  guardrails: DEFAULT_GUARDRAILS,
};
const NOTHING_APPLIED: AppliedDefrag = { applied: [], created: [], files: [] };

interface DefragRunData {
  readonly dryRun: boolean;
  readonly snapshot: string | null;
  readonly analysis: AnalyzeOutput;
  readonly decisions: readonly DefragDecision[];
  readonly budgetStop: BudgetStop | undefined;
  readonly decision: DefragDecision | null;
  readonly screened: Omit<ValidateOutput, "decision">;
  readonly applied: AppliedDefrag;
  readonly indexFiles: readonly string[];
  readonly commit: string | null;
  readonly failure: { readonly step: DefragStep; readonly error: unknown } | undefined;
}

const notProvided = (step: DefragStep) => async (): Promise<never> => {
  throw new Error(
    `The defrag step "${step}" has no actor: build the machine with memory.defragMachine().`,
  );
};

/** The transition a failed step takes: to `failed`, recording which step it was. */
const failAt = (step: DefragStep) =>
  ({ target: "failed", actions: { type: "recordFailure", params: { step } } }) as const;

/**
 * The defrag machine: analyze, plan (the LLM), validate, snapshot (commit the state before
 * anything changes; after validation, so a refused decision commits nothing either), apply,
 * updateIndex, commit. Placeholders here; `memory.defragMachine()` provides the defaults, and a host
 * replaces any step with `provide`. Validation leaves out each action that breaks a rule and
 * keeps the rest; a run with more than half its actions refused is held (ends after
 * `validate`, nothing changed, its proposal saved for review).
 */
export const defragMachine = setup({
  types: {
    context: {} as DefragRunData,
    input: {} as DefragMachineInput,
    output: {} as DefragOutput,
  },
  actors: {
    snapshot: fromPromise<SnapshotOutput, SnapshotInput>(notProvided("snapshot")),
    analyze: fromPromise<AnalyzeOutput, Record<string, never>>(notProvided("analyze")),
    plan: fromPromise<PlanOutput, PlanInput>(notProvided("plan")),
    validate: fromPromise<ValidateOutput, ValidateInput>(notProvided("validate")),
    apply: fromPromise<ApplyOutput, ApplyInput>(notProvided("apply")),
    updateIndex: fromPromise<UpdateIndexOutput, UpdateIndexInput>(notProvided("updateIndex")),
    commit: fromPromise<DefragCommitOutput, DefragCommitInput>(notProvided("commit")),
  },
  actions: {
    // Every step's onError: the run ends in `failed`, naming the step and keeping its error.
    recordFailure: assign(({ event }, params: { readonly step: DefragStep }) => ({
      failure: { step: params.step, error: "error" in event ? event.error : event },
    })),
  },
  guards: {
    isDryRun: ({ context }) => context.dryRun,
    nothingToDo: ({ context }) => context.analysis.batches.length === 0,
    isHeld: ({ context }) => context.screened.held === true,
  },
}).createMachine({
  id: "defrag",
  context: ({ input }) => ({
    dryRun: input.dryRun === true,
    snapshot: null,
    analysis: EMPTY_ANALYSIS,
    decisions: [],
    budgetStop: undefined,
    decision: null,
    screened: {},
    applied: NOTHING_APPLIED,
    indexFiles: [],
    commit: null,
    failure: undefined,
  }),
  initial: "analyze",
  states: {
    analyze: {
      invoke: {
        src: "analyze",
        input: () => ({}),
        onDone: {
          target: "routeAnalysis",
          actions: assign({ analysis: ({ event }) => event.output }),
        },
        onError: failAt("analyze"),
      },
    },
    routeAnalysis: { always: [{ guard: "nothingToDo", target: "done" }, { target: "plan" }] },
    plan: {
      invoke: {
        src: "plan",
        input: ({ context }) => ({ analysis: context.analysis }),
        onDone: {
          target: "validate",
          actions: assign({
            decisions: ({ event }) => event.output.decisions,
            budgetStop: ({ event }) => event.output.budgetStop,
          }),
        },
        onError: failAt("plan"),
      },
    },
    validate: {
      invoke: {
        src: "validate",
        input: ({ context }) => ({
          analysis: context.analysis,
          decisions: context.decisions,
          dryRun: context.dryRun,
        }),
        onDone: {
          target: "routeValidated",
          actions: assign({
            decision: ({ event }) => event.output.decision,
            screened: ({ event }) => {
              const { decision: _decision, ...rest } = event.output;
              return rest;
            },
          }),
        },
        onError: failAt("validate"),
      },
    },
    routeValidated: {
      always: [
        { guard: "isDryRun", target: "done" },
        { guard: "isHeld", target: "done" },
        { target: "snapshot" },
      ],
    },
    snapshot: {
      invoke: {
        src: "snapshot",
        input: ({ context }) => ({ dryRun: context.dryRun }),
        onDone: {
          target: "apply",
          actions: assign({ snapshot: ({ event }) => event.output.commit }),
        },
        onError: failAt("snapshot"),
      },
    },
    apply: {
      invoke: {
        src: "apply",
        input: ({ context }) => ({
          run: context.analysis.run,
          decision: context.decision ?? { hotTier: [], warmTier: [], actions: [] },
        }),
        onDone: {
          target: "updateIndex",
          actions: assign({ applied: ({ event }) => event.output }),
        },
        onError: failAt("apply"),
      },
    },
    updateIndex: {
      invoke: {
        src: "updateIndex",
        input: ({ context }) => ({
          hot: context.decision?.hotTier ?? [],
          warm: context.decision?.warmTier ?? [],
        }),
        onDone: {
          target: "commit",
          actions: assign({ indexFiles: ({ event }) => event.output.files }),
        },
        onError: failAt("updateIndex"),
      },
    },
    commit: {
      invoke: {
        src: "commit",
        input: ({ context }) => ({
          applied: context.applied,
          hot: context.decision?.hotTier ?? [],
          warm: context.decision?.warmTier ?? [],
          files: [...context.applied.files, ...context.indexFiles],
        }),
        onDone: { target: "done", actions: assign({ commit: ({ event }) => event.output.commit }) },
        onError: failAt("commit"),
      },
    },
    done: { type: "final" },
    failed: { type: "final" },
  },
  output: ({ context }): DefragOutput =>
    context.failure !== undefined
      ? { status: "failed", ...context.failure }
      : {
          status: "done",
          snapshot: context.snapshot,
          decision: context.decision,
          applied: context.applied.applied,
          created: context.applied.created,
          skipped: context.applied.skipped ?? [],
          redactions: context.applied.redactions ?? 0,
          proposed: context.screened.proposed ?? context.decision?.actions.length ?? 0,
          refused: context.screened.refused ?? [],
          held: context.screened.held === true,
          heldPlan: context.screened.heldPlan ?? null,
          commit: context.commit,
          dryRun: context.dryRun,
          batches: context.analysis.batches.length,
          ...(context.budgetStop === undefined ? {} : { budgetStop: context.budgetStop }),
        },
});
