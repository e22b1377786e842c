import { err, ok, type Result } from "neverthrow";
import { extractLinks } from "../../model/links.js";
import { missingSentences } from "../../model/sentences.js";
import { MAX_ANSWER_NOTE_BYTES } from "../consolidate/consolidation-answer.js";
import { validateBody, validateTags, validateTitle } from "../../model/note-input.js";
import type { DefragAction, DefragDecision } from "./defrag-decision.js";
import { dryRun, type SimNote } from "./dry-run-decision.js";

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
}

/** The defaults. */
export const DEFAULT_GUARDRAILS: DefragGuardrails = {
  maxArchiveRatio: 0.2,
  maxMergeRatio: 0.1,
  maxHot: 12,
  maxWarm: 60,
};

/** The rules a decision can break; the failure names one. */
export type DefragRule =
  | "unknown-id"
  | "one-action-per-note"
  | "invalid-content"
  | "empty-split-part"
  | "drops-text"
  | "merge-across-clusters"
  | "outside-batch"
  | "new-broken-link"
  | "self-link"
  | "archive-limit"
  | "merge-limit"
  | "tiers";

/** Why a decision was refused: the rule and a sentence about the offending item. */
export interface DefragViolation {
  readonly rule: DefragRule;
  readonly message: string;
}

/** What a decision is checked against. */
export interface DecisionContext {
  /** Every note of the memory, archived ones included. */
  readonly notes: ReadonlyMap<string, SimNote>;
  readonly indexBody: string;
  /** The ids this batch covers; merges must stay inside it. */
  readonly batch: ReadonlySet<string>;
  /** The notes the guardrail ratios are taken of (the whole memory). */
  readonly totalNotes: number;
  readonly guardrails: DefragGuardrails;
  readonly splitIds: (id: string, part: number) => string;
}

const fail = (rule: DefragRule, message: string) => err({ rule, message });
const failTiers = (message: string) => err({ rule: "tiers" as const, message });
const bad = (message: string): DefragViolation => ({ rule: "invalid-content", message });

/**
 * Checks a decision before anything changes: every id exists; each note is touched by one
 * action at most; titles, tags and bodies are valid; split parts are not empty; merges stay
 * inside the batch's clusters; applying the actions in memory breaks no link to a note that
 * existed; the archive and merge guardrails hold; the tiers name notes that still exist.
 */
export function validateDecision(
  decision: DefragDecision,
  context: DecisionContext,
): Result<DefragDecision, DefragViolation> {
  const touched = new Set<string>();
  for (const action of decision.actions) {
    for (const id of idsOf(action)) {
      if (!context.notes.has(id))
        return fail("unknown-id", `${action.type} names ${id}, which no note carries.`);
      if (touched.has(id))
        return fail("one-action-per-note", `${id} appears in more than one action.`);
      touched.add(id);
      if (action.type === "merge" && !context.batch.has(id)) {
        return fail(
          "merge-across-clusters",
          `the merge into ${action.target} reaches ${id}, outside this cluster.`,
        );
      }
      if (!context.batch.has(id))
        return fail("outside-batch", `${action.type} names ${id}, which this prompt did not show.`);
    }
    const content = contentProblem(action) ?? droppedText(action, context.notes);
    if (content !== undefined) return fail(content.rule, content.message);
  }
  const archived = decision.actions.filter(
    (a) => a.type === "archive" && context.notes.get(a.id)?.status !== "archived",
  ).length;
  if (archived > allowance(context.totalNotes, context.guardrails.maxArchiveRatio)) {
    return fail(
      "archive-limit",
      `${archived} notes archived, over ${context.guardrails.maxArchiveRatio * 100}% of ${context.totalNotes}.`,
    );
  }
  const merged = decision.actions.reduce(
    (sum, a) => sum + (a.type === "merge" ? a.sources.length : 0),
    0,
  );
  if (merged > allowance(context.totalNotes, context.guardrails.maxMergeRatio)) {
    return fail(
      "merge-limit",
      `${merged} notes merged away, over ${context.guardrails.maxMergeRatio * 100}% of ${context.totalNotes}.`,
    );
  }
  const after = dryRun(context.notes, context.indexBody, decision.actions, context.splitIds);
  for (const note of [...after.notes.values(), { id: "index.md", body: after.indexBody }]) {
    for (const link of extractLinks(note.body)) {
      if (context.notes.has(link.id) && !after.notes.has(link.id)) {
        return fail(
          "new-broken-link",
          `after the actions, ${note.id} would link to ${link.id}, which would no longer exist.`,
        );
      }
    }
  }
  for (const note of after.notes.values()) {
    const before = context.notes.get(note.id);
    const selfLinks = (body: string) => extractLinks(body).filter((l) => l.id === note.id).length;
    if (selfLinks(note.body) > (before === undefined ? 0 : selfLinks(before.body))) {
      return fail("self-link", `after the actions, ${note.id} would link to itself.`);
    }
  }
  return checkTiers(decision, after.notes, context.guardrails).map(() => decision);
}

