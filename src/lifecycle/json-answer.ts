/**
 * Reading the one JSON object a model was asked to answer with: bare, or in a ```json fence,
 * with prose around it. Consolidation and defrag both ask for one.
 */
import { type } from "arktype";
import { err, ok, type Result } from "neverthrow";
import { messageOf } from "../shared/message-of.js";

/** A checker of an answer's shape: arktype's `Type` called on a value. */
export type AnswerSchema<T> = (value: unknown) => T | type.errors;

/**
 * The first JSON object in `answer`, checked by `schema`. Errors are sentences the model can
 * act on in a repair turn.
 *
 * @example
 * ```ts
 * parseJsonAnswer('Here: {"a": 1} (done, see {x})', type({ a: "number" })); // Ok({ a: 1 })
 * ```
 */
export function parseJsonAnswer<T>(answer: string, schema: AnswerSchema<T>): Result<T, string> {
  const json = firstJsonObject(answer);
  if (json === undefined)
    return err("The answer contains no JSON object. Answer with one JSON object only.");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (cause) {
    return err(`The JSON does not parse: ${messageOf(cause)}.`);
  }
  const checked = schema(value);
  if (checked instanceof type.errors)
    return err(`The JSON has the wrong shape: ${checked.summary}`);
  return ok(checked);
}

/**
 * The text of the first balanced `{...}` in the answer (in a fence when there is one). The end
 * is where the braces balance, strings and escapes respected, so prose after the object may
 * hold a `}` of its own.
 */
export function firstJsonObject(answer: string): string | undefined {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n\s*```/.exec(answer);
  const candidate = fenced?.[1] ?? answer;
  const start = candidate.indexOf("{");
  if (start === -1) return undefined;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = start; i < candidate.length; i++) {
    const char = candidate[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") depth++;
    else if (char === "}" && --depth === 0) return candidate.slice(start, i + 1);
  }
  return undefined;
}
