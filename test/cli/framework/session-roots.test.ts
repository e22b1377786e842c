/**
 * The CLI reads transcripts only from the harnesses' transcript folders (issue 28), never
 * from their whole config folders, which hold the harness's own tokens.
 */
import { describe, expect, it } from "vitest";
import { insideRoots } from "../../../src/adapters/session-readers/session-roots.js";
import { sessionRoots } from "../../../src/cli/framework/cli-session-readers.js";

const io = { env: { HOME: "/home/me" }, cwd: "/" };

describe("the CLI's session roots", () => {
  it("are the transcript folders of each harness", () => {
    expect(sessionRoots(io)).toEqual([
      "/home/me/.claude/projects",
      "/home/me/.codex/sessions",
      "/home/me/.codex/archived_sessions",
      "/home/me/.gemini/tmp",
      "/home/me/.cursor/projects",
      "/home/me/.pi/agent/sessions",
    ]);
    expect(
      sessionRoots({
        env: { HOME: "/home/me", CLAUDE_CONFIG_DIR: "/cfg/claude", CODEX_HOME: "/cfg/codex" },
        cwd: "/",
      }),
    ).toEqual(
      expect.arrayContaining([
        "/cfg/claude/projects",
        "/cfg/codex/sessions",
        "/cfg/codex/archived_sessions",
      ]),
    );
  });

  it("admit transcripts and refuse the harnesses' credentials and settings", () => {
    const roots = sessionRoots(io);
    for (const transcript of [
      "/home/me/.claude/projects/-home-me-app/7d3c9a1e.jsonl",
      "/home/me/.codex/sessions/2026/05/06/rollout-2026-05-06T14-03-11-019a.jsonl",
      "/home/me/.gemini/tmp/9e8d/chats/session-2025-12-03T06-35-9e8d7c6b.json",
      "/home/me/.pi/agent/sessions/--home-dev-app--/2026-05-07.jsonl",
    ])
      expect(insideRoots(transcript, roots).isOk()).toBe(true);
    for (const secret of [
      "/home/me/.claude/.credentials.json",
      "/home/me/.claude/settings.json",
      "/home/me/.codex/auth.json",
      "/home/me/.codex/config.toml",
      "/home/me/.gemini/oauth_creds.json",
      "/home/me/.claude/projects/../.credentials.json",
    ]) {
      const refused = insideRoots(secret, roots);
      expect(refused.isErr()).toBe(true);
      expect(refused._unsafeUnwrapErr()).toMatchObject({ code: "SESSION_READ", refused: true });
    }
  });
});
