import { type } from "arktype";
import type { Result } from "neverthrow";
import { parseJsonAnswer } from "../json-answer.js";

const part = type({ title: "string", tags: "string[]", body: "string" });

/** The shape the model must answer a defrag prompt with (extra keys are ignored). */
export const defragDecisionSchema = type({
  hotTier: "string[] <= 200",
  warmTier: "string[] <= 1000",
  actions: type(
    { type: "'merge'", sources: "string[] >= 1", target: "string", "body?": "string" },
    "|",
    { type: "'split'", id: "string", parts: part.array().atLeastLength(2).atMostLength(10) },
  )
    .or({ type: "'rename'", id: "string", title: "string" })
    .or({ type: "'archive'", id: "string" })
    .or({ type: "'relink'", id: "string", body: "string" })
    .or({ type: "'retag'", id: "string", tags: "string[]" })
    .array()
    .atMostLength(200),
});

/** What the model decided: the tiers of the index note and the reorganising actions. */
export interface DefragDecision {
  readonly hotTier: readonly string[];
  readonly warmTier: readonly string[];
  readonly actions: readonly DefragAction[];
}

/** One reorganising action. Nothing can hard-delete: a merge keeps the content in its target. */
export type DefragAction =
  | {
      readonly type: "merge";
      readonly sources: readonly string[];
      readonly target: string;
      readonly body?: string;
    }
  | {
      readonly type: "split";
      readonly id: string;
      readonly parts: readonly {
        readonly title: string;
        readonly tags: readonly string[];
        readonly body: string;
      }[];
    }
  | { readonly type: "rename"; readonly id: string; readonly title: string }
  | { readonly type: "archive"; readonly id: string }
  | { readonly type: "relink"; readonly id: string; readonly body: string }
  | { readonly type: "retag"; readonly id: string; readonly tags: readonly string[] };

/**
 * Finds the JSON object in a model's answer and checks its shape.
 *
 * @example
 * ```ts
 * parseDefragDecision('{"hotTier": [], "warmTier": [], "actions": []}').isOk(); // true
 * ```
 */
export function parseDefragDecision(answer: string): Result<DefragDecision, string> {
  return parseJsonAnswer(answer, defragDecisionSchema);
}
