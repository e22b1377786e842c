/**
 * The MCP tool that says where a note's text came from.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { defineTool, failure, type McpTool } from "./mcp-tool.js";
import { noteId } from "./note-tools.js";

/** `why`: per heading and paragraph, the commit that wrote it and the sessions behind it. */
export const whyTool: McpTool = defineTool({
  name: "why",
  description: "Who wrote each part of a note: commit, sessions.",
  schema: type({ "+": "reject", id: noteId }),
  effect: "read",
  run: async (args, { memory }) => {
    const why = await memory.why(args.id);
    return why.isErr() ? err(failure(why.error)) : ok(why.value);
  },
});
