import { describe, expect, it } from "vitest";
import { llmCommandLine, splitCommandLine } from "../../src/cli/framework/llm-command-line.js";

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
    expect(splitCommandLine(line)._unsafeUnwrap()).toEqual(words);
  });

  it("refuses unterminated quotes and a trailing backslash", () => {
    expect(splitCommandLine("claude 'oops")._unsafeUnwrapErr()).toMatch(/unterminated ' quote/);
    expect(splitCommandLine('claude "oops')._unsafeUnwrapErr()).toMatch(/unterminated " quote/);
    expect(splitCommandLine('a "b\\"')._unsafeUnwrapErr()).toMatch(/unterminated " quote/);
    expect(splitCommandLine("claude \\")._unsafeUnwrapErr()).toMatch(/trailing backslash/);
  });
});

describe("llmCommandLine", () => {
  it("takes --llm-cmd first, then AGENT_MEMORY_LLM_CMD, else nothing", () => {
    const env = { AGENT_MEMORY_LLM_CMD: "codex exec -" };
    expect(llmCommandLine("claude -p", env)._unsafeUnwrap()).toEqual({
      command: "claude",
      args: ["-p"],
      source: "--llm-cmd",
      line: "claude -p",
    });
    expect(llmCommandLine(undefined, env)._unsafeUnwrap()).toEqual({
      command: "codex",
      args: ["exec", "-"],
      source: "AGENT_MEMORY_LLM_CMD",
      line: "codex exec -",
    });
    expect(llmCommandLine(undefined, {})._unsafeUnwrap()).toBeUndefined();
    expect(
      llmCommandLine(undefined, { AGENT_MEMORY_LLM_CMD: "  " })._unsafeUnwrap(),
    ).toBeUndefined();
  });

  it("refuses a line that is empty or does not split, naming where it came from", () => {
    expect(llmCommandLine("", {})._unsafeUnwrapErr()).toMatch(
      /^--llm-cmd is empty: pass --llm-cmd/,
    );
    expect(
      llmCommandLine(undefined, { AGENT_MEMORY_LLM_CMD: "claude 'x" })._unsafeUnwrapErr(),
    ).toMatch(/^AGENT_MEMORY_LLM_CMD: unterminated ' quote/);
  });
});
