/**
 * The `forget` tool: archive a note (default), or delete it when nothing links to it.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok } from "neverthrow";
import { forgetNote } from "../index.js";
import { defineTool, failure } from "./mcp-tool.js";
import { commitMessage, noteId } from "./note-tools.js";

/** The `forget` tool. */
export const forgetTool = defineTool({
  name: "forget",
  description:
    "Archive a note (links stay valid); remove: delete it instead, refused while anything links to it. " +
    "expectedHash: CONFLICT if the note changed.",
  schema: type({ "+": "reject", id: noteId, "remove?": "boolean", "expectedHash?": "string" }),
  effect: "destructive",
  run: async (args, deps) => {
    const how = args.remove === true ? "remove" : "archive";
    const forgotten = await forgetNote(deps.memory, args.id, {
      ...(args.remove === true ? { remove: true } : {}),
      ...(args.expectedHash === undefined ? {} : { expectedHash: args.expectedHash }),
      ...commitMessage(deps, `memory: forget ${args.id} (${how}, mcp)`),
    });
    return forgotten.isErr() ? err(failure(forgotten.error)) : ok(forgotten.value);
  },
});
