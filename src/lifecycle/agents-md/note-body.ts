/**
 * A note's body as AGENTS.md inlines it. Pure.
 *
 * Three changes, each because the body now lives inside a bigger document:
 * - `[[id__X|text]]` links become markdown links to the note files, so an agent reading
 *   AGENTS.md can open them (a link to a note that does not exist becomes its plain text);
 * - headings go three levels down (capped at `######`), so a note's `# Heading` stays under
 *   the note's own `### Title` instead of outranking the section;
 * - a code fence left open is closed, so it cannot swallow the notes after it.
 *
 * @module
 */

import { extractLinks } from "../../model/links.js";
import { markdownLink, pathFromTarget } from "./target-paths.js";

/** What a link needs to know about the note it points at. */
export interface LinkedNote {
  readonly title: string;
  /** Path relative to the memory root. */
  readonly path: string;
}

/** How the links of a body are resolved. */
export interface BodyLinkTargets {
  /** The note a link id names, or undefined when none has it. */
  readonly noteById: (id: string) => LinkedNote | undefined;
  /** `/`-separated path from the target file's folder to the memory root. */
  readonly memoryRootFromTarget: string;
}

const HEADING_SHIFT = 3;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^( {0,3})(#{1,6})(?=[ \t]|$)/;

/**
 * Renders a note body for inlining.
 *
 * @example
 * ```ts
 * renderNoteBody("# Why\nsee [[id__Kf9mNp|the console]]", {
 *   noteById: () => ({ title: "Console", path: "topics/console id__Kf9mNp.md" }),
 *   memoryRootFromTarget: "memory",
 * });
 * // "#### Why\nsee [the console](<memory/topics/console id__Kf9mNp.md>)"
 * ```
 */
export function renderNoteBody(body: string, deps: BodyLinkTargets): string {
  return shiftHeadings(rewriteLinks(body, deps));
}

/** Replaces every link (outside code) with a markdown link, or its text when it is broken. */
export function rewriteLinks(body: string, deps: BodyLinkTargets): string {
  let out = "";
  let from = 0;
  for (const link of extractLinks(body)) {
    const target = deps.noteById(link.id);
    const text = link.hasDisplayText ? link.displayText : (target?.title ?? link.displayText);
    out += body.slice(from, link.position.start);
    out +=
      target === undefined
        ? text
        : markdownLink(text, pathFromTarget(deps.memoryRootFromTarget, target.path));
    from = link.position.end;
  }
  return out + body.slice(from);
}

/** Moves headings outside code fences down a few levels and closes a fence left open. */
export function shiftHeadings(body: string): string {
  const lines = body.split("\n");
  let fence: { readonly char: string; readonly length: number } | undefined;
  const out = lines.map((line) => {
    const marker = FENCE.exec(line);
    if (fence !== undefined) {
      const closes =
        marker !== null &&
        marker[1]?.charAt(0) === fence.char &&
        (marker[1]?.length ?? 0) >= fence.length &&
        (marker[2] ?? "").trim() === "";
      if (closes) fence = undefined;
      return line;
    }
    const opening = marker?.[1];
    if (opening !== undefined && !(opening.startsWith("`") && (marker?.[2] ?? "").includes("`"))) {
      fence = { char: opening.charAt(0), length: opening.length };
      return line;
    }
    return line.replace(
      HEADING,
      (_, indent: string, hashes: string) =>
        `${indent}${"#".repeat(Math.min(6, hashes.length + HEADING_SHIFT))}`,
    );
  });
  if (fence !== undefined) out.push(fence.char.repeat(fence.length));
  return out.join("\n");
}
