/**
 * The MCP `tag` tool: adds and removes tags on a note's tag line, one commit when the server
 * has git.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { defineTool, failure, type McpTool } from "./mcp-tool.js";
import { commitMessage, noteId } from "./note-tools.js";

/** `tag`: the tag line's compare-and-swap change, as `memory tag ID +add -remove` does it. */
export const TAG_TOOL: McpTool = defineTool({
  name: "tag",
  description:
    "Add or remove tags on a note's tag line (tags in its text stay). expectedHash: CONFLICT if the note changed.",
  schema: type({
    "+": "reject",
    id: noteId,
    "add?": "string[]",
    "remove?": "string[]",
    "expectedHash?": "string",
  }),
  effect: "write",
  run: async (args, deps) => {
    const tagged = await deps.memory.tag(
      args.id,
      { add: args.add ?? [], remove: args.remove ?? [] },
      {
        ...(args.expectedHash === undefined ? {} : { expectedHash: args.expectedHash }),
        ...commitMessage(deps, `memory: tag ${args.id} (mcp)`),
      },
    );
    return tagged.isErr() ? err(failure(tagged.error)) : ok(tagged.value);
  },
});
