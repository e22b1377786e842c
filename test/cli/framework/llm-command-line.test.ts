import { describe, expect, it } from "vitest";
import { llmCommandLine, splitCommandLine } from "../../../src/cli/framework/llm-command-line.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

describe("splitCommandLine", () => {
  it.each([
    ["claude -p", ["claude", "-p"]],
    ['codex exec --model "gpt x"', ["codex", "exec", "--model", "gpt x"]],
    ["  spaced \t out  ", ["spaced", "out"]],
    ["node '/My Scripts/llm.mjs' --flag", ["node", "/My Scripts/llm.mjs", "--flag"]],
    [String.raw`node /My\ Scripts/llm.mjs`, ["node", "/My Scripts/llm.mjs"]],
    [String.raw`say "a \"quoted\" word" 'it'\''s'`, ["say", 'a "quoted" word', "it's"]],
    [String.raw`keep "back\slash" '\n'`, ["keep", String.raw`back\slash`, String.raw`\n`]],
    ['joined"a b"c', ["joineda bc"]],
    ['empty "" arg', ["empty", "", "arg"]],
    ["$HOME *.txt", ["$HOME", "*.txt"]],
    ["", []],
  ])("%j", (line, words) => {
    expect(okOf(splitCommandLine(line))).toEqual(words);
  });

  it("refuses unterminated quotes and a trailing backslash", () => {
    expect(errOf(splitCommandLine("claude 'oops"))).toMatch(/unterminated ' quote/);
    expect(errOf(splitCommandLine('claude "oops'))).toMatch(/unterminated " quote/);
    expect(errOf(splitCommandLine('a "b\\"'))).toMatch(/unterminated " quote/);
    expect(errOf(splitCommandLine("claude \\"))).toMatch(/trailing backslash/);
  });
});

describe("llmCommandLine", () => {
  it("takes --llm-cmd first, then AGENT_MEMORY_LLM_CMD, else nothing", () => {
    const env = { AGENT_MEMORY_LLM_CMD: "codex exec -" };
    expect(okOf(llmCommandLine("claude -p", env))).toEqual({
      command: "claude",
      args: ["-p"],
      source: "--llm-cmd",
      line: "claude -p",
    });
    expect(okOf(llmCommandLine(undefined, env))).toEqual({
      command: "codex",
      args: ["exec", "-"],
      source: "AGENT_MEMORY_LLM_CMD",
      line: "codex exec -",
    });
    expect(okOf(llmCommandLine(undefined, {}))).toBeUndefined();
    expect(okOf(llmCommandLine(undefined, { AGENT_MEMORY_LLM_CMD: "  " }))).toBeUndefined();
  });

  it("refuses a line that is empty or does not split, naming where it came from", () => {
    expect(errOf(llmCommandLine("", {}))).toMatch(/^--llm-cmd is empty: pass --llm-cmd/);
    expect(errOf(llmCommandLine(undefined, { AGENT_MEMORY_LLM_CMD: "claude 'x" }))).toMatch(
      /^AGENT_MEMORY_LLM_CMD: unterminated ' quote/,
    );
  });
});
