import { InvalidInputError } from "../../errors.js";

/** The smallest budget accepted: room for the truncation marker and some text. */
export const MIN_BUDGET_BYTES = 256;

/**
 * An error when `budgetBytes` is not a whole number of at least {@link MIN_BUDGET_BYTES}.
 *
 * @example
 * ```ts
 * budgetProblem(10); // InvalidInputError
 * ```
 */
export function budgetProblem(budgetBytes: number): InvalidInputError | undefined {
  if (Number.isSafeInteger(budgetBytes) && budgetBytes >= MIN_BUDGET_BYTES) return undefined;
  return new InvalidInputError(
    `The session budget must be a whole number of bytes, at least ${MIN_BUDGET_BYTES} (was ${budgetBytes}).`,
  );
}
