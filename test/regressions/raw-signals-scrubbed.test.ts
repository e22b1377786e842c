/** Issue 12, defect 8: raw signals are scrubbed before they are written (and committed). */
import { describe, expect, it } from "vitest";
import { freshMemory } from "../helpers/fresh-memory.js";
import { okOf } from "../helpers/result-helpers.js";

const TOKEN = "ghp_0123456789abcdefghijABCDEFGHIJklmnop";

describe("raw signals", () => {
  it("a token in a journal note is redacted in the file", async () => {
    const { memory, persistence } = await freshMemory();
    const entry = okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: `deploy with ${TOKEN} and auth: enabled-for-staging`,
      }),
    );
    const text = okOf(await persistence.read(`journal/pending/${entry.id}.json`));
    expect(text).not.toContain(TOKEN);
    expect(text).toContain("[REDACTED:github-token]");
    expect(text).toContain("auth: enabled-for-staging");
    expect(entry.redacted).toEqual(["github-token"]);
  });

  it("a token in a session-log entry is redacted in the file", async () => {
    const { memory, persistence } = await freshMemory();
    const appended = okOf(
      await memory.sessionLog.append({
        what: "rotated keys",
        why: `the old one was ${TOKEN}`,
        how: "vault",
        next: "none",
      }),
    );
    const text = okOf(await persistence.read(appended.path));
    expect(text).not.toContain(TOKEN);
    expect(text).toContain("[REDACTED:github-token]");
    expect(appended.redacted).toEqual(["github-token"]);
  });

  it("a done record keeps no home directory", async () => {
    const { memory, persistence } = await freshMemory();
    const entry = okOf(
      await memory.journal.add({
        harness: "claude-code",
        retrieval: { method: "file", sessionPath: "/home/alice/.claude/projects/x/abc.jsonl" },
        context: { cwd: "/Users/alice/src/project" },
      }),
    );
    okOf(await memory.journal.markConsolidated([entry.id], { commit: null }));
    const text = okOf(await persistence.read(`journal/done/${entry.id}.json`));
    expect(text).not.toMatch(/alice/);
    expect(text).toContain("~/.claude/projects/x/abc.jsonl");
    expect(text).toContain("~/src/project");
  });
});
