import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../../errors.js";

/**
 * The fields an input object may carry and the type each must have; `?` marks an optional
 * field. Checked by hand rather than with arktype so that a process that only reads or
 * captures never loads a schema library (arktype alone costs 0.4 s of a cold start here).
 */
type Shape = Readonly<Record<string, "string" | "string?" | "string[]?">>;

/** The shape of a capture request, checked at run time for callers without TypeScript. */
export const CAPTURE_INPUT_SHAPE = { title: "string", body: "string", tags: "string[]?" } as const;

/** The shape of an update request (that one of body and tags is present is checked after). */
export const UPDATE_PATCH_SHAPE = { body: "string?", tags: "string[]?" } as const;

type Checked<S extends Shape> = {
  [K in keyof S as S[K] extends `${string}?` ? never : K]: string;
} & {
  [K in keyof S as S[K] extends `${string}?` ? K : never]?: S[K] extends "string[]?"
    ? string[]
    : string;
};

/**
 * Checks `input` against a shape, naming every field that is missing or of the wrong type
 * in one InvalidInputError for `operation`.
 *
 * @example
 * ```ts
 * checkShape(CAPTURE_INPUT_SHAPE, { title: 3, body: "" }, "capture");
 * // Err: Invalid capture input: title must be a string (was a number)
 * ```
 */
export function checkShape<S extends Shape>(
  shape: S,
  input: unknown,
  operation: string,
): Result<Checked<S>, InvalidInputError> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return err(
      new InvalidInputError(`Invalid ${operation} input: must be an object (was ${kindOf(input)})`),
    );
  }
  const record = input as Record<string, unknown>;
  const problems: string[] = [];
  for (const [field, expected] of Object.entries(shape)) {
    const value = record[field];
    const optional = expected.endsWith("?");
    if (value === undefined) {
      if (!optional) problems.push(`${field} must be a string (was missing)`);
      continue;
    }
    if (expected.startsWith("string[]")) {
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
        problems.push(`${field} must be an array of strings (was ${kindOf(value)})`);
    } else if (typeof value !== "string") {
      problems.push(`${field} must be a string (was ${kindOf(value)})`);
    }
  }
  if (problems.length > 0)
    return err(new InvalidInputError(`Invalid ${operation} input: ${problems.join("; ")}`));
  return ok(record as Checked<S>);
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value))
    return value.every((item) => typeof item === "string")
      ? "an array"
      : "an array with a non-string item";
  const type = typeof value;
  return type === "object" ? "an object" : `a ${type}`;
}
