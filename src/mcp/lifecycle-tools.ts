/**
 * The MCP tools over the lifecycle: queue a session for consolidation, log a session, pick up
 * where the last one stopped, the session-start context, and the health check.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { journalEntryFromFlags, sessionContext } from "../lifecycle/index.js";
import { defineTool, failure, type McpTool } from "./mcp-tool.js";

const agent = type("0 <= number.integer <= 99").describe("0 (default): main agent; 1+: helpers");

const journalAddTool = defineTool({
  name: "journal_add",
  description:
    "Queue a session for consolidation: harness (claude-code, codex, manual, ...) and thread or transcript " +
    "path (session), or a note.",
  schema: type({
    "+": "reject",
    harness: "string > 0",
    "thread?": "string",
    "session?": "string",
    "method?": "string",
    "cwd?": "string",
    "repo?": "string",
    "note?": "string",
  }),
  effect: "write",
  run: async (args, { memory }) => {
    const added = await memory.journal.add(journalEntryFromFlags(args));
    return added.isErr() ? err(failure(added.error)) : ok({ entry: added.value });
  },
});

const sessionLogTool = defineTool({
  name: "session_log",
  description: "At session end: what, why, how, and next (one line).",
  schema: type({
    "+": "reject",
    what: "string > 0",
    why: "string > 0",
    how: "string > 0",
    next: "string > 0",
    "agent?": agent,
  }),
  effect: "write",
  run: async (args, { memory }) => {
    const appended = await memory.sessionLog.append({ agent: args.agent ?? 0, ...args });
    return appended.isErr() ? err(failure(appended.error)) : ok(appended.value);
  },
});

const pickupTool = defineTool({
  name: "pickup",
  description: "The last logged session's next line and text.",
  schema: type({ "+": "reject", "agent?": agent }),
  effect: "read",
  run: async (args, { memory }) => {
    const found = await memory.sessionLog.pickup({ agent: args.agent ?? 0 });
    return found.isErr() ? err(failure(found.error)) : ok({ pickup: found.value });
  },
});

const contextTool = defineTool({
  name: "context",
  description: "Call first: the pickup line and hot notes (within budget), warm notes as links.",
  schema: type({
    "+": "reject",
    "budget?": type("100 <= number.integer <= 50000").describe("tokens (default 1200)"),
    "agent?": agent,
  }),
  effect: "read",
  run: async (args, { memory }) => {
    const context = await sessionContext(memory, {
      ...(args.budget === undefined ? {} : { budget: args.budget }),
      ...(args.agent === undefined ? {} : { agent: args.agent }),
    });
    if (context.isErr()) return err(failure(context.error));
    // The text already holds the inlined bodies: repeating them tripled the answer's tokens.
    const { text, hot, warm } = context.value;
    return ok({
      text,
      inlined: hot.filter((note) => note.body !== null).map((note) => note.id),
      listed: [...hot.filter((note) => note.body === null), ...warm].map((note) => note.id),
    });
  },
});

const doctorTool = defineTool({
  name: "doctor",
  description: "Check the memory's health; changes nothing.",
  schema: type({ "+": "reject" }),
  effect: "read",
  run: async (_args, { memory }) => {
    const report = await memory.doctor();
    return report.isErr() ? err(failure(report.error)) : ok(report.value);
  },
});

/** The lifecycle tools, in the order clients list them. */
export const LIFECYCLE_TOOLS: readonly McpTool[] = [
  contextTool,
  pickupTool,
  sessionLogTool,
  journalAddTool,
  doctorTool,
];
