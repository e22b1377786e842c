/**
 * Picks how much of the memory goes into a budgeted text (the AGENTS.md section, the
 * session-start context): how many hot notes are inlined and how many notes are listed,
 * given a function that lays the text out and a test of whether a text fits.
 *
 * @module
 */

/** A laid-out section: what is measured against the budget. */
export interface LaidOut {
  readonly text: string;
}

/** Lays out the section with the first `inlined` hot notes inlined and `shown` list lines. */
export type Layout<T extends LaidOut> = (inlined: number, shown: number) => T;

/**
 * The layout to use, or undefined when not even the bare frame fits.
 *
 * Hot notes go in index order until the next one does not fit, so a later, smaller note
 * never jumps ahead of a hotter one; every note not inlined is listed. Inlining a note also
 * drops its list line and its name from the demotion notice, so a section can fit with a
 * note inlined and not without it: the scan stops at a failure only once something fitted.
 * When nothing fits with the whole list, no note is inlined and the list keeps its longest
 * head that fits.
 *
 * @param inlinable How many hot notes may be inlined (the ones within the size limit).
 * @param listable How many notes the full list has when nothing is inlined.
 * @param fits Whether a laid-out text is within the budget (tokens counted, bytes, ...).
 * @example
 * ```ts
 * // 10 characters of frame, 5 per inlined note, 1 per list line; inlined notes leave the list.
 * const layout = (inlined: number, shown: number) => ({
 *   text: "x".repeat(10 + inlined * 5 + Math.max(0, shown - inlined)),
 * });
 * fitToBudget(layout, 3, 4, (text) => text.length <= 22)?.text.length; // 22: two inlined, two listed
 * ```
 */
export function fitToBudget<T extends LaidOut>(
  layout: Layout<T>,
  inlinable: number,
  listable: number,
  fits: (text: string) => boolean,
): T | undefined {
  let best: T | undefined;
  for (let count = 0; count <= inlinable; count++) {
    const candidate = layout(count, listable);
    if (fits(candidate.text)) best = candidate;
    else if (best !== undefined) break;
  }
  return best ?? trimList(layout, listable, fits);
}

/** The longest head of the list that fits with nothing inlined, if any does. */
function trimList<T extends LaidOut>(
  layout: Layout<T>,
  listable: number,
  fits: (text: string) => boolean,
): T | undefined {
  // Binary search on the list's length (the text grows with it, but for the digits of the
  // "N more" line), then step down until it really fits.
  let low = 0;
  let high = listable;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(layout(0, mid).text)) low = mid;
    else high = mid - 1;
  }
  for (let shown = low; shown >= 0; shown--) {
    const candidate = layout(0, shown);
    if (fits(candidate.text)) return candidate;
  }
  return undefined;
}
