/**
 * Title wiki links as Obsidian and basic-memory write them: `[[Target]]`, `[[Target|alias]]`,
 * `[[Target#Heading]]`, `[[Target#^block]]`, `[[folder/Target]]`, embeds `![[...]]`, and the
 * `[[Target\|alias]]` spelling used inside tables. Parsed into their parts so an import can
 * resolve the target and keep what the reader saw.
 *
 * Obsidian's rules, observed on Obsidian 1.13.7 (markdown-vault-mcp issue #1358): a link
 * runs from `[[` to the first `]]` on the same line (a single `]` does not end it), the alias
 * starts at the first `|`, and the subpath at the first `#` of the target.
 *
 * @module
 */
import { findCodeRanges, isInsideRanges } from "../../model/markdown/code-ranges.js";

/** One wiki link of a text, with its parts and its exact source text. */
export interface Wikilink {
  /** Written `![[...]]`. */
  readonly embed: boolean;
  /** The path part before `#`, trimmed (empty for a link to the note itself: `[[#Heading]]`). */
  readonly path: string;
  /** What follows the first `#` (without it): `Heading`, `^block`, `A#B` for nested headings. */
  readonly subpath?: string;
  /** The text after `|`, trimmed, when there is one and it is not empty. */
  readonly alias?: string;
  /** The link exactly as written, `!` included. */
  readonly raw: string;
  /** Offset of `raw` in the text. */
  readonly start: number;
}

const WIKILINK = /(!?)\[\[([^\n]*?)\]\]/g;

/**
 * The parts of a link's inner text (between `[[` and `]]`), or undefined when it names nothing.
 *
 * @example
 * ```ts
 * parseLinkText("Note#Part|shown"); // { path: "Note", subpath: "Part", alias: "shown" }
 * ```
 */
export function parseLinkText(
  inner: string,
): Pick<Wikilink, "path" | "subpath" | "alias"> | undefined {
  const bar = inner.indexOf("|");
  let target = bar === -1 ? inner : inner.slice(0, bar);
  const aliasText = bar === -1 ? "" : inner.slice(bar + 1).trim();
  // Inside a table the `|` is escaped as `\|`; the backslash belongs to the syntax.
  if (bar !== -1 && target.endsWith("\\")) target = target.slice(0, -1);
  const hash = target.indexOf("#");
  const path = (hash === -1 ? target : target.slice(0, hash)).trim();
  const subpath = hash === -1 ? "" : target.slice(hash + 1).trim();
  if (path === "" && subpath === "") return undefined;
  return {
    path,
    ...(subpath === "" ? {} : { subpath }),
    ...(aliasText === "" ? {} : { alias: aliasText }),
  };
}

/**
 * The wiki links of `text` in order, skipping those inside code (fenced blocks, indented
 * code, inline code spans) and those that name nothing (`[[ ]]`).
 *
 * @example
 * ```ts
 * findWikilinks("See [[Note|it]] and `[[not a link]]`.").map((l) => l.path); // ["Note"]
 * ```
 */
export function findWikilinks(text: string): Wikilink[] {
  if (!text.includes("[[")) return [];
  const code = findCodeRanges(text);
  const links: Wikilink[] = [];
  for (const match of text.matchAll(WIKILINK)) {
    const start = match.index;
    const bracket = start + (match[1] ?? "").length;
    if (isInsideRanges(code, bracket)) continue;
    const parts = parseLinkText(match[2] ?? "");
    if (parts === undefined) continue;
    links.push({ embed: match[1] === "!", ...parts, raw: match[0], start });
  }
  return links;
}

/**
 * What a reader sees for a link: its alias, or its target with the heading path shown the
 * way Obsidian's reading view shows it (`Note > Heading`).
 *
 * @example
 * ```ts
 * visibleText({ path: "Note", subpath: "Part" }); // "Note > Part"
 * ```
 */
export function visibleText(link: Pick<Wikilink, "path" | "subpath" | "alias">): string {
  if (link.alias !== undefined) return link.alias;
  const headings = link.subpath === undefined ? [] : link.subpath.split("#").filter(Boolean);
  return [link.path, ...headings].filter((part) => part !== "").join(" > ");
}

/**
 * Writes a link back from its parts (the inverse of {@link parseLinkText} for parts that
 * hold no `]]`, `|`, `#` or newline in the path).
 *
 * @example
 * ```ts
 * renderWikilink({ embed: false, path: "Note", alias: "it" }); // "[[Note|it]]"
 * ```
 */
export function renderWikilink(
  link: Pick<Wikilink, "embed" | "path" | "subpath" | "alias">,
): string {
  const subpath = link.subpath === undefined ? "" : `#${link.subpath}`;
  const alias = link.alias === undefined ? "" : `|${link.alias}`;
  return `${link.embed ? "!" : ""}[[${link.path}${subpath}${alias}]]`;
}
