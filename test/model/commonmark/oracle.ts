/**
 * The reference the extractors are held to: where commonmark.js, the spec's reference
 * parser, puts a piece of injected text. Independent of micromark, which the code under
 * test uses, so a bug shared by the code and its oracle cannot hide.
 */
import { type Node, Parser } from "commonmark";

/** Where a marker ended up: in a code block or span, in plain text, or anywhere else. */
export type Place = "code" | "text" | "other";

const parser = new Parser();

/**
 * Where `marker` appears in the parsed `markdown`: "code" when a code block or span holds
 * it, "text" when a run of adjacent text nodes does (commonmark.js splits text at
 * brackets), "other" when neither or both do (HTML, a link destination, an escape...).
 */
export function placeOf(markdown: string, marker: string): Place {
  const walker = parser.parse(markdown).walker();
  let inCode = false;
  let inText = false;
  for (let event = walker.next(); event !== null; event = walker.next()) {
    const { node } = event;
    if (!event.entering) continue;
    if ((node.type === "code" || node.type === "code_block") && node.literal?.includes(marker)) {
      inCode = true;
    } else if (
      node.type === "text" &&
      node.prev?.type !== "text" &&
      textRun(node).includes(marker)
    ) {
      inText = true;
    }
  }
  if (inCode === inText) return "other";
  return inCode ? "code" : "text";
}

function textRun(first: Node): string {
  let run = "";
  for (let node: Node | null = first; node !== null && node.type === "text"; node = node.next) {
    run += node.literal ?? "";
  }
  return run;
}
