/**
 * The `edit` tool: one change to a note's body through the library's compare-and-swap path.
 * The server runs writes one at a time, so its own edits never race each other; an edit
 * that only adds text (append, prepend, append-section) commutes with any other, so when a
 * writer outside the server changed the note in between it is redone on the new text, while
 * edits that replace text answer CONFLICT and leave the decision to the agent.
 *
 * @module
 */

import { type } from "arktype";
import { err, ok, type Result } from "neverthrow";
import { editNote, type EditResult, type NoteEdit } from "../index.js";
import { defineTool, failure, type ToolFailure } from "./mcp-tool.js";
import { commitMessage, noteId } from "./note-tools.js";

/** How often an adding edit is redone after someone outside the server wrote the note. */
const ADD_ATTEMPTS = 3;

const ADDING: ReadonlySet<string> = new Set(["append", "prepend", "append-section"]);

const schema = type({
  "+": "reject",
  id: noteId,
  kind: "'append' | 'prepend' | 'replace' | 'replace-section' | 'append-section' | 'replace-body'",
  text: "string",
  "find?": "string",
  "all?": "boolean",
  "heading?": "string",
  "expectedHash?": "string",
});

/** The `edit` tool. */
export const editTool = defineTool({
  name: "edit",
  description:
    "Change a note's body. append/prepend: add text. replace: exact `find` becomes text (all: every match). " +
    "replace-section/append-section: set/extend the section under `heading`. replace-body. expectedHash: CONFLICT if the note changed.",
  schema,
  effect: "destructive",
  run: async (args, deps) => {
    const edit = toEdit(args);
    if (edit.isErr()) return err(edit.error);
    const options = {
      ...commitMessage(deps, `memory: edit ${args.id} (${args.kind}, mcp)`),
      ...(args.expectedHash === undefined ? {} : { expectedHash: args.expectedHash }),
    };
    const attempts = ADDING.has(args.kind) && args.expectedHash === undefined ? ADD_ATTEMPTS : 1;
    let edited = await editNote(deps.memory, args.id, edit.value, options);
    for (let attempt = 1; attempt < attempts; attempt++) {
      if (edited.isOk() || edited.error.code !== "CONFLICT") break;
      edited = await editNote(deps.memory, args.id, edit.value, options);
    }
    if (edited.isErr()) return err(failure(edited.error));
    return ok(answer(edited.value));
  },
});

function answer({ note, changed, commit }: EditResult) {
  return { id: note.id, hash: note.hash, changed, commit };
}

function toEdit(args: typeof schema.infer): Result<NoteEdit, ToolFailure> {
  const needs = (field: string, what: string): Result<never, ToolFailure> =>
    err({ code: "INVALID_INPUT", message: `edit: kind ${args.kind} needs ${field}: ${what}.` });
  switch (args.kind) {
    case "replace":
      if (args.find === undefined) return needs("find", "the exact text to replace");
      return ok({
        kind: "replace",
        find: args.find,
        replacement: args.text,
        all: args.all === true,
      });
    case "replace-section":
    case "append-section":
      if (args.heading === undefined) return needs("heading", "the section's heading text");
      return ok({ kind: args.kind, heading: args.heading, text: args.text });
    default:
      return ok({ kind: args.kind, text: args.text });
  }
}
