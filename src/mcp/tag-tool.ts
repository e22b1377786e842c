/**
 * The MCP `tag` tool: adds and removes tags on a note's tag line, one commit when the server
 * has git.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { defineTool, failure, type McpTool } from "./mcp-tool.js";

/** `tag`: the tag line's compare-and-swap change, as `memory tag ID +add -remove` does it. */
export const TAG_TOOL: McpTool = defineTool({
  name: "tag",
  description:
    "Add and remove tags on a note's tag line (tags written in its text stay). Pass the note's hash from read as expectedHash to refuse a note changed since.",
  schema: type({
    "+": "reject",
    id: type("string").describe("a note id, e.g. id__Kf9mNp"),
    "add?": type("string[]").describe("tags to add, with or without #"),
    "remove?": type("string[]").describe("tags to remove from the tag line"),
    "expectedHash?": type("string").describe("the note's hash as read; CONFLICT if it changed"),
  }),
  readOnly: false,
  run: async (args, deps) => {
    const tagged = await deps.memory.tag(
      args.id,
      { add: args.add ?? [], remove: args.remove ?? [] },
      {
        ...(args.expectedHash === undefined ? {} : { expectedHash: args.expectedHash }),
        ...(deps.git === undefined ? {} : { commit: `memory: tag ${args.id} (mcp)` }),
      },
    );
    return tagged.isErr() ? err(failure(tagged.error)) : ok(tagged.value);
  },
});
