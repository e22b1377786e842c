/**
 * Puts a generated section into the current text of an AGENTS.md, touching nothing else.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import { findMarkerLines, type MarkerLine } from "./markers.js";

/**
 * Replaces the section between the markers of `current` with `section` (which carries its
 * own markers), keeping every byte outside the markers exactly:
 *
 * - no file yet (`undefined`) or an empty one: the section and a final newline;
 * - text without markers: the text, then the section after one blank line (fewer newlines
 *   are added when the text already ends with some; nothing of it is removed);
 * - one start line, then one end line: the span from the start marker's `<` to the end
 *   marker's `>` is replaced; indentation and what follows on those lines stay;
 * - anything else (two starts, two ends, an end before the start, one without the other):
 *   an INVALID_INPUT error naming `file` and the lines, since guessing where a damaged
 *   section ends could delete hand-written text.
 *
 * Splicing the same section twice gives the same bytes as splicing it once.
 *
 * @param file How to name the file in an error, e.g. its path.
 * @example
 * ```ts
 * const section = "<!-- agent-memory:start -->\nhi\n<!-- agent-memory:end -->";
 * spliceSection("# Rules\n", section, "AGENTS.md");
 * // Ok("# Rules\n\n<!-- agent-memory:start -->\nhi\n<!-- agent-memory:end -->\n")
 * ```
 */
export function spliceSection(
  current: string | undefined,
  section: string,
  file = "the target file",
): Result<string, InvalidInputError> {
  if (current === undefined || current === "") return ok(`${section}\n`);
  const markers = findMarkerLines(current);
  if (markers.length === 0) return ok(`${current}${separatorAfter(current)}${section}\n`);
  const [start, end, ...rest] = markers;
  if (start?.kind === "start" && end?.kind === "end" && rest.length === 0) {
    return ok(`${current.slice(0, start.start)}${section}${current.slice(end.end)}`);
  }
  return err(
    new InvalidInputError(
      `${file} has damaged agent-memory markers (${describe(markers)}); a section needs one ` +
        `"<!-- agent-memory:start -->" line, then one "<!-- agent-memory:end -->" line. ` +
        "Fix or delete those lines by hand, then generate again. Nothing was written.",
    ),
  );
}

/** What to add after `text` so one blank line separates it from an appended section. */
function separatorAfter(text: string): string {
  if (text.endsWith("\n\n") || text.endsWith("\n\r\n")) return "";
  return text.endsWith("\n") ? "\n" : "\n\n";
}

function describe(markers: readonly MarkerLine[]): string {
  return markers.map((marker) => `${marker.kind} on line ${marker.line}`).join(", ");
}
