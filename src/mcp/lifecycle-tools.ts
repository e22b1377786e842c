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

const agent = type("0 <= number.integer <= 99").describe(
  "whose log: 0 (default) is the main agent, 1, 2, ... its helpers",
);

const journalAddTool = defineTool({
  name: "journal_add",
  description:
    "Queue a session (or just a note) for the next consolidation, which turns it into notes. " +
    "Give the harness and where the transcript is (thread id or transcript path), or only `note`.",
  schema: type({
    "+": "reject",
    harness: type("string > 0").describe(
      "who ran the session: claude-code, codex, amp, cursor, manual, ...",
    ),
    "thread?": type("string").describe("the harness's thread or session id"),
    "session?": type("string").describe("absolute path of a transcript file"),
    "method?": type("string").describe(
      "how to read it: jsonl, file, amp-thread, none, ...; inferred when absent",
    ),
    "cwd?": type("string").describe("where the session ran (absolute)"),
    "repo?": type("string").describe("the repository it worked on, owner/name"),
    "note?": type("string").describe("something to remember"),
  }),
  readOnly: false,
  run: async (args, { memory }) => {
    const added = await memory.journal.add(journalEntryFromFlags(args));
    return added.isErr() ? err(failure(added.error)) : ok({ entry: added.value });
  },
});

const sessionLogTool = defineTool({
  name: "session_log",
  description:
    "At the end of a session, append what was done, why, how, and one `next` line for whoever resumes " +
    "to today's session log. The next session starts from `pickup`.",
  schema: type({
    "+": "reject",
    what: type("string > 0").describe("what was done"),
    why: type("string > 0").describe("why"),
    how: type("string > 0").describe("how (commands, files, decisions)"),
    next: type("string > 0").describe("one line: what to do next"),
    "agent?": agent,
  }),
  readOnly: false,
  run: async (args, { memory }) => {
    const appended = await memory.sessionLog.append({ agent: args.agent ?? 0, ...args });
    return appended.isErr() ? err(failure(appended.error)) : ok(appended.value);
  },
});

const pickupTool = defineTool({
  name: "pickup",
  description:
    "Where to resume: the last logged session's `next` line and text (today's log, then yesterday's). null when there is none.",
  schema: type({ "+": "reject", "agent?": agent }),
  readOnly: true,
  run: async (args, { memory }) => {
    const found = await memory.sessionLog.pickup({ agent: args.agent ?? 0 });
    return found.isErr() ? err(failure(found.error)) : ok({ pickup: found.value });
  },
});

const contextTool = defineTool({
  name: "context",
  description:
    "What to read at session start: the pickup line and the hot notes of the index (inlined within the budget), " +
    "then the other hot and warm notes as links. Call it first in a session.",
  schema: type({
    "+": "reject",
    "budget?": type("100 <= number.integer <= 200000").describe(
      "characters the context may take (default 6000)",
    ),
    "agent?": agent,
  }),
  readOnly: true,
  run: async (args, { memory }) => {
    const context = await sessionContext(memory, {
      ...(args.budget === undefined ? {} : { budget: args.budget }),
      ...(args.agent === undefined ? {} : { agent: args.agent }),
    });
    return context.isErr() ? err(failure(context.error)) : ok(context.value);
  },
});

const doctorTool = defineTool({
  name: "doctor",
  description:
    "Check the memory's health (broken links, duplicate ids, stray files, ...). Changes nothing.",
  schema: type({ "+": "reject" }),
  readOnly: true,
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
