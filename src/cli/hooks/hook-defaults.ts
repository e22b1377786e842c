/** Characters of context the SessionStart hooks print by default (about 1,500 tokens). */
export const DEFAULT_CONTEXT_BUDGET_CHARS = 6_000;
