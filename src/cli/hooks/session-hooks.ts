/**
 * What each hook does once its payload is read: queue the session's transcript for
 * consolidation, or print the session-start context in the form the harness injects.
 *
 * @module
 */

import { type } from "arktype";
import type { Memory } from "../../index.js";
import { codexHome, findRollout } from "./codex-rollout.js";
import { HOOK_OUTPUT_MAX_CHARS } from "./hook-defaults.js";
import { codexNotifyPayload, sessionHookPayload } from "./hook-payload.js";

/** How a hook ended: what to log, and what (if anything) to print for the harness. */
export interface HookOutcome {
  readonly outcome: "queued" | "printed" | "skipped" | "failed";
  readonly detail: string;
  readonly stdout?: string;
  /** A failure a later try may not meet (a lock, a disk): its hook record is kept for it. */
  readonly retry?: boolean;
}

/** What a hook handler gets. */
export interface HookInput {
  readonly harness: string;
  /** The payload text: stdin for session hooks, the last argument for Codex notify. */
  readonly payload: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Tokens of context a session-start hook prints at most. */
  readonly budget: number;
}

/** A hook: a memory and its input in, an outcome out (never a throw the harness sees). */
export type HookHandler = (memory: Memory, input: HookInput) => Promise<HookOutcome>;

const failed = (detail: string): HookOutcome => ({ outcome: "failed", detail });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Queues a transcript unless an entry for the same file (or thread) is already pending:
 * PreCompact then SessionEnd, or Codex's notify after every turn, name one session many times,
 * and one pending entry is enough for the consolidation to read all of it. The look and the
 * add hold the journal's lock, so hooks racing for one transcript queue it once.
 */
async function queueSession(
  memory: Memory,
  entry: { harness: string; session?: string; thread?: string; cwd?: string },
): Promise<HookOutcome> {
  const { journalEntryFromFlags } = await import("../../lifecycle/index.js");
  const added = await memory.journal.addOnce(
    journalEntryFromFlags(entry),
    (stored) =>
      stored.harness === entry.harness &&
      ((entry.session !== undefined && stored.retrieval.sessionPath === entry.session) ||
        (entry.session === undefined &&
          entry.thread !== undefined &&
          stored.retrieval.threadId === entry.thread)),
  );
  if (added.isErr()) {
    // An entry the journal refuses (a credential store, a malformed path) never will be
    // accepted; anything else (a lock held too long, a full disk) may pass on a later try.
    const retry = added.error.code !== "INVALID_INPUT";
    return { outcome: "failed", detail: `${added.error.code}: ${added.error.message}`, retry };
  }
  if (added.value.kind === "pending") {
    return {
      outcome: "skipped",
      detail: `already pending as ${added.value.entry.id} (${entry.session ?? entry.thread ?? ""})`,
    };
  }
  return {
    outcome: "queued",
    detail: `entry ${added.value.entry.id} for ${entry.session ?? entry.thread ?? ""}`,
  };
}

/** SessionEnd, PreCompact, Stop (Claude Code and Codex hooks): queue `transcript_path`. */
export const queueTranscript: HookHandler = async (memory, input) => {
  const payload = sessionHookPayload(parseJson(input.payload));
  if (payload instanceof type.errors) {
    return failed(`the stdin payload is not the hook JSON (${payload.summary})`);
  }
  const transcript = payload.transcript_path;
  if (transcript === undefined || transcript === null || transcript === "") {
    return { outcome: "skipped", detail: `no transcript_path for session ${payload.session_id}` };
  }
  return queueSession(memory, {
    harness: input.harness,
    session: transcript,
    thread: payload.session_id,
    ...(payload.cwd === undefined ? {} : { cwd: payload.cwd }),
  });
};

/** What a SessionStart hook prints: the JSON both harnesses read. */
function sessionStartOutput(additionalContext: string): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: "SessionStart", additionalContext } })}\n`;
}

/**
 * SessionStart (Claude Code and Codex): prints
 * `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":...}}`, which both
 * harnesses add to the conversation.
 */
export const printContext: HookHandler = async (memory, input) => {
  const payload = sessionHookPayload(parseJson(input.payload));
  if (payload instanceof type.errors) {
    return failed(`the stdin payload is not the hook JSON (${payload.summary})`);
  }
  const { sessionContext } = await import("../../lifecycle/index.js");
  const header = "# Memory (agent-memory)\n\n";
  // Within the token budget and within what the harness shows as it is. JSON escaping
  // lengthens the text, so a try over the limit is redone with the excess taken off; the
  // pickup is kept whatever the limit, so a few tries are enough to know it is all that is left.
  let maxChars = HOOK_OUTPUT_MAX_CHARS - sessionStartOutput(header).length;
  let stdout = "";
  let additionalContext = "";
  for (let attempt = 0; attempt < 4; attempt++) {
    const context = await sessionContext(memory, {
      // The budget is the whole additionalContext's, header included.
      budget: Math.max(1, input.budget - memory.tokenizer.countTokens(header)),
      maxChars,
    });
    if (context.isErr()) return failed(`${context.error.code}: ${context.error.message}`);
    additionalContext = `${header}${context.value.text}`;
    stdout = sessionStartOutput(additionalContext);
    const excess = stdout.length - HOOK_OUTPUT_MAX_CHARS;
    if (excess <= 0) break;
    maxChars = Math.max(0, maxChars - excess);
  }
  return {
    outcome: "printed",
    detail: `${additionalContext.length} characters for session ${payload.session_id}`,
    stdout,
  };
};

/** Codex `notify`: finds the thread's rollout file and queues it. */
export const queueCodexRollout: HookHandler = async (memory, input) => {
  const payload = codexNotifyPayload(parseJson(input.payload));
  if (payload instanceof type.errors) {
    return failed(`the notify argument is not Codex's JSON (${payload.summary})`);
  }
  if (payload.type !== "agent-turn-complete") {
    return { outcome: "skipped", detail: `notify type ${payload.type} is not agent-turn-complete` };
  }
  const threadId = payload["thread-id"];
  const home = codexHome(input.env);
  const rollout = home === undefined ? undefined : await findRollout(home, threadId);
  if (rollout === undefined) {
    return failed(`no rollout file for thread ${threadId} under ${home ?? "$CODEX_HOME"}/sessions`);
  }
  return queueSession(memory, {
    harness: "codex",
    session: rollout,
    thread: threadId,
    ...(payload.cwd === undefined ? {} : { cwd: payload.cwd }),
  });
};

/** The hooks by harness, then event. */
export const HOOKS: Readonly<Record<string, Readonly<Record<string, HookHandler>>>> = {
  "claude-code": {
    "session-start": printContext,
    "session-end": queueTranscript,
    "pre-compact": queueTranscript,
  },
  codex: {
    notify: queueCodexRollout,
    "session-start": printContext,
    stop: queueTranscript,
    "pre-compact": queueTranscript,
  },
};
