import { type } from "arktype";
import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../errors.js";

/** The shape of a capture request, checked at run time for callers without TypeScript. */
export const captureInputSchema = type({
  title: "string",
  body: "string",
  "tags?": "string[]",
});

/** The shape of an update request: at least one of body and tags. */
export const updatePatchSchema = type({
  "body?": "string",
  "tags?": "string[]",
});

/**
 * Checks `input` against an arktype schema, turning arktype's summary into an
 * InvalidInputError that names the operation.
 */
export function checkShape<T>(
  schema: (input: unknown) => T | InstanceType<typeof type.errors>,
  input: unknown,
  operation: string,
): Result<T, InvalidInputError> {
  const checked = schema(input);
  if (checked instanceof type.errors) {
    return err(new InvalidInputError(`Invalid ${operation} input: ${checked.summary}`));
  }
  return ok(checked);
}
