import { InvalidInputError } from "../../errors.js";
import type { AppliedDefrag } from "./apply-decision.js";
import type { DefragBatch } from "./defrag-batches.js";
import type { DefragDecision } from "./defrag-decision.js";
import type { DefragFindings } from "./defrag-prompt.js";
import type { SimNote } from "./dry-run-decision.js";
import type { DefragGuardrails, DefragRule, RefusedAction } from "./validate-decision.js";
import type { BudgetStop } from "../spend/spend-meter.js";

/** The steps of a defrag run, in order. */
export const DEFRAG_STEPS = [
  "analyze",
  "plan",
  "validate",
  "snapshot",
  "apply",
  "updateIndex",
  "commit",
] as const;

/** One step's name. */
export type DefragStep = (typeof DEFRAG_STEPS)[number];

/** snapshot input: a dry run commits nothing, not even the snapshot. */
export interface SnapshotInput {
  readonly dryRun: boolean;
}

/** snapshot: the commit holding the state before defrag (null without git or changes). */
export interface SnapshotOutput {
  readonly commit: string | null;
}

/** analyze: the notes, the batches that fit a prompt, and each batch's findings. */
export interface AnalyzeOutput {
  /** Digest of the analysed state and a random salt; split parts get ids derived from it. */
  readonly run: string;
  readonly notes: readonly SimNote[];
  readonly indexBody: string;
  readonly hot: readonly string[];
  readonly warm: readonly string[];
  readonly batches: readonly DefragBatch[];
  readonly findings: readonly DefragFindings[];
  readonly guardrails: DefragGuardrails;
}

/** plan input: the analysis. */
export interface PlanInput {
  readonly analysis: AnalyzeOutput;
}
/** plan output: one decision per batch. */
export interface PlanOutput {
  readonly decisions: readonly DefragDecision[];
  /** The spend cap stopped the asking: the batches after it got no action. */
  readonly budgetStop?: BudgetStop;
}

/** validate input. */
export interface ValidateInput {
  readonly analysis: AnalyzeOutput;
  readonly decisions: readonly DefragDecision[];
  /** A dry run saves no held plan either. */
  readonly dryRun?: boolean;
}
/**
 * validate output: the batches' decisions screened into one sound decision, and every
 * action left out. When more than half the proposed actions are refused the run is held:
 * nothing is applied, and the whole proposal is saved for review at `heldPlan`.
 */
export interface ValidateOutput {
  readonly decision: DefragDecision;
  readonly refused?: readonly RefusedAction[];
  readonly proposed?: number;
  readonly held?: boolean;
  /** Where the held proposal was saved, relative to the memory root (null: not saved). */
  readonly heldPlan?: string | null;
}

/** apply input. */
export interface ApplyInput {
  readonly run: string;
  readonly decision: DefragDecision;
}
/** apply output. */
export type ApplyOutput = AppliedDefrag;

/** updateIndex input: the tiers to write into index.md. */
export interface UpdateIndexInput {
  readonly hot: readonly string[];
  readonly warm: readonly string[];
}
/** updateIndex output: the files it wrote. */
export interface UpdateIndexOutput {
  readonly files: readonly string[];
}

/** commit input. */
export interface DefragCommitInput {
  readonly applied: AppliedDefrag;
  readonly hot: readonly string[];
  readonly warm: readonly string[];
  readonly files: readonly string[];
}
/** commit output. */
export interface DefragCommitOutput {
  readonly commit: string | null;
}

/** A decision refused by validation; `rule` names the rule it broke. Nothing was changed. */
export class DecisionRejectedError extends InvalidInputError {
  readonly rule: DefragRule;

  constructor(rule: DefragRule, message: string) {
    super(`The defrag decision broke the rule "${rule}": ${message} Nothing was changed.`);
    this.rule = rule;
  }
}
