/**
 * Test helpers for import kinds: a fixture folder read the way the CLI hands a source to a
 * kind, and the "was any text lost?" check over a kind's output.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type {
  BodyPart,
  ImportedNote,
  SourceFile,
} from "../../../src/migrate/import/import-kind.js";
import { findMarkdownLinks } from "../../../src/migrate/import/markdown-link.js";
import { findWikilinks, visibleText } from "../../../src/migrate/import/wikilink.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";

/** Every file under `folder` as a source file (path relative to it, forward slashes), sorted. */
export function readSourceFolder(folder: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        files.push({
          path: relative(folder, path).split(sep).join("/"),
          text: readFileSync(path, "utf8"),
        });
    }
  };
  walk(folder);
  return files.toSorted((a, b) => (a.path < b.path ? -1 : 1));
}

/** A body as a reader sees it: links as their text. */
export function bodyText(body: readonly BodyPart[]): string {
  return body.map((part) => (typeof part === "string" ? part : part.text)).join("");
}

/**
 * Text with every wiki link as its visible text and every markdown link as its bracketed
 * text: the same sentence reads the same whether its link was resolved or kept as written.
 */
export function asRead(text: string): string {
  let out = text;
  const links = [
    ...findWikilinks(text).map((link) => ({
      start: link.start,
      raw: link.raw,
      shown: visibleText(link),
    })),
    ...findMarkdownLinks(text).map((link) => ({
      start: link.start,
      raw: link.raw,
      shown: link.text,
    })),
  ].toSorted((a, b) => b.start - a.start);
  let end = Number.POSITIVE_INFINITY;
  for (const link of links) {
    if (link.start + link.raw.length > end) continue;
    out = out.slice(0, link.start) + link.shown + out.slice(link.start + link.raw.length);
    end = link.start;
  }
  return out;
}

/** The sentences of `source` (as read) that no imported note holds (as read). */
export function lostSentences(source: string, notes: readonly ImportedNote[]): string[] {
  const haystack = notes
    .map((note) => sentencesOf(asRead(bodyText(note.body))).join(" "))
    .join(" ");
  return sentencesOf(asRead(source)).filter((sentence) => !haystack.includes(sentence));
}

/** Sentence counts of the source and of the notes, both as read. */
export function sentenceCounts(
  sources: readonly string[],
  notes: readonly ImportedNote[],
): { in: number; out: number } {
  return {
    in: sources.flatMap((source) => sentencesOf(asRead(source))).length,
    out: notes.flatMap((note) => sentencesOf(asRead(bodyText(note.body)))).length,
  };
}
