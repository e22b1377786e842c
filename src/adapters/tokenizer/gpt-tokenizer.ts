/**
 * The default tokenizer: `gpt-tokenizer`'s o200k_base, the encoding of OpenAI's current
 * models (GPT-4o, GPT-4.1, GPT-5, o-series), pure JavaScript and offline. Claude's tokenizer
 * is not published; o200k_base is a fair proxy for English prose and code. Its tables are
 * some 2 MB of JavaScript, so they load on the first count, not when the module is imported:
 * a CLI call that counts nothing does not pay for them.
 *
 * @module
 */

import { createRequire } from "node:module";
import type { Tokenizer } from "../../ports/tokenizer.js";

/** The part of gpt-tokenizer's encoding module used here. */
interface Encoding {
  countTokens(text: string, options: { disallowedSpecial: ReadonlySet<string> }): number;
}

let loaded: Encoding | undefined;

function encoding(): Encoding {
  // Synchronous on purpose, so the port stays a plain function; once per process.
  const require = createRequire(import.meta.url);
  loaded ??= require("gpt-tokenizer/encoding/o200k_base") as Encoding;
  return loaded;
}

// Special-token markers in a note are text the model reads like any other, not control tokens:
// counted as text, where gpt-tokenizer would throw by default.
const NO_SPECIAL_TOKENS: ReadonlySet<string> = new Set();

/**
 * A {@link Tokenizer} over `gpt-tokenizer`'s o200k_base encoding, loaded on the first count.
 *
 * @example
 * ```ts
 * const tokenizer = gptTokenizer();
 * tokenizer.countTokens("Igor designs the console."); // 6
 * ```
 */
export function gptTokenizer(): Tokenizer {
  return {
    countTokens: (text) =>
      text === "" ? 0 : encoding().countTokens(text, { disallowedSpecial: NO_SPECIAL_TOKENS }),
  };
}
