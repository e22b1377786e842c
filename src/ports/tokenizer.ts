/**
 * The tokenizer port: how many tokens a text costs the model that reads it. Every budget of
 * what the memory puts in an agent's context (the AGENTS.md section, the session-start
 * context, the hook output) is measured with it, and `memory status --tokens` reports with it.
 * The default is `gptTokenizer()` from `agent-memory/adapters` (OpenAI's o200k_base); a host
 * whose model counts otherwise passes its own to `createMemory({ tokenizer })`.
 *
 * @example
 * ```ts
 * // A rough stand-in: one token per four characters.
 * const tokenizer: Tokenizer = { countTokens: (text) => Math.ceil(text.length / 4) };
 * ```
 */
export interface Tokenizer {
  /**
   * The tokens `text` costs: a whole number, 0 for "", the same for the same text. Any text
   * is accepted, special-token markers such as `<|endoftext|>` included (counted as plain
   * text), and nothing is thrown.
   */
  countTokens(text: string): number;
}
