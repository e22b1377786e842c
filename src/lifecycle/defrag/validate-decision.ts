import { extractLinks } from "../../model/links.js";
import { noteSupersession } from "../../model/supersession/supersession.js";
import { actionProblem } from "./action-checks.js";
import type { DefragAction, DefragDecision } from "./defrag-decision.js";
import { simulate, type SimNote, type SimState } from "./dry-run-decision.js";

/** Limits one defrag run may not exceed; configurable per memory. */
export interface DefragGuardrails {
  /** At most this share of the notes archived in one run. Default 0.2. */
  readonly maxArchiveRatio: number;
  /** At most this share of the notes merged away (sources) in one run. Default 0.1. */
  readonly maxMergeRatio: number;
  /** At most this many hot notes. Default 12. */
  readonly maxHot: number;
  /** At most this many warm notes. Default 60. */
  readonly maxWarm: number;
  /**
   * A note superseded as a whole, its mark dated more than this many days ago, is offered for
   * archiving (a finding in the prompt). Default 30: a month for a person to notice and undo
   * a wrong supersession while the old note is still in topics/.
   */
  readonly supersededArchiveDays?: number;
}

/** Days a note stays superseded before defrag offers to archive it, by default. */
export const DEFAULT_SUPERSEDED_ARCHIVE_DAYS = 30;

/** The defaults. */
export const DEFAULT_GUARDRAILS: DefragGuardrails = {
  maxArchiveRatio: 0.2,
  maxMergeRatio: 0.1,
  maxHot: 12,
  maxWarm: 60,
  supersededArchiveDays: DEFAULT_SUPERSEDED_ARCHIVE_DAYS,
};

/** The rules an action can break; each refusal names one. */
export type DefragRule =
  | "unknown-id"
  | "one-action-per-note"
  | "invalid-content"
  | "empty-split-part"
  | "drops-text"
  | "body-not-shown"
  | "merge-across-clusters"
  | "outside-batch"
  | "new-broken-link"
  | "self-link"
  | "archive-limit"
  | "merge-limit"
  | "tiers";

/** Why an action was refused: the rule and a sentence about the offending item. */
export interface DefragViolation {
  readonly rule: DefragRule;
  readonly message: string;
}

/** One batch's decision, with what its prompt covered. */
export interface BatchDecision {
  readonly decision: DefragDecision;
  /** The ids the batch covers; every action stays inside it. */
  readonly batch: ReadonlySet<string>;
  /** The ids whose whole body the prompt showed: only these may get a new body. */
  readonly shown: ReadonlySet<string>;
}

/** What the decisions are checked against. */
export interface ScreenScope {
  /** Every note of the memory, archived ones included. */
  readonly notes: ReadonlyMap<string, SimNote>;
  readonly indexBody: string;
  /** The notes the guardrail ratios are taken of (the active and inbox notes). */
  readonly totalNotes: number;
  readonly guardrails: DefragGuardrails;
  readonly splitIds: (id: string, part: number) => string;
}

/** A tier entry the model proposed: refused when it would not name an active note. */
export interface TierEntry {
  readonly type: "tier";
  readonly tier: "hot" | "warm";
  readonly id: string;
}

/** An action (or tier entry) validation left out, with the rule it broke and why. */
export interface RefusedAction extends DefragViolation {
  /** The batch whose decision proposed it, from 1. */
  readonly batch: number;
  readonly action: DefragAction | TierEntry;
}

/** The decisions screened: the sound part to apply, and every refusal. */
export interface ScreenedDecision {
  readonly decision: DefragDecision;
  readonly refused: readonly RefusedAction[];
  /** How many actions the model proposed, over all batches. */
  readonly proposed: number;
}

/**
 * Checks every action on its own, in the batches' order, and keeps those that break no rule:
 * every id exists and was shown in the action's batch; each note is touched by one kept action
 * at most; titles, tags and bodies are valid; a new body goes only to a note whose body was
 * shown and keeps every sentence it replaces; applying the kept actions breaks no link to a note
 * that existed and adds no self-link; the archive and merge guardrails hold over the whole run
 * (the actions past the allowance are refused); the tiers name notes that stay active, within
 * their limits. A refused action changes nothing; the others still apply.
 */
export function screenDecisions(
  decisions: readonly BatchDecision[],
  scope: ScreenScope,
): ScreenedDecision {
  const refused: RefusedAction[] = [];
  const kept: DefragAction[] = [];
  const touched = new Set<string>();
  const state: SimState = { notes: new Map(scope.notes), indexBody: scope.indexBody };
  const archiveAllowance = allowance(scope.totalNotes, scope.guardrails.maxArchiveRatio);
  const mergeAllowance = allowance(scope.totalNotes, scope.guardrails.maxMergeRatio);
  let archived = 0;
  let merged = 0;
  let proposed = 0;
  for (const [i, { decision, batch, shown }] of decisions.entries()) {
    for (const action of decision.actions) {
      proposed += 1;
      const violation =
        idProblem(action, scope.notes, batch, touched) ??
        actionProblem(action, scope.notes, shown) ??
        limitProblem(action, scope, { archived, merged, archiveAllowance, mergeAllowance }) ??
        linkProblem(action, scope.notes, state);
      if (violation !== undefined) {
        refused.push({ batch: i + 1, action, ...violation });
        continue;
      }
      for (const id of idsOf(action)) touched.add(id);
      if (action.type === "archive" && scope.notes.get(action.id)?.status !== "archived")
        archived += 1;
      if (action.type === "merge") merged += action.sources.length;
      simulate(state, action, scope.splitIds);
      kept.push(action);
    }
  }
  const tiers = screenTiers(decisions, state.notes, scope.guardrails);
  return {
    decision: { hotTier: tiers.hot, warmTier: tiers.warm, actions: kept },
    refused: [...refused, ...tiers.refused],
    proposed,
  };
}

