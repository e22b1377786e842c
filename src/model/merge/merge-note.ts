/**
 * The merge by meaning of a note changed on two clones: the title, the tag line and the body,
 * each merged three-way. Pure: three texts in, one text and what was decided out.
 *
 * @module
 */

import { joinUnits, sentenceUnits, textUnits } from "./merge-blocks.js";
import { markedVersions } from "./merge-mark.js";
import { compareItems, mergeSequence, unionInOrder, type SequenceClash } from "./merge-sequence.js";

/** A merged text and what the merge decided that a person may want to look at. */
export interface MergedText {
  readonly text: string;
  /** Places both versions were kept between merge marks (docs/file-format.md, 3.3). */
  readonly marked: number;
  /** One sentence per decision worth reporting. */
  readonly decisions: readonly string[];
}

/** The prefix of the line that keeps a title the other clone chose. */
export const ALSO_TITLED = "Also titled: ";

interface NoteParts {
  readonly title: string | undefined;
  readonly tags: readonly string[] | undefined;
  readonly units: readonly string[];
}

/**
 * Merges a note changed on two clones (`ours`, `theirs`) from their common `base`.
 *
 * @example
 * ```ts
 * mergeNoteText("# A\n\nOne.\n", "# A\n\nOne.\n\nTwo.\n", "# A\n\nOne.\n\nThree.\n").text;
 * // "# A\n\nOne.\n\nThree.\n\nTwo.\n"
 * ```
 */
export function mergeNoteText(base: string, ours: string, theirs: string): MergedText {
  if (ours === theirs || base === theirs) return { text: ours, marked: 0, decisions: [] };
  if (base === ours) return { text: theirs, marked: 0, decisions: [] };
  const [b, o, t] = [base, ours, theirs].map(lf) as [string, string, string];
  const decisions: string[] = [];
  let marked = 0;
  const resolve = (clash: SequenceClash): readonly string[] => {
    const resolved = resolveUnits(clash);
    if (resolved.marked) marked += 1;
    return resolved.units;
  };
  const [pb, po, pt] = [b, o, t].map(noteParts) as [NoteParts, NoteParts, NoteParts];
  if (pb.title === undefined || po.title === undefined || pt.title === undefined) {
    const units = mergeSequence(textUnits(b), textUnits(o), textUnits(t), resolve);
    return { text: `${joinUnits(units)}\n`, marked, decisions: markedDecision(marked) };
  }
  const title = mergeTitle(pb.title, po.title, pt.title);
  const body = mergeSequence(pb.units, po.units, pt.units, resolve);
  if (title.other !== undefined) {
    const line = `${ALSO_TITLED}${title.other}`;
    if (!body.includes(line)) body.unshift(line);
    decisions.push(
      `The title was changed on both clones: "${title.heading}" is the heading and "${title.other}" is kept below it.`,
    );
  }
  const tags = mergeTags(pb.tags, po.tags, pt.tags);
  let text = `# ${title.heading}\n`;
  if (tags.length > 0) text += `\n${tags.join(" ")}\n`;
  if (body.length > 0) text += `\n${joinUnits(body)}\n`;
  return { text, marked, decisions: [...decisions, ...markedDecision(marked)] };
}

function markedDecision(marked: number): string[] {
  return marked === 0
    ? []
    : [
        `${marked} place${marked === 1 ? " was" : "s were"} changed differently on both clones: both versions are kept between "> [!conflict]" marks.`,
      ];
}

function lf(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

/** Title (the first line, when it is a `# ` heading), tag line and body units of a note. */
function noteParts(text: string): NoteParts {
  const title = /^# +(.+?)[ \t]*(?:\n|$)/.exec(text);
  if (title === null) return { title: undefined, tags: undefined, units: textUnits(text) };
  const units = textUnits(text.slice(title[0].length));
  const first = units[0];
  const tagLine = first !== undefined && /^#[^\s#]+(?:[ \t]+#[^\s#]+)*$/u.test(first);
  return {
    title: title[1],
    tags: tagLine ? first.split(/[ \t]+/) : undefined,
    units: tagLine ? units.slice(1) : units,
  };
}

/**
 * One heading for a title changed on both clones: the one that sorts first (code-unit
 * order, so both clones choose the same); the other is kept as text.
 */
function mergeTitle(
  base: string,
  ours: string,
  theirs: string,
): { heading: string; other?: string } {
  if (ours === theirs || theirs === base) return { heading: ours };
  if (ours === base) return { heading: theirs };
  return ours < theirs ? { heading: ours, other: theirs } : { heading: theirs, other: ours };
}

/** Tags merged as a set: a tag added on either side is kept, one removed on a side is gone. */
function mergeTags(
  base: readonly string[] = [],
  ours: readonly string[] = [],
  theirs: readonly string[] = [],
): string[] {
  const kept = (tag: string) =>
    ours.includes(tag) && theirs.includes(tag)
      ? true
      : (ours.includes(tag) || theirs.includes(tag)) && !base.includes(tag);
  const order = mergeSequence(base, ours, theirs, (clash) =>
    unionInOrder(clash.ours, clash.theirs),
  );
  const rest = [...ours, ...theirs].filter((tag) => !order.includes(tag)).toSorted();
  return [...new Set([...order, ...rest])].filter(kept);
}

/** A place both sides changed: both kept, merged sentence by sentence when that is clean. */
function resolveUnits(clash: SequenceClash): { units: readonly string[]; marked: boolean } {
  const { base, ours, theirs } = clash;
  if (base.length === 0) return { units: unionInOrder(ours, theirs), marked: false };
  if (ours.length === 0) return { units: theirs, marked: false };
  if (theirs.length === 0) return { units: ours, marked: false };
  const sentences = base.length === 1 && ours.length === 1 && theirs.length === 1;
  if (sentences) {
    const merged = mergeSentences(base[0] ?? "", ours[0] ?? "", theirs[0] ?? "");
    if (merged !== undefined) return { units: [merged], marked: false };
  }
  let head = 0;
  while (head < ours.length && head < theirs.length && ours[head] === theirs[head]) head++;
  let tail = 0;
  while (
    tail < ours.length - head &&
    tail < theirs.length - head &&
    ours[ours.length - 1 - tail] === theirs[theirs.length - 1 - tail]
  )
    tail++;
  const mine = ours.slice(head, ours.length - tail);
  const other = theirs.slice(head, theirs.length - tail);
  if (mine.length === 0 || other.length === 0) {
    return { units: unionInOrder(ours, theirs), marked: false };
  }
  const [first, second] = compareItems(mine, other) <= 0 ? [mine, other] : [other, mine];
  return {
    units: [
      ...ours.slice(0, head),
      ...markedVersions(first, second),
      ...ours.slice(ours.length - tail),
    ],
    marked: true,
  };
}

/** One paragraph changed on both sides, merged by sentence, or undefined when they clash. */
function mergeSentences(base: string, ours: string, theirs: string): string | undefined {
  let clean = true;
  const merged = mergeSequence(
    sentenceUnits(base),
    sentenceUnits(ours),
    sentenceUnits(theirs),
    (clash) => {
      if (clash.base.length > 0) clean = false;
      return unionInOrder(clash.ours.map(spaced), clash.theirs.map(spaced));
    },
  );
  return clean ? merged.join("") : undefined;
}

/** A sentence added at a clash, with a space before it so two such never run together. */
function spaced(sentence: string): string {
  return /^\s/.test(sentence) ? sentence : ` ${sentence}`;
}
