/**
 * One markdown file of an instructions source (CLAUDE.md, AGENTS.md, a rule, a memory topic
 * file) as notes. A file whose sections are separate ideas becomes an overview note (its
 * title, the text before the first section, and a link to each section note in order) plus
 * one note per section; any other file becomes one note. The file's note key is its path, so
 * a link to the file reaches its overview; a section's key is `path#heading`.
 *
 * The rule for "separate ideas": at least {@link SPLIT_MIN_SECTIONS} sections at the split
 * level and at least {@link SPLIT_MIN_CHARS} characters. The split level is 1 when the file
 * has two or more `#` headings (they are its sections), else 2 (the one `#` heading, if any,
 * is the file's title). A short file with many headings (a CLAUDE.md of one-line sections)
 * stays whole: its sections are parts of one instruction sheet, not ideas of their own.
 *
 * @module
 */
import type { BodyPart, ImportedNote, ImportKindName } from "./import-kind.js";
import { splitMarkdownSections, type MarkdownSection } from "./markdown-sections.js";
import { pushText } from "./relative-links.js";

/** Fewest sections at the split level for a file to become one note per section. */
export const SPLIT_MIN_SECTIONS = 3;
/** Fewest characters for a file to become one note per section. */
export const SPLIT_MIN_CHARS = 1500;

/** A markdown file to turn into notes. */
export interface MarkdownFile {
  readonly kind: ImportKindName;
  /** Path relative to the imported PATH: the key of the file's (overview) note. */
  readonly file: string;
  /** The markdown after any frontmatter. */
  readonly text: string;
  /** A title the source gives outright (a frontmatter `name`); the `#` heading stays text then. */
  readonly title?: string;
  /** The title when the source gives none and the file has no single `#` heading. */
  readonly fallbackTitle: string;
  /** Put before every title of this file's notes (a nested file's folder, e.g. `"api: "`). */
  readonly titlePrefix: string;
  readonly tags: readonly string[];
  /** Body parts that open the file's note (a frontmatter description, the rule's paths). */
  readonly lead: readonly BodyPart[];
  /** Body parts that close the file's note (frontmatter fields kept as text). */
  readonly trail: readonly BodyPart[];
  /** Turns a piece of the file's text into body parts (links to other notes of the import). */
  readonly linkify: (text: string) => readonly BodyPart[];
}

/**
 * The notes of one markdown file, the file's own note first.
 *
 * @example
 * ```ts
 * markdownFileNotes({ kind: "agents-md", file: "AGENTS.md", text: "# Guide\nBe brief.",
 *   fallbackTitle: "AGENTS.md", titlePrefix: "", tags: [], lead: [], trail: [],
 *   linkify: (text) => [text] })[0]?.title; // "Guide"
 * ```
 */
export function markdownFileNotes(input: MarkdownFile): ImportedNote[] {
  const topHeadings = splitMarkdownSections(input.text, 1).filter((section) => section.level === 1);
  const onlyH1 = topHeadings.length === 1 ? topHeadings[0]?.heading : undefined;
  const level = topHeadings.length >= 2 ? 1 : 2;
  const sections = splitMarkdownSections(input.text, level);
  const parts = sections.filter((section) => section.level === level);
  const titleFromH1 = input.title === undefined && onlyH1 !== undefined && onlyH1 !== "";
  const fileTitle =
    input.titlePrefix + (input.title ?? (titleFromH1 ? onlyH1 : undefined) ?? input.fallbackTitle);
  const split = parts.length >= SPLIT_MIN_SECTIONS && input.text.length >= SPLIT_MIN_CHARS;
  if (!split) {
    const text = titleFromH1 ? withoutTopHeading(input.text) : input.text;
    return [
      fileNote(input, fileTitle, [
        ...input.lead,
        ...paragraph(input.linkify(text)),
        ...input.trail,
      ]),
    ];
  }
  const keys = sectionKeys(input.file, parts);
  const overview: BodyPart[] = [...input.lead];
  for (const section of sections) {
    if (section.level >= level) continue;
    const keepHeading = section.level === 1 && !titleFromH1;
    const text = keepHeading ? `# ${section.heading ?? ""}\n${section.text}` : section.text;
    overview.push(...paragraph(input.linkify(text)));
  }
  parts.forEach((section, index) => {
    pushText(overview, "- ");
    overview.push({ linkTo: keys[index] ?? input.file, text: headingOf(section, index) });
    pushText(overview, "\n");
  });
  if (input.trail.length > 0) pushText(overview, "\n");
  overview.push(...input.trail);
  return [
    fileNote(input, fileTitle, overview),
    ...parts.map((section, index) => ({
      key: keys[index] ?? input.file,
      title: input.titlePrefix + headingOf(section, index),
      body: trimParts(input.linkify(section.text)),
      tags: input.tags,
      source: { kind: input.kind, file: input.file, section: headingOf(section, index) },
    })),
  ];
}

function fileNote(input: MarkdownFile, title: string, body: readonly BodyPart[]): ImportedNote {
  return {
    key: input.file,
    title,
    body: trimParts(body),
    tags: input.tags,
    source: { kind: input.kind, file: input.file },
  };
}

/** The text with its one `#` heading line removed (the heading became the note's title). */
function withoutTopHeading(text: string): string {
  return splitMarkdownSections(text, 1)
    .map((section) => section.text)
    .join("\n");
}

function headingOf(section: MarkdownSection, index: number): string {
  const heading = section.heading ?? "";
  return heading === "" ? `Section ${index + 1}` : heading;
}

/** `path#heading` per section; a repeated heading gets ` (2)`, ` (3)`… in order. */
function sectionKeys(file: string, sections: readonly MarkdownSection[]): string[] {
  const seen = new Map<string, number>();
  return sections.map((section, index) => {
    const base = `${file}#${headingOf(section, index)}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

/** Body parts of one block of text, trimmed and followed by a blank line; nothing for blank text. */
function paragraph(parts: readonly BodyPart[]): BodyPart[] {
  const trimmed = trimParts(parts);
  if (trimmed.length === 0) return [];
  const out = [...trimmed];
  pushText(out, "\n\n");
  return out;
}

function trimParts(parts: readonly BodyPart[]): BodyPart[] {
  const out = [...parts];
  const first = out[0];
  if (typeof first === "string") {
    const trimmed = first.replace(/^\s+/, "");
    if (trimmed === "") out.shift();
    else out[0] = trimmed;
  }
  const last = out.at(-1);
  if (typeof last === "string") {
    const trimmed = last.replace(/\s+$/, "");
    if (trimmed === "") out.pop();
    else out[out.length - 1] = trimmed;
  }
  return out;
}
