import { MAX_ANSWER_NOTE_BYTES } from "../consolidate/consolidation-answer.js";
import { missingSentences } from "../../model/markdown/sentences.js";
import { validateBody, validateTags, validateTitle } from "../../model/note-input.js";
import type { DefragAction } from "./defrag-decision.js";
import type { DefragViolation } from "./validate-decision.js";

const bad = (message: string): DefragViolation => ({ rule: "invalid-content", message });

/**
 * What is wrong with one action on its own, if anything: its content (titles, tags, bodies,
 * empty split parts), a new body for a note the prompt did not show, or a new body that drops
 * a sentence of the text it replaces.
 */
export function actionProblem(
  action: DefragAction,
  notes: ReadonlyMap<string, { readonly id: string; readonly body: string }>,
  shown: ReadonlySet<string>,
): DefragViolation | undefined {
  return contentProblem(action) ?? unshownBody(action, shown) ?? droppedText(action, notes);
}

/** A new body for a note whose body the prompt did not show would be written blind. */
function unshownBody(
  action: DefragAction,
  shown: ReadonlySet<string>,
): DefragViolation | undefined {
  const replaced = replacedText(action, new Map());
  const hidden = replaced?.originals.find(({ id }) => !shown.has(id));
  if (hidden === undefined) return undefined;
  return {
    rule: "body-not-shown",
    message:
      `the ${action.type} gives ${hidden.id} a new body, but its body was not shown; ` +
      "rename, retag, archive, tier or merge it without a body instead.",
  };
}

/**
 * A body-changing action must keep every sentence of the text it replaces (a model may
 * remove only text it was shown, and defrag removes none): a relink may only add links, a split's parts together hold the whole
 * original, a merge's new body holds the target and every source.
 */
function droppedText(
  action: DefragAction,
  notes: ReadonlyMap<string, { readonly id: string; readonly body: string }>,
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
