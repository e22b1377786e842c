/**
 * Test helpers for import kinds: read a fixture folder the way a host would (walk it, keep
 * the files the kind wants), render notes as text, and compare sentences in and out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type {
  BodyPart,
  ImportKind,
  ImportedNote,
  SourceFile,
} from "../../../src/migrate/import/import-kind.js";
import { missingSentences } from "../../../src/model/markdown/sentences.js";

export const FIXTURES = join(import.meta.dirname, "../../fixtures/import");

/** The files of `folder` the kind wants, as the kind's input (paths relative, `/`-separated). */
export function sourceFiles(kind: ImportKind, folder: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const path = relative(folder, full).split(sep).join("/");
        if (kind.wants(path)) files.push({ path, text: readFileSync(full, "utf8") });
      }
    }
  };
  walk(folder);
  return files;
}

/** A body with links written the way the memory writes them, `[[key|text]]`. */
export function bodyText(body: readonly BodyPart[]): string {
  return body
    .map((part) => (typeof part === "string" ? part : `[[${part.linkTo}|${part.text}]]`))
    .join("");
}

/** A note as text for sentence counting: its title as a plain line, its body, its tags. */
export function noteText(note: ImportedNote): string {
  return `${note.title}\n\n${bodyText(note.body)}\n\n${note.tags.map((tag) => `#${tag}`).join(" ")}`;
}

/** The keys every key link of `notes` points at. */
export function linkTargets(notes: readonly ImportedNote[]): string[] {
  return notes.flatMap((note) =>
    note.body.flatMap((part) => (typeof part === "string" ? [] : [part.linkTo])),
  );
}

// A markdown link to an imported file becomes a key link showing the link's text, so both
// sides are compared with markdown links read as their text (the memory's sentence check reads
// `[[id|text]]` the same way).
function linkTextOnly(text: string): string {
  return text.replace(/(?<!!)\[([^\]\n]*)\]\([^)\s]+\)/g, "$1");
}

/** Sentences of `source` found in no note. */
export function lostSentences(source: string, notes: readonly ImportedNote[]): string[] {
  return missingSentences(
    linkTextOnly(source),
    notes.map((note) => linkTextOnly(noteText(note))),
  );
}

/**
 * A markdown file's text as the sentences it holds: frontmatter values (not their keys) and
 * the body. Written independently of the kinds' own frontmatter reader.
 */
export function markdownSourceText(text: string): string {
  const block = /^---\n([\s\S]*?)\n---\n?/.exec(text);
  if (block === null) return text;
  const values = (block[1] ?? "")
    .split("\n")
    .map((line) =>
      line
        .replace(/^\s*-\s+/, "")
        .replace(/^\s*[\w.-]+:\s*/, "")
        .replace(/^"(.*)"$/, "$1"),
    )
    .filter((line) => line.trim() !== "");
  return `${values.join("\n")}\n${text.slice(block[0].length)}`;
}

/** Every problem's code and file, in order, for compact expectations. */
export function problemCodes(problems: readonly { code: string; file: string }[]): string[] {
  return problems.map((problem) => `${problem.code} ${problem.file}`);
}
