/**
 * What the model sees of a session, on excerpts of real published transcripts
 * (test/fixtures/transcripts/claude-code-real and codex-real, sources in SOURCES.md): harness
 * text is `[harness]`, never `[user]` and never the first prompt; a role tag is the only thing
 * that starts a line with `[`; a cut keeps the task, not a slash command; prompts that exist
 * only as Codex events are rendered once; the cut notice names the file, not its path.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonlSessionReader } from "../../../src/adapters/session-readers/session-jsonl-reader.js";
import { okOf } from "../../helpers/result-helpers.js";
import { entryFor } from "./reader-helpers.js";

const ROOT = join(import.meta.dirname, "../../fixtures/transcripts");
const CLAUDE = join(ROOT, "claude-code-real");
const CODEX = join(ROOT, "codex-real");
const reader = jsonlSessionReader();

async function render(path: string, budgetBytes = 1024 * 1024): Promise<string> {
  const session = okOf(
    await reader.read(entryFor("jsonl", { sessionPath: path }), { budgetBytes }),
  );
  return session.text;
}

const TAG =
  /^\[(user|assistant|tool|tool result|harness|summary|title|subagent prompt|subagent assistant|subagent tool|subagent tool result)\] /;

describe("real transcripts as the model sees them", () => {
  it("shows task notifications and interruptions as [harness], not as the user", async () => {
    const text = await render(join(CLAUDE, "4069756ffc-harness-text.jsonl"));
    expect(text).not.toMatch(/^\[user\] <task-notification>/m);
    expect(text).not.toMatch(/^\[user\] \\?\[Request interrupted/m);
    expect(text).toContain(
      '[harness] task notification: Background command "Rebase onto updated parent branch" failed with exit code 1',
    );
    expect(text.match(/^\[harness\] Request interrupted by user$/gm)).toHaveLength(2);
    expect(text).toContain("[user] oh whoops, accidentally switched branches, my bad\n");
  });

  it("shows IDE context as [harness] beside the prompt typed with it", async () => {
    const text = await render(join(CLAUDE, "883595c929-ide-context.jsonl"));
    expect(text).toMatch(/^\[user\] create me a \.github\/CODEOWNERS/m);
    expect(text).toMatch(/^\[harness\] ide_opened_file: The user opened the file /m);
    expect(text).not.toContain("<ide_opened_file>");
  });

  it("never starts a line with [ except a role tag, and no tag is followed by another bracket", async () => {
    for (const name of readdirSync(CLAUDE)) {
      const text = await render(join(CLAUDE, name));
      for (const line of text.split("\n").filter((candidate) => candidate.startsWith("["))) {
        expect({ name, line, tagged: TAG.test(line) }).toEqual({ name, line, tagged: true });
        expect({ name, line, after: line.replace(TAG, "").startsWith("[") }).toEqual({
          name,
          line,
          after: false,
        });
      }
    }
  });

  it("renders an image as (image) and escapes a user line that starts with [word]", async () => {
    const image = await render(join(CLAUDE, "dcd5518fea-image.jsonl"));
    expect(image).toContain("[user] (image)\n");
    const bracket = await render(join(CLAUDE, "cb77bb88fa-bracket-line.jsonl"));
    expect(bracket).toContain(
      "[user] \\[test:e2e] $ go test -tags=e2e -timeout=30m -v ./cmd/entire/cli/e2e_test/...\n",
    );
  });

  it("keeps the task statement, not a slash command, as the first prompt of a cut session", async () => {
    const text = await render(join(CLAUDE, "38b74f08e3-slash-first.jsonl"), 3000);
    const head = text.slice(0, text.indexOf("[… truncated"));
    expect(head.trimEnd()).toBe("[user] is there any way to not repeat the whole error?");
  });

  it("never keeps harness text as the first prompt of a cut session", async () => {
    const text = await render(join(CLAUDE, "cb77bb88fa-bracket-line.jsonl"), 3000);
    const head = text.slice(0, text.indexOf("[… truncated"));
    expect(head).toMatch(/^\[user\] you just should run `entire enable/);
  });

  it("names the transcript by its file name in the cut notice, not by its absolute path", async () => {
    const path = join(CLAUDE, "38b74f08e3-slash-first.jsonl");
    const text = await render(path, 3000);
    expect(text).toContain("of 38b74f08e3-slash-first.jsonl were left out");
    expect(text).not.toContain(CLAUDE);
  });

  it("renders prompts and replies of a Codex rollout filtered down to its events", async () => {
    const [name] = readdirSync(CODEX);
    const text = await render(join(CODEX, name ?? ""));
    expect(text).toBe(
      [
        "[user] /Users/anbschool0018/Desktop/Project/00.SCHOOL/00.SchoolProject/Repo/test\nthis is our pwd",
        "[assistant] I’ll treat `/Users/anbschool0018/Desktop/Project/00.SCHOOL/00.SchoolProject/Repo/test` as the working directory for this repo.",
        "[assistant] Noted. I’ll use `/Users/anbschool0018/Desktop/Project/00.SCHOOL/00.SchoolProject/Repo/test` as the project working directory.",
        "[user] what are inside it",
        "[assistant] I’ll list the top-level contents of that directory so we can see the project shape.",
        "",
      ].join("\n"),
    );
  });

  it("renders each Codex prompt once when the rollout has both the event and the response item", async () => {
    const path = join(
      ROOT,
      "codex/rollout-2026-05-06T14-03-11-019a9e2c-6b1d-7f30-9c4e-2d8a5b7f1e03.jsonl",
    );
    const text = await render(path);
    const events = readFileSync(path, "utf8")
      .split("\n")
      .filter((line) => line.includes('"type":"user_message"'))
      .map((line) => (JSON.parse(line) as { payload: { message: string } }).payload.message.trim())
      .filter((message) => message !== "");
    expect(events.length).toBeGreaterThan(0);
    for (const message of events) {
      expect({ message, count: text.split(`[user] ${message}`).length - 1 }).toEqual({
        message,
        count: 1,
      });
    }
  });
});
