import { micromark } from "micromark";
import type { ParsedNote } from "../model/note-format.js";
import { notePath } from "./site-paths.js";

const BROKEN_HREF = "#broken-";

/**
 * A note's body as HTML: CommonMark (raw HTML in a note is shown as text, never run), with
 * every `[[id|text]]` link (and `![[...]]` embed) a link to its note's page, and a link to an
 * id no note carries marked broken. Links are found by the note's parse, so `[[...]]` inside
 * code stays code.
 *
 * @example
 * ```ts
 * noteBodyHtml(parseNote("# A\n\nSee [[id__Kf9mNp|the console]].\n", "id__Ab3xYz"), () => true, "../");
 * // '<p>See <a href="../notes/id__Kf9mNp.html">the console</a>.</p>\n'
 * ```
 */
export function noteBodyHtml(
  note: Pick<ParsedNote, "body" | "links">,
  exists: (id: string) => boolean,
  base: string,
): string {
  let markdown = "";
  let from = 0;
  for (const link of note.links) {
    const href = exists(link.id) ? `${base}${notePath(link.id)}` : `${BROKEN_HREF}${link.id}`;
    markdown += `${note.body.slice(from, link.position.start)}[${escapeMarkdown(link.displayText)}](<${href}>)`;
    from = link.position.end;
  }
  markdown += note.body.slice(from);
  return micromark(markdown).replace(
    /<a href="#broken-(id__[0-9A-Za-z]{6})">/g,
    '<a class="broken" href="#broken-$1" title="Broken link: no note has the id $1">',
  );
}

/** Link text as markdown shows it literally: every ASCII punctuation mark backslash-escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}
