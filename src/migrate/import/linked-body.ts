/**
 * Turns a source note's text into an imported body: every wiki link and inline markdown link
 * outside code is handed to the kind, which answers with a link by key (resolved) or with
 * text (kept as written); everything between the links is kept byte for byte.
 *
 * @module
 */
import type { BodyPart } from "./import-kind.js";
import { findMarkdownLinks, type MarkdownLink } from "./markdown-link.js";
import { findWikilinks, type Wikilink } from "./wikilink.js";

/** A link found in a source text. */
export type SourceLink =
  | { readonly form: "wiki"; readonly link: Wikilink }
  | { readonly form: "markdown"; readonly link: MarkdownLink };

/** The wiki and markdown links of `text`, in order, none overlapping another. */
export function findSourceLinks(text: string): SourceLink[] {
  const all: SourceLink[] = [
    ...findWikilinks(text).map((link) => ({ form: "wiki" as const, link })),
    ...findMarkdownLinks(text).map((link) => ({ form: "markdown" as const, link })),
  ].toSorted((a, b) => a.link.start - b.link.start);
  const kept: SourceLink[] = [];
  let end = 0;
  for (const token of all) {
    if (token.link.start < end) continue;
    kept.push(token);
    end = token.link.start + token.link.raw.length;
  }
  return kept;
}

/**
 * The body parts of `text`, each link replaced by what `replace` answers for it.
 *
 * @example
 * ```ts
 * linkedBody("See [[B]].", () => ({ linkTo: "B.md", text: "B" }));
 * // ["See ", { linkTo: "B.md", text: "B" }, "."]
 * ```
 */
export function linkedBody(text: string, replace: (token: SourceLink) => BodyPart): BodyPart[] {
  const parts: BodyPart[] = [];
  const push = (part: BodyPart): void => {
    const last = parts.at(-1);
    if (typeof part === "string") {
      if (part === "") return;
      if (typeof last === "string") parts[parts.length - 1] = last + part;
      else parts.push(part);
    } else {
      parts.push(part);
    }
  };
  let offset = 0;
  for (const token of findSourceLinks(text)) {
    push(text.slice(offset, token.link.start));
    push(replace(token));
    offset = token.link.start + token.link.raw.length;
  }
  push(text.slice(offset));
  return parts;
}

/** Prepends text to a body, keeping adjacent text in one part. */
export function prependText(text: string, body: readonly BodyPart[]): BodyPart[] {
  if (text === "") return [...body];
  const first = body[0];
  if (typeof first === "string") return [text + first, ...body.slice(1)];
  return [text, ...body];
}
