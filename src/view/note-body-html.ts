import { HtmlRenderer, Node, Parser } from "commonmark";
import type { Note } from "../notes/store/note-meta.js";
import { notePath } from "./site-paths.js";
import { ID_SOURCE } from "../model/id.js";

const BROKEN_HREF = "#broken-";
const BROKEN_ANCHOR = new RegExp(`<a href="${BROKEN_HREF}(${ID_SOURCE})">`, "g");
const parser = new Parser();
// safe: links and images with javascript:, vbscript:, file: or data: (but images) URLs lose
// their URL. Raw HTML never reaches it: it is turned into text first (see showHtmlAsText).
const renderer = new HtmlRenderer({ safe: true });

/**
 * A note's body as HTML: CommonMark (commonmark.js, the reference implementation: about five
 * times micromark's speed over LoCoMo notes, which at 10,000 notes is most of a site's build),
 * with raw HTML in a note shown as text, never run; every `[[id|text]]` link (and `![[...]]`
 * embed) a link to its note's page, and a link to an id no note carries marked broken. Links
 * are found by the note's parse, so `[[...]]` inside code stays code.
 *
 * @example
 * ```ts
 * noteBodyHtml(parseNote("# A\n\nSee [[id__Kf9mNp|the console]].\n", "id__Ab3xYz"), () => true, "../");
 * // '<p>See <a href="../notes/id__Kf9mNp.html">the console</a>.</p>\n'
 * ```
 */
export function noteBodyHtml(
  note: Pick<Note, "body" | "links">,
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
  const tree = parser.parse(markdown);
  showHtmlAsText(tree);
  return renderer
    .render(tree)
    .replace(
      BROKEN_ANCHOR,
      '<a class="broken" href="#broken-$1" title="Broken link: no note has the id $1">',
    );
}

/** Replaces every raw HTML node by a text node (a paragraph for a block) holding it. */
function showHtmlAsText(tree: Node): void {
  const raw: Node[] = [];
  const walker = tree.walker();
  for (let step = walker.next(); step !== null; step = walker.next()) {
    if (step.entering && (step.node.type === "html_inline" || step.node.type === "html_block")) {
      raw.push(step.node);
    }
  }
  for (const node of raw) {
    const text = new Node("text");
    text.literal = node.literal;
    if (node.type === "html_block") {
      const paragraph = new Node("paragraph");
      paragraph.appendChild(text);
      node.insertBefore(paragraph);
    } else {
      node.insertBefore(text);
    }
    node.unlink();
  }
}

/** Link text as markdown shows it literally: every ASCII punctuation mark backslash-escaped. */
function escapeMarkdown(text: string): string {
  return text.replace(/[!-/:-@[-`{-~]/g, "\\$&");
}
