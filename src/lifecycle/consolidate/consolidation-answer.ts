import { type } from "arktype";
import type { Result } from "neverthrow";
import { parseJsonAnswer } from "../json-answer.js";

/** The most notes one answer may create or update; a larger answer is refused whole. */
export const MAX_NOTES_PER_ANSWER = 50;

/** The most bytes of markdown one note of an answer may hold. */
export const MAX_ANSWER_NOTE_BYTES = 8 * 1024;

/** How a new note refers to another new note before either has an id: `[[new:<key>|text]]`. */
export const NEW_NOTE_LINK = /\[\[new:([a-z0-9][a-z0-9-]{0,39})([|#\]])/g;

/** The shape the model must answer with (extra keys are ignored). */
export const consolidationAnswerSchema = type({
  notes: type({
    op: "'create' | 'update' | 'append'",
    "id?": "string",
    "key?": "string",
    // An append adds a section and needs neither (they are ignored on an append).
    "title?": "string",
    "tags?": "string[]",
    body: "string",
  })
    .array()
    .atMostLength(MAX_NOTES_PER_ANSWER),
  inbox: type({
    id: "string",
    action: "'merged' | 'keep' | 'archive'",
    "into?": "string",
  }).array(),
  // Notes the sessions show no longer hold (supersede-plan.ts); absent means none.
  "supersede?": type({
    id: "string",
    by: "string",
    "reason?": "string",
    "date?": "string",
  })
    .array()
    .atMostLength(MAX_NOTES_PER_ANSWER),
});

/** A model answer that has the right shape (not yet checked against the memory). */
export type ConsolidationAnswer = typeof consolidationAnswerSchema.infer;

/**
 * Finds the JSON object in a model's answer (bare, or in a ```json fence, with prose around
 * it) and checks its shape. Errors are sentences the model can act on in a repair attempt.
 *
 * @example
 * ```ts
 * parseConsolidationAnswer('```json\n{"notes":[],"inbox":[]}\n```'); // Ok({ notes: [], inbox: [] })
 * ```
 */
export function parseConsolidationAnswer(answer: string): Result<ConsolidationAnswer, string> {
  return parseJsonAnswer(answer, consolidationAnswerSchema);
}