/** A share of the notes, at least one: a small memory can still archive or merge one note. */
function allowance(total: number, ratio: number): number {
  return Math.max(1, Math.floor(total * ratio));
}

function idsOf(action: DefragAction): string[] {
  return action.type === "merge" ? [action.target, ...action.sources] : [action.id];
}

const violation = (rule: DefragRule, message: string): DefragViolation => ({ rule, message });

function idProblem(
  action: DefragAction,
  notes: ReadonlyMap<string, SimNote>,
  batch: ReadonlySet<string>,
  touched: ReadonlySet<string>,
): DefragViolation | undefined {
  const ids = idsOf(action);
  if (new Set(ids).size < ids.length)
    return violation("one-action-per-note", `the ${action.type} names one note twice.`);
  for (const id of ids) {
    if (!notes.has(id))
      return violation("unknown-id", `${action.type} names ${id}, which no note carries.`);
    if (touched.has(id))
      return violation(
        "one-action-per-note",
        `${id} is already changed by an earlier action of this run.`,
      );
    if (action.type === "merge" && !batch.has(id))
      return violation(
        "merge-across-clusters",
        `the merge into ${action.target} reaches ${id}, outside this cluster.`,
      );
    if (!batch.has(id))
      return violation(
        "outside-batch",
        `${action.type} names ${id}, which this prompt did not show.`,
      );
  }
  return undefined;
}

function limitProblem(
  action: DefragAction,
  scope: ScreenScope,
  counts: { archived: number; merged: number; archiveAllowance: number; mergeAllowance: number },
): DefragViolation | undefined {
  const { guardrails, totalNotes } = scope;
  if (
    action.type === "archive" &&
    scope.notes.get(action.id)?.status !== "archived" &&
    counts.archived + 1 > counts.archiveAllowance
  )
    return violation(
      "archive-limit",
      `archiving ${action.id} would archive more than ${guardrails.maxArchiveRatio * 100}% of ${totalNotes} notes (${counts.archiveAllowance}) in one run.`,
    );
  if (action.type === "merge" && counts.merged + action.sources.length > counts.mergeAllowance)
    return violation(
      "merge-limit",
      `the merge into ${action.target} would merge away more than ${guardrails.maxMergeRatio * 100}% of ${totalNotes} notes (${counts.mergeAllowance}) in one run.`,
    );
  return undefined;
}

/**
 * The links an action writes, checked against the state the kept actions before it leave:
 * a link to a note that existed must still find it, and a note may not gain a link to itself.
 * Links already in the notes are repointed by merges, so only new text can break.
 */
function linkProblem(
  action: DefragAction,
  before: ReadonlyMap<string, SimNote>,
  state: SimState,
): DefragViolation | undefined {
  const written: { id: string; body: string }[] =
    action.type === "relink"
      ? [{ id: action.id, body: action.body }]
      : action.type === "merge" && action.body !== undefined
        ? [{ id: action.target, body: action.body }]
        : action.type === "split"
          ? action.parts.map((part) => ({ id: action.id, body: part.body }))
          : [];
  for (const { id, body } of written) {
    for (const link of extractLinks(body)) {
      if (before.has(link.id) && !state.notes.has(link.id))
        return violation(
          "new-broken-link",
          `after the actions, ${id} would link to ${link.id}, which would no longer exist.`,
        );
    }
  }
  if (action.type === "relink") {
    const selfLinks = (body: string) => extractLinks(body).filter((l) => l.id === action.id).length;
    if (selfLinks(action.body) > selfLinks(state.notes.get(action.id)?.body ?? ""))
      return violation("self-link", `after the actions, ${action.id} would link to itself.`);
  }
  return undefined;
}

/** The tiers joined in batch order up to their limits, each entry an active note once. */
function screenTiers(
  decisions: readonly BatchDecision[],
  after: ReadonlyMap<string, SimNote>,
  guardrails: DefragGuardrails,
): { hot: string[]; warm: string[]; refused: RefusedAction[] } {
  const refused: RefusedAction[] = [];
  const hot: string[] = [];
  const warm: string[] = [];
  const seen = new Set<string>();
  for (const [tier, into, limit] of [
    ["hot", hot, guardrails.maxHot],
    ["warm", warm, guardrails.maxWarm],
  ] as const) {
    for (const [i, { decision }] of decisions.entries()) {
      for (const id of tier === "hot" ? decision.hotTier : decision.warmTier) {
        const note = after.get(id);
        const successor = note === undefined ? undefined : noteSupersession(note.body)?.successorId;
        const entry: TierEntry = { type: "tier", tier, id };
        if (note === undefined || note.status === "archived")
          refused.push({
            batch: i + 1,
            action: entry,
            ...violation(
              "tiers",
              `the ${tier} tier names ${id}, which would not be an active note.`,
            ),
          });
        else if (successor !== undefined)
          // memory.index.set refuses a superseded note: its successor is the current one.
          refused.push({
            batch: i + 1,
            action: entry,
            ...violation(
              "tiers",
              `the ${tier} tier names ${id}, which is superseded by ${successor}; tier the current note instead.`,
            ),
          });
        else if (seen.has(id)) continue;
        else if (into.length >= limit)
          refused.push({
            batch: i + 1,
            action: entry,
            ...violation(
              "tiers",
              `the ${tier} tier is full (at most ${limit}); ${id} is left out.`,
            ),
          });
        else {
          seen.add(id);
          into.push(id);
        }
      }
    }
  }
  return { hot, warm, refused };
}
