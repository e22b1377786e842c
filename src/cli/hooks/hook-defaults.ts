/**
 * Tokens of context the SessionStart hooks print by default: the library's context budget,
 * a small share of any model's window.
 */
export const DEFAULT_CONTEXT_BUDGET_TOKENS = 1_200;

/**
 * Characters of hook output Claude Code adds to the conversation as it is: over this, it saves
 * the output to a file and shows the model a 2 KB preview (code.claude.com/docs/en/hooks; the
 * threshold measured in colbymchenry/codegraph#1694). Codex documents no limit; this one holds
 * for both.
 */
export const HOOK_OUTPUT_MAX_CHARS = 10_000;
