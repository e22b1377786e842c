/**
 * Wiki links that are not id links: `[[Page]]` links by title, which other tools write and
 * which break on the first rename, and `[[id__...]]` links whose id cannot parse. Found so
 * that a doctor check can report them and turn title links into id links.
 *
 * @module
 */

import { findCodeRanges, isInsideRanges } from "./markdown/code-ranges.js";
import { ID_BODY_MAX_LENGTH, ID_BODY_MIN_LENGTH, ID_PREFIX, isValidId } from "./id.js";
import { extractLinks, isValidDisplayText } from "./links.js";
import type { TextRange } from "./markdown/text-range.js";

/** A link by title: `[[Page]]`, `[[Page|text]]`, `[[Page#heading]]`, `![[Page]]`. */
export interface TitleLink {
  readonly kind: "title";
  /** The page named, trimmed: what a note's title would have to match. */
  readonly target: string;
  /** The heading after `#` (without it), when there is one. */
  readonly heading?: string;
  /** The text after `|`, when there is one and it is not empty. */
  readonly displayText?: string;
  /** Whether the link is an embed, written `![[...]]`. */
  readonly embed: boolean;
  /** Offsets of the whole token, from `[[` (or the `!` of an embed) to after `]]`. */
  readonly position: TextRange;
}

/** A link that starts like an id link (`[[id__`) but does not parse as one. */
export interface MalformedIdLink {
  readonly kind: "malformed-id";
  /** What stands where the id should be: `id__bad`, `id__ABC`. */
  readonly id: string;
  /** Why it is not an id, for a person to act on. */
  readonly reason: string;
  readonly embed: boolean;
  readonly position: TextRange;
}

export type LinkProblem = TitleLink | MalformedIdLink;

/**
 * Finds the title links and malformed id links of a note body, in order.
 *
 * A wiki link runs from `[[` to the first `]]` on the same line, like an id link; links in
 * code are not read, valid id links are not reported, and `[[]]` or `[[#heading]]` (no
 * page named) are left alone.
 *
 * @example
 * ```ts
 * findLinkProblems("see [[Igor|him]] and [[id__Ab3]]");
 * // [{ kind: "title", target: "Igor", displayText: "him", embed: false, position: { start: 4, end: 16 } },
 * //  { kind: "malformed-id", id: "id__Ab3", reason: "...", embed: false, position: { start: 21, end: 32 } }]
 * ```
 */
export function findLinkProblems(body: string): LinkProblem[] {
  if (!body.includes("[[")) return [];
  const code = findCodeRanges(body);
  const idLinkStarts = new Set(extractLinks(body).map((link) => link.position.start));
  const problems: LinkProblem[] = [];
  let from = 0;
  for (let open = body.indexOf("[[", from); open !== -1; open = body.indexOf("[[", from)) {
    const close = body.indexOf("]]", open + 2);
    const newline = body.indexOf("\n", open);
    if (close === -1 || (newline !== -1 && newline < close) || isInsideRanges(code, open)) {
      from = open + 1;
      continue;
    }
    const embed = open > 0 && body.charAt(open - 1) === "!";
    const position = { start: embed ? open - 1 : open, end: close + 2 };
    from = close + 2;
    if (idLinkStarts.has(position.start)) continue;
    const problem = readProblem(body.slice(open + 2, close), embed, position);
    if (problem !== undefined) problems.push(problem);
  }
  return problems;
}

function readProblem(inner: string, embed: boolean, position: TextRange): LinkProblem | undefined {
  const bar = inner.indexOf("|");
  const ref = bar === -1 ? inner : inner.slice(0, bar);
  const text = bar === -1 ? "" : inner.slice(bar + 1);
  const hash = ref.indexOf("#");
  const target = (hash === -1 ? ref : ref.slice(0, hash)).trim();
  if (target.startsWith(ID_PREFIX)) {
    return { kind: "malformed-id", id: target, reason: idReason(target), embed, position };
  }
  if (target === "") return undefined;
  const heading = hash === -1 ? "" : ref.slice(hash + 1).trim();
  return {
    kind: "title",
    target,
    ...(heading === "" ? {} : { heading }),
    ...(text.trim() === "" ? {} : { displayText: text }),
    embed,
    position,
  };
}

function idReason(id: string): string {
  const body = id.slice(ID_PREFIX.length);
  if (isValidId(id)) return `"${id}" is followed by text that is neither "#anchor" nor "|text"`;
  if (/[^0-9A-Za-z]/.test(body)) return `"${id}" holds characters other than [0-9A-Za-z]`;
  return `"${id}" has ${body.length} characters after ${ID_PREFIX}, not ${ID_BODY_MIN_LENGTH} to ${ID_BODY_MAX_LENGTH}`;
}

/**
 * Rewrites one title link into an id link to `id`, keeping the heading as the anchor, the
 * embed mark, and the text the reader saw (the display text, or else the page name).
 *
 * @returns The new body, or `undefined` when `id` is not a valid id, the body no longer
 *   holds that link at its position, or its text cannot be display text (a backtick that
 *   would pair with another one in the body; see {@link isValidDisplayText}).
 * @example
 * ```ts
 * const [link] = findLinkProblems("see [[Igor#cv|him]]");
 * titleLinkToIdLink("see [[Igor#cv|him]]", link, "id__Kf9mNp"); // "see [[id__Kf9mNp#cv|him]]"
 * ```
 */
export function titleLinkToIdLink(body: string, link: TitleLink, id: string): string | undefined {
  if (!isValidId(id)) return undefined;
  if (!isStillThere(body, link)) return undefined;
  const text = link.displayText ?? link.target;
  if (!isValidDisplayText(text)) return undefined;
  const anchor = link.heading === undefined ? "" : `#${link.heading}`;
  const replacement = `${link.embed ? "!" : ""}[[${id}${anchor}|${text}]]`;
  return body.slice(0, link.position.start) + replacement + body.slice(link.position.end);
}

/** Whether `body` still holds `link`, unchanged, where it was found. */
function isStillThere(body: string, link: TitleLink): boolean {
  const current = findLinkProblems(body).find(
    (found) => found.position.start === link.position.start,
  );
  return (
    current?.kind === "title" &&
    current.position.end === link.position.end &&
    current.target === link.target &&
    current.heading === link.heading &&
    current.displayText === link.displayText &&
    current.embed === link.embed
  );
}
