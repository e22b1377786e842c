/**
 * The stdin payloads of harness hooks, as their documentation and the fixtures in
 * test/fixtures/hooks/ (see SOURCES.md there) show them. Only the fields the hooks use are
 * checked; the harnesses add fields over time and those are ignored.
 *
 * @module
 */

import { type } from "arktype";

/**
 * Claude Code's fields common to every event (SessionStart, SessionEnd, PreCompact, Stop);
 * Codex's hooks (SessionStart, Stop, PreCompact) send the same names, with a nullable
 * `transcript_path`.
 */
export const sessionHookPayload = type({
  session_id: "string",
  "transcript_path?": "string | null",
  "cwd?": "string",
  "hook_event_name?": "string",
});

/** Codex's `notify` program argument: one JSON object, the last argv. */
export const codexNotifyPayload = type({
  type: "string",
  "thread-id": "string",
  "cwd?": "string",
});
