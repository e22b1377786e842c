/**
 * Which model command consolidation runs: `--llm-cmd`, else $AGENT_MEMORY_LLM_CMD, split
 * into a program and its arguments the way a shell would split the line (quotes and
 * backslashes, no expansions), since it is run without a shell.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";

/** The environment variable holding the LLM command when `--llm-cmd` is not given. */
export const LLM_COMMAND_VARIABLE = "AGENT_MEMORY_LLM_CMD";

/** How to set an LLM command, for the message of a command that needs one. */
export const LLM_COMMAND_HINT =
  `pass --llm-cmd "claude -p" (or "codex exec -", or any command that reads a prompt on stdin ` +
  `and prints the answer), or set ${LLM_COMMAND_VARIABLE}`;

/** A model command, split. */
export interface LlmCommandLine {
  readonly command: string;
  readonly args: readonly string[];
  /** Where it came from, for messages: `--llm-cmd` or the variable's name. */
  readonly source: string;
  /** The line as given. */
  readonly line: string;
}

/**
 * Splits a command line into words: whitespace separates them; '...' keeps everything
 * literally; "..." keeps everything but lets \" and \\ through; outside quotes a backslash
 * keeps the next character. Adjacent parts join: `a"b c"` is one word. No variables,
 * globs or other expansions. Fails on an unterminated quote or a trailing backslash.
 *
 * @example
 * ```ts
 * splitCommandLine('codex exec --model "gpt x"'); // Ok(["codex", "exec", "--model", "gpt x"])
 * splitCommandLine("claude 'oops");                // Err("... unterminated ' quote ...")
 * ```
 */
export function splitCommandLine(line: string): Result<string[], string> {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  const chars = [...line];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? "";
    if (char === "'" || char === '"') {
      const close = findClose(chars, i + 1, char);
      if (close === undefined) return err(`unterminated ${char} quote in ${JSON.stringify(line)}`);
      word += unquote(chars.slice(i + 1, close), char);
      inWord = true;
      i = close;
    } else if (char === "\\") {
      const next = chars[i + 1];
      if (next === undefined) return err(`trailing backslash in ${JSON.stringify(line)}`);
      word += next;
      inWord = true;
      i++;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return ok(words);
}

/** The index of the quote closing the one opened before `from`; `\"` does not close "...". */
function findClose(chars: readonly string[], from: number, quote: string): number | undefined {
  for (let i = from; i < chars.length; i++) {
    if (quote === '"' && chars[i] === "\\") i++;
    else if (chars[i] === quote) return i;
  }
  return undefined;
}

function unquote(chars: readonly string[], quote: string): string {
  if (quote === "'") return chars.join("");
  let text = "";
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? "";
    const next = chars[i + 1];
    if (char === "\\" && (next === '"' || next === "\\")) {
      text += next;
      i++;
    } else text += char;
  }
  return text;
}

/**
 * The model command: `--llm-cmd` when given, else the environment variable; undefined when
 * neither holds anything. A line that does not split, or splits into nothing, is an error.
 *
 * @example
 * ```ts
 * llmCommandLine(undefined, { AGENT_MEMORY_LLM_CMD: "claude -p" });
 * // Ok({ command: "claude", args: ["-p"], source: "AGENT_MEMORY_LLM_CMD", line: "claude -p" })
 * ```
 */
export function llmCommandLine(
  option: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Result<LlmCommandLine | undefined, string> {
  const fromEnv = env[LLM_COMMAND_VARIABLE];
  const [line, source] =
    option !== undefined
      ? [option, "--llm-cmd"]
      : fromEnv !== undefined && fromEnv.trim() !== ""
        ? [fromEnv, LLM_COMMAND_VARIABLE]
        : [undefined, ""];
  if (line === undefined) return ok(undefined);
  const words = splitCommandLine(line);
  if (words.isErr()) return err(`${source}: ${words.error}`);
  const [command, ...args] = words.value;
  if (command === undefined || command === "") {
    return err(`${source} is empty: ${LLM_COMMAND_HINT}`);
  }
  return ok({ command, args, source, line });
}
