/**
 * A note file cut into the parts `memory why` answers for: each heading on its own, and each
 * paragraph (a run of non-blank lines; a fenced code block stays whole, blank lines and all).
 *
 * @module
 */

/** One part of a note file; line numbers are 1-based and inclusive. */
export interface NotePart {
  readonly from: number;
  readonly to: number;
  /** The `##`+ heading the part sits under (not the title), when there is one. */
  readonly section?: string;
}

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * The parts of a note's lines, in order.
 *
 * @example
 * ```ts
 * noteParts(["# T", "", "one", "two", "", "## More", "three"]);
 * // [{ from: 1, to: 1 }, { from: 3, to: 4 }, { from: 6, to: 6, section: "More" }, { from: 7, to: 7, section: "More" }]
 * ```
 */
export function noteParts(lines: readonly string[]): NotePart[] {
  const parts: NotePart[] = [];
  let section: string | undefined;
  let start = -1;
  let fence: string | undefined;
  const close = (end: number): void => {
    if (start < 0) return;
    parts.push({ from: start + 1, to: end + 1, ...(section === undefined ? {} : { section }) });
    start = -1;
  };
  for (const [i, raw] of lines.entries()) {
    const line = raw.replace(/\r$/, "");
    if (fence !== undefined) {
      const closing = FENCE.exec(line)?.[1];
      if (closing !== undefined && closing[0] === fence[0] && closing.length >= fence.length)
        fence = undefined;
      continue;
    }
    const opening = FENCE.exec(line)?.[1];
    if (opening !== undefined) {
      if (start < 0) start = i;
      fence = opening;
      continue;
    }
    if (line.trim() === "") {
      close(i - 1);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      close(i - 1);
      if ((heading[1] ?? "").length > 1) section = heading[2] ?? "";
      start = i;
      close(i);
      continue;
    }
    if (start < 0) start = i;
  }
  close(lines.length - 1);
  return parts;
}
