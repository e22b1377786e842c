import { type } from "arktype";
import { err, ok, type Result } from "neverthrow";
import { messageOf } from "../../shared/message-of.js";

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
  const json = extractJson(answer);
  if (json === undefined)
    return err("The answer contains no JSON object. Answer with one JSON object only.");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (cause) {
    return err(
      `The JSON does not parse: ${messageOf(cause)}.`,
    );
  }
  const checked = consolidationAnswerSchema(value);
  if (checked instanceof type.errors)
    return err(`The JSON has the wrong shape: ${checked.summary}`);
  return ok(checked);
}

function extractJson(answer: string): string | undefined {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n\s*```/.exec(answer);
  const candidate = fenced?.[1] ?? answer;
  const start = candidate.indexOf("{");
  const end = candidate.lastIndexOf("}");
  return start === -1 || end <= start ? undefined : candidate.slice(start, end + 1);
}
