/**
 * The links a markdown file of an imported folder makes to other files of the same import:
 * markdown links to a relative `.md` path (`[Debugging](debugging.md)`, the way Claude Code's
 * MEMORY.md points at its topic files) and, for CLAUDE.md files, `@path` imports. A link
 * whose target the import holds becomes a {@link KeyLink}; one whose target it does not hold
 * stays as the text it was and is reported. Nothing inside code spans or fenced code is a
 * link: Claude Code does not evaluate imports there either.
 *
 * @module
 */
import { findCodeRanges } from "../../model/markdown/code-ranges.js";
import type { BodyPart, ImportProblem } from "./import-kind.js";
import { folderOf, resolveRelative } from "./source-paths.js";

/** What a file's links became: its text as body parts, and the links that did not resolve. */
export interface LinkedText {
  readonly parts: readonly BodyPart[];
  readonly problems: readonly ImportProblem[];
}

/** How to read links in one file. */
export interface LinkReading {
  /** The file the text comes from, relative to the imported PATH. */
  readonly file: string;
  /** Paths of the files this import turns into notes (their paths are their note keys). */
  readonly notePaths: ReadonlySet<string>;
  /** Whether `@path` imports are links (CLAUDE.md files) or plain text (AGENTS.md). */
  readonly atImports: boolean;
  /** Names what the kind reads, for the report of a link whose target it does not. */
  readonly readsWhat: string;
}

// `[text](target)` not preceded by `!` (an image); the target has no spaces.
const MARKDOWN_LINK = /(?<!!)\[([^\]\n]*)\]\(([^)\s]+)\)/g;
// `@path` at the start of a line or after whitespace or `(`; Claude Code's own examples are
// `@README.md`, `@docs/git-instructions.md`, `@~/.claude/my-project-instructions.md`.
const AT_IMPORT = /(?<=^|[\s(])@([\w~./-]*[\w~/-][\w~./-]*)/gm;

/**
 * Splits `text` into body parts, turning each link to a file the import holds into a key link.
 *
 * @example
 * ```ts
 * const reading = { file: "CLAUDE.md", notePaths: new Set(["a.md"]), atImports: true, readsWhat: "x" };
 * linkedText("See @a.md.", reading).parts; // ["See @", { linkTo: "a.md", text: "a.md" }, "."]
 * ```
 */
export function linkedText(text: string, reading: LinkReading): LinkedText {
  const code = findCodeRanges(text);
  const inCode = (at: number): boolean => code.some((range) => at >= range.start && at < range.end);
  const found = [
    ...markdownLinks(text, reading),
    ...(reading.atImports ? atImports(text, reading) : []),
  ]
    .filter((link) => !inCode(link.start))
    .toSorted((a, b) => a.start - b.start);
  const parts: BodyPart[] = [];
  const problems: ImportProblem[] = [];
  let offset = 0;
  for (const link of found) {
    if (link.start < offset) continue;
    if (link.target === undefined || !reading.notePaths.has(link.target)) {
      problems.push(unresolved(link.written, link.target, reading));
      continue;
    }
    pushText(parts, text.slice(offset, link.start) + link.before);
    parts.push({ linkTo: link.target, text: link.text });
    offset = link.end;
  }
  pushText(parts, text.slice(offset));
  return { parts, problems };
}

interface FoundLink {
  readonly start: number;
  readonly end: number;
  /** Text kept before the link itself (the `@` of an import). */
  readonly before: string;
  readonly text: string;
  readonly written: string;
  readonly target: string | undefined;
}

function* markdownLinks(text: string, reading: LinkReading): Generator<FoundLink> {
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const destination = match[2] ?? "";
    const path = decodeTarget(destination.replace(/#.*$/, ""));
    if (!/\.md$/i.test(path) || /^[a-z][a-z0-9+.-]*:/i.test(destination)) continue;
    yield {
      start: match.index,
      end: match.index + match[0].length,
      before: "",
      text: match[1] ?? "",
      written: match[0],
      target: resolveRelative(folderOf(reading.file), path),
    };
  }
}

function* atImports(text: string, reading: LinkReading): Generator<FoundLink> {
  for (const match of text.matchAll(AT_IMPORT)) {
    // Sentence punctuation after a path is not part of it: "See @README.md." imports README.md.
    const path = (match[1] ?? "").replace(/[.]+$/, "");
    if (!path.includes(".") && !path.includes("/")) continue; // "@alice" is a mention
    yield {
      start: match.index,
      end: match.index + 1 + path.length,
      before: "@",
      text: path,
      written: `@${path}`,
      target: resolveRelative(folderOf(reading.file), path),
    };
  }
}

function decodeTarget(target: string): string {
  try {
    return decodeURIComponent(target);
  } catch {
    return target;
  }
}

function unresolved(
  written: string,
  target: string | undefined,
  reading: LinkReading,
): ImportProblem {
  const why =
    target === undefined
      ? "its target is outside the imported folder"
      : `${target} is not a file this import reads (${reading.readsWhat})`;
  return {
    code: "unresolved-link",
    file: reading.file,
    detail: `${written}: ${why}; the link is kept as text. Import that file separately if it belongs in memory.`,
  };
}

/** Appends text to `parts`, joining it to a text part already at the end. */
export function pushText(parts: BodyPart[], text: string): void {
  if (text === "") return;
  const last = parts.at(-1);
  if (typeof last === "string") parts[parts.length - 1] = last + text;
  else parts.push(text);
}
