/**
 * Edits of a note's body as pure text transforms: append, prepend, find-and-replace,
 * replace a section, replace the whole body. They compute the new body only; writing it
 * goes through the notes layer's update (see `editNote`), so every edit takes the safe path.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../errors.js";

/** One edit of a note's body. */
export type NoteEdit =
  | { readonly kind: "append"; readonly text: string }
  | { readonly kind: "prepend"; readonly text: string }
  | {
      readonly kind: "replace";
      /** The exact text to find (case and whitespace matter). */
      readonly find: string;
      readonly replacement: string;
      /** Replace every occurrence; without it, more than one occurrence is refused as ambiguous. */
      readonly all?: boolean;
    }
  | {
      readonly kind: "replace-section";
      /** The heading's text, with or without its `#`s: `Decisions` or `## Decisions`. */
      readonly heading: string;
      /** The section's new content (the heading line is kept). */
      readonly text: string;
    }
  | {
      readonly kind: "append-section";
      /** The heading's text, as for replace-section. */
      readonly heading: string;
      /** Added at the end of the section; a list item right after a list item joins the list. */
      readonly text: string;
    }
  | { readonly kind: "replace-body"; readonly text: string };

/** The kinds of edit, for help texts and schemas. */
export const NOTE_EDIT_KINDS = [
  "append",
  "prepend",
  "replace",
  "replace-section",
  "append-section",
  "replace-body",
] as const;

const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t#]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^\s*([-*+]|\d+[.)])\s/;

/**
 * Applies an edit to a body. Refuses (never guesses) when the text to replace or the
 * section is missing or ambiguous, so an agent's edit lands where it meant or nowhere.
 *
 * @example
 * ```ts
 * applyNoteEdit("Intro.\n", { kind: "append", text: "More." }); // ok("Intro.\n\nMore.\n")
 * applyNoteEdit("a b a", { kind: "replace", find: "a", replacement: "c" }); // err: 2 occurrences
 * ```
 */
export function applyNoteEdit(body: string, edit: NoteEdit): Result<string, InvalidInputError> {
  switch (edit.kind) {
    case "append":
      return ok(joinBlocks(body, edit.text));
    case "prepend":
      return ok(joinBlocks(edit.text, body));
    case "replace-body":
      return ok(edit.text);
    case "replace":
      return replaceText(body, edit.find, edit.replacement, edit.all === true);
    case "replace-section":
      return replaceSection(body, edit.heading, edit.text);
    case "append-section":
      return appendToSection(body, edit.heading, edit.text);
  }
}

/** Two markdown blocks with one blank line between them (an empty side adds nothing). */
function joinBlocks(first: string, second: string): string {
  const head = first.trimEnd();
  const tail = second.trim();
  if (head === "") return tail === "" ? "" : `${tail}\n`;
  if (tail === "") return `${head}\n`;
  return `${head}\n\n${tail}\n`;
}

function replaceText(
  body: string,
  find: string,
  replacement: string,
  all: boolean,
): Result<string, InvalidInputError> {
  if (find === "") {
    return err(new InvalidInputError("The text to find is empty; give the exact text to replace."));
  }
  const count = body.split(find).length - 1;
  if (count === 0) {
    return err(
      new InvalidInputError(
        `The text to replace was not found in the note (${JSON.stringify(preview(find))}); read the note and copy the text exactly.`,
      ),
    );
  }
  if (count > 1 && !all) {
    return err(
      new InvalidInputError(
        `The text to replace occurs ${count} times; give more surrounding text so it occurs once, or ask to replace all.`,
      ),
    );
  }
  // split/join, not String.replace: a replacement containing `$&` must stay literal.
  return ok(body.split(find).join(replacement));
}

interface Heading {
  readonly line: number;
  readonly level: number;
  readonly text: string;
}

function headingsOf(lines: readonly string[]): Heading[] {
  const headings: Heading[] = [];
  let fence: string | undefined;
  lines.forEach((line, index) => {
    const opener = FENCE.exec(line)?.[1];
    if (opener !== undefined) {
      if (fence === undefined) fence = opener;
      else if (opener[0] === fence[0] && opener.length >= fence.length) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const match = HEADING.exec(line);
    if (match?.[1] !== undefined) {
      headings.push({ line: index, level: match[1].length, text: (match[2] ?? "").trim() });
    }
  });
  return headings;
}

interface Section {
  readonly lines: readonly string[];
  readonly found: Heading;
  /** The next heading of the same or a higher level, where the section ends. */
  readonly next: Heading | undefined;
  /** The line where the section's own text ends: its first subheading, or its end. */
  readonly ownEnd: number;
}

function findSection(body: string, heading: string): Result<Section, InvalidInputError> {
  const wanted = heading.replace(/^\s*#+\s*/, "").trim();
  if (wanted === "") {
    return err(
      new InvalidInputError("The section heading is empty; give its text, e.g. Decisions."),
    );
  }
  const lines = body.split("\n");
  const headings = headingsOf(lines);
  const matches = headings.filter((candidate) => candidate.text === wanted);
  const found = matches[0];
  if (found === undefined) {
    const known = headings.map((candidate) => candidate.text).join(", ");
    return err(
      new InvalidInputError(
        `No section is headed "${wanted}"${known === "" ? " (the note has no headings)" : ` (headings: ${known})`}; use append to add one.`,
      ),
    );
  }
  if (matches.length > 1) {
    return err(
      new InvalidInputError(
        `${matches.length} sections are headed "${wanted}"; rename one, or edit with replace.`,
      ),
    );
  }
  const next = headings.find(
    (candidate) => candidate.line > found.line && candidate.level <= found.level,
  );
  const ownEnd = headings.find((candidate) => candidate.line > found.line)?.line ?? lines.length;
  return ok({ lines, found, next, ownEnd });
}

function replaceSection(
  body: string,
  heading: string,
  text: string,
): Result<string, InvalidInputError> {
  return findSection(body, heading).map((section) => withSection(section, text.trim()));
}

/**
 * Adds text at the end of a section, keeping what it holds: the safe way to add a dated line
 * to a History or Decisions section, where replace-section would drop the earlier lines.
 */
function appendToSection(
  body: string,
  heading: string,
  text: string,
): Result<string, InvalidInputError> {
  const added = text.trim();
  if (added === "") return err(new InvalidInputError("The text to add to the section is empty."));
  return findSection(body, heading).map((section) => {
    // Added after the section's own text, above its subsections (which keep theirs).
    const { lines, found, ownEnd } = section;
    const own = lines
      .slice(found.line + 1, ownEnd)
      .join("\n")
      .trim();
    const last = own.split("\n").at(-1) ?? "";
    const joint = own === "" ? "" : LIST_ITEM.test(last) && LIST_ITEM.test(added) ? "\n" : "\n\n";
    const ownEndHeading = { line: ownEnd, level: 0, text: "" };
    return withSection(
      { lines, found, next: ownEnd < lines.length ? ownEndHeading : undefined, ownEnd },
      `${own}${joint}${added}`,
    );
  });
}

/** The body with the section's content (under its kept heading line) set to `content`. */
function withSection({ lines, found, next }: Section, content: string): string {
  const before = lines.slice(0, found.line + 1).join("\n");
  const section = content === "" ? "" : `\n\n${content}`;
  if (next === undefined) return `${before}${section}\n`;
  return `${before}${section}\n\n${lines.slice(next.line).join("\n")}`;
}

function preview(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