/** A share of the notes, at least one: a small memory can still archive or merge one note. */
function allowance(total: number, ratio: number): number {
  return Math.max(1, Math.floor(total * ratio));
}

function idsOf(action: DefragAction): string[] {
  return action.type === "merge" ? [action.target, ...action.sources] : [action.id];
}

/**
 * The prompt shows no bodies, so a body-changing action must keep every sentence of the
 * text it replaces: a relink may only add links, a split's parts together hold the whole
 * original, a merge's new body holds the target and every source.
 */
function droppedText(
  action: DefragAction,
  notes: ReadonlyMap<string, SimNote>,
): DefragViolation | undefined {
  const replaced = replacedText(action, notes);
  if (replaced === undefined) return undefined;
  for (const { id, body } of replaced.originals) {
    const lost = missingSentences(body, replaced.kept);
    if (lost.length > 0) {
      return {
        rule: "drops-text",
        message:
          `the ${action.type} of ${id} would drop text it was not shown: "${lost[0] ?? ""}"` +
          (lost.length > 1 ? ` and ${lost.length - 1} more sentence(s)` : "") +
          "; keep every sentence (add links around them) or leave the body alone.",
      };
    }
  }
  return undefined;
}

/** The bodies an action replaces, and the text that would hold them afterwards. */
export function replacedText(
  action: DefragAction,
  notes: ReadonlyMap<string, { readonly id: string; readonly body: string }>,
): { originals: { id: string; body: string }[]; kept: string[] } | undefined {
  const bodyOf = (id: string) => ({ id, body: notes.get(id)?.body ?? "" });
  switch (action.type) {
    case "relink":
      return { originals: [bodyOf(action.id)], kept: [action.body] };
    case "split":
      return { originals: [bodyOf(action.id)], kept: action.parts.map((part) => part.body) };
    case "merge":
      return action.body === undefined
        ? undefined
        : { originals: [action.target, ...action.sources].map(bodyOf), kept: [action.body] };
    default:
      return undefined;
  }
}

function contentProblem(action: DefragAction): DefragViolation | undefined {
  if (action.type === "rename") {
    const title = validateTitle(action.title);
    if (title.isErr()) return bad(`rename of ${action.id}: ${title.error.message}`);
  }
  if (action.type === "retag") {
    const tags = validateTags(action.tags);
    if (tags.isErr()) return bad(`retag of ${action.id}: ${tags.error.message}`);
  }
  if (action.type === "relink" || (action.type === "merge" && action.body !== undefined)) {
    const body = validateBody(action.body ?? "");
    if (body.isErr()) return bad(`${action.type}: ${body.error.message}`);
    if (Buffer.byteLength(body.value) > MAX_ANSWER_NOTE_BYTES) {
      return bad(
        `${action.type}: the body is over the ${MAX_ANSWER_NOTE_BYTES}-byte limit; split it instead.`,
      );
    }
  }
  if (action.type === "split") {
    for (const [i, part] of action.parts.entries()) {
      if (part.body.trim() === "")
        return {
          rule: "empty-split-part",
          message: `part ${i + 1} of the split of ${action.id} is empty.`,
        };
      if (Buffer.byteLength(part.body) > MAX_ANSWER_NOTE_BYTES) {
        return bad(
          `split of ${action.id}, part ${i + 1}: over the ${MAX_ANSWER_NOTE_BYTES}-byte limit.`,
        );
      }
      const problems = [
        validateTitle(part.title),
        validateTags(part.tags),
        validateBody(part.body),
      ].filter((r) => r.isErr());
      const first = problems[0];
      if (first !== undefined && first.isErr())
        return bad(`split of ${action.id}, part ${i + 1}: ${first.error.message}`);
    }
  }
  return undefined;
}

function checkTiers(
  decision: DefragDecision,
  after: ReadonlyMap<string, SimNote>,
  guardrails: DefragGuardrails,
): Result<void, DefragViolation> {
  if (decision.hotTier.length > guardrails.maxHot)
    return failTiers(
      `${decision.hotTier.length} hot notes, over the limit of ${guardrails.maxHot}.`,
    );
  if (decision.warmTier.length > guardrails.maxWarm)
    return failTiers(
      `${decision.warmTier.length} warm notes, over the limit of ${guardrails.maxWarm}.`,
    );
  const seen = new Set<string>();
  for (const id of [...decision.hotTier, ...decision.warmTier]) {
    const note = after.get(id);
    if (note === undefined || note.status === "archived")
      return failTiers(`the tiers name ${id}, which would not be an active note.`);
    if (seen.has(id)) return failTiers(`${id} is listed twice in the tiers.`);
    seen.add(id);
  }
  return ok(undefined);
}
