import type { StaleReferences } from "../../notes/verify/stale-references.js";
import { err, ok, type Result } from "neverthrow";
import { fromPromise } from "xstate";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { Git } from "../../ports/git.js";
import type { ModelCalls, SpendFigures } from "../spend/spend-meter.js";
import { withSpendTrailer } from "../spend/spend-trailer.js";
import type { Persistence } from "../../ports/persistence.js";
import { analyzeForDefrag } from "./analyze-for-defrag.js";
import { applyDecision } from "./apply-decision.js";
import { combineDecisions, splitPartId } from "./combine-decisions.js";
import { defragMessage } from "./defrag-message.js";
import { saveHeldPlan } from "./held-plan.js";
import type {
  AnalyzeOutput,
  ApplyInput,
  ApplyOutput,
  DefragCommitInput,
  DefragCommitOutput,
  PlanInput,
  PlanOutput,
  SnapshotInput,
  SnapshotOutput,
  UpdateIndexInput,
  UpdateIndexOutput,
  ValidateInput,
  ValidateOutput,
} from "./defrag-steps.js";
import { planDecisions } from "./plan-decisions.js";
import type { DefragGuardrails } from "./validate-decision.js";
import { commitMemory } from "../../notes/commit-memory.js";

/** What the default defrag actors are built from. */
export interface DefragDeps {
  readonly memory: NotesMemory;
  readonly persistence: Persistence;
  readonly git: Git | undefined;
  /** The model, metered: each call is counted and checked against the spend caps. */
  readonly llm: ModelCalls;
  /** What the run's model calls spent so far (for the commit's trailer); none: no trailer. */
  readonly spend?: () => SpendFigures;
  readonly now: () => number;
  readonly guardrails: DefragGuardrails;
  /** Token budget of one defrag prompt (4 characters a token). Default 12,000. */
  readonly budgetTokens: number;
  /** Verify findings for the notes (absent: no project to check against). */
  readonly staleReferences?: StaleReferences;
}

async function orThrow<T, E>(result: PromiseLike<Result<T, E>>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw settled.error;
  return settled.value;
}

/** The default defrag actors; each wraps a plain function tests can call directly. */
export function createDefragActors(deps: DefragDeps) {
  return {
    snapshot: fromPromise<SnapshotOutput, SnapshotInput>(async ({ input }) => ({
      commit:
        deps.git === undefined || input.dryRun
          ? null
          : await orThrow(commitMemory(deps.git, "memory: snapshot before defrag")),
    })),
    analyze: fromPromise<AnalyzeOutput, Record<string, never>>(() =>
      orThrow(
        analyzeForDefrag({
          memory: deps.memory,
          persistence: deps.persistence,
          now: deps.now,
          guardrails: deps.guardrails,
          // Half the prompt for note lines; the findings (capped) and instructions take the rest.
          noteBudgetChars: Math.floor((deps.budgetTokens * 4) / 2),
          ...(deps.staleReferences === undefined ? {} : { staleReferences: deps.staleReferences }),
        }),
      ),
    ),
    plan: fromPromise<PlanOutput, PlanInput>(({ input, signal }) =>
      orThrow(planDecisions(deps.llm, input, signal)),
    ),
    validate: fromPromise<ValidateOutput, ValidateInput>(async ({ input }) => {
      const combined = combineDecisions(input.analysis, input.decisions);
      const heldPlan =
        combined.held && input.dryRun !== true
          ? await orThrow(saveHeldPlan(deps.persistence, input.analysis.run, combined))
          : null;
      return { ...combined, heldPlan };
    }),
    apply: fromPromise<ApplyOutput, ApplyInput>(({ input }) =>
      orThrow(applyDecision(deps.memory, input.decision, splitPartId(input.run))),
    ),
    updateIndex: fromPromise<UpdateIndexOutput, UpdateIndexInput>(async ({ input }) => {
      await orThrow(deps.memory.index.set({ hot: input.hot, warm: input.warm }));
      // Always offered to the commit: git leaves an unchanged file out by itself.
      return { files: ["index.md"] };
    }),
    commit: fromPromise<DefragCommitOutput, DefragCommitInput>(async ({ input }) => ({
      commit: await orThrow(commitDefrag(deps.git, input, deps.spend?.())),
    })),
  };
}

/** The default actors' type: what `defragMachine.provide({ actors })` accepts. */
export type DefragActors = ReturnType<typeof createDefragActors>;

async function commitDefrag(
  git: Git | undefined,
  input: DefragCommitInput,
  spent: SpendFigures | undefined,
) {
  if (git === undefined || input.files.length === 0) return ok(null);
  const message = defragMessage(input);
  const committed = await git.commit(
    spent === undefined ? message : withSpendTrailer(message, spent),
    input.files,
  );
  return committed.isErr() ? err(committed.error) : ok(committed.value);
}
