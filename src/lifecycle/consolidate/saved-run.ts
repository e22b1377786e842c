import { type } from "arktype";
import type { SavedRun } from "./consolidation-steps.js";

const note = { title: "string", tags: "string[]", body: "string" } as const;

/** The file an interrupted run leaves behind: its validated plan and the ids it assigned. */
export const savedRunSchema = type({
  run: "string",
  plan: {
    creates: type({ key: "string", ...note }).array(),
    updates: type({ id: "string", ...note }).array(),
    "appends?": type({ id: "string", body: "string" }).array(),
    inbox: type({
      id: "string",
      action: "'merged' | 'keep' | 'archive'",
      "into?": "string",
    }).array(),
  },
  ids: "Record<string, string>",
  "salt?": "string",
  entryIds: "string[]",
  sessions: "string[]",
  "expected?": "Record<string, string>",
});

/** Reads a saved run's text; undefined when it is not one (it is then ignored, never trusted). */
export function parseSavedRun(text: string): SavedRun | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const checked = savedRunSchema(value);
  return checked instanceof type.errors ? undefined : checked;
}
