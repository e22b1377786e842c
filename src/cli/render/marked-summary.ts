/**
 * What `memory sync` says about the places its merges marked (see merge-marks-since.ts).
 *
 * @module
 */

import type { MarkedFile } from "../framework/merge-marks-since.js";
import { plural } from "./format.js";

/**
 * One line per marked file and what to do, or "" when the merges marked nothing.
 *
 * @example
 * ```ts
 * describeMarked([{ path: "topics/standup id__Ab3xYz.md", places: 1, lines: [3] }]);
 * // "Merge: 1 place changed on two clones at once kept both versions, marked > [!conflict]: ..."
 * ```
 */
export function describeMarked(marked: readonly MarkedFile[]): string {
  if (marked.length === 0) return "";
  const places = marked.reduce((sum, file) => sum + file.places, 0);
  return [
    `Merge: ${plural(places, "place")} changed on two clones at once ${places === 1 ? "keeps" : "keep"} both versions between > [!conflict] marks; keep the right one and delete the other and the marks:`,
    ...marked.map((file) => `  ${file.path} (line ${file.lines.join(", ")})`),
  ].join("\n");
}
