/**
 * The MCP `supersede` tool: marks a note (or one section) as replaced by another note, one
 * commit when the server has git.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { defineTool, failure, type McpTool } from "./mcp-tool.js";
import { commitMessage, noteId } from "./note-tools.js";

/** `supersede`: what `memory supersede OLD NEW` does, as a compare-and-swap on the old note. */
export const SUPERSEDE_TOOL: McpTool = defineTool({
  name: "supersede",
  description:
    "Mark note id as replaced by note `by` when a fact changed (not edit); its text stays.",
  schema: type({
    "+": "reject",
    id: noteId,
    by: noteId,
    "reason?": "string",
    "date?": type("string").describe("YYYY-MM-DD it changed (default today)"),
    "expectedHash?": "string",
  }),
  effect: "write",
  run: async (args, deps) => {
    const done = await deps.memory.supersede(args.id, args.by, {
      ...(args.reason === undefined ? {} : { reason: args.reason }),
      ...(args.date === undefined ? {} : { date: args.date }),
      ...(args.expectedHash === undefined ? {} : { expectedHash: args.expectedHash }),
      ...commitMessage(deps, `memory: supersede ${args.id} by ${args.by} (mcp)`),
    });
    return done.isErr() ? err(failure(done.error)) : ok(done.value);
  },
});
