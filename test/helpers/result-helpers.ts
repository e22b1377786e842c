/** Unwrapping neverthrow Results in tests: the one pair of helpers, shipped in `agent-memory/testing`. */
export { errOf, okOf } from "../../src/testing/result-helpers.js";
