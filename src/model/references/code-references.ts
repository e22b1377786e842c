/**
 * Everything in a note that names a thing a code repository can confirm: paths (with a
 * line), symbols in backticks, npm scripts, npx binaries and executed files of shell
 * commands, and links to the repository's files on its host. Pure and deterministic: the
 * checking against a repository happens in the notes layer (`verifyNotes`).
 *
 * @module
 */

import {
  commandReferencesIn,
  looksLikeCommand,
  scriptsInProse,
  type CommandReference,
} from "./command-references.js";
import { pathReferencesIn, type PathReference } from "./path-references.js";
import { referenceLines, splitCodeSpans, type ReferenceLine } from "./reference-lines.js";
import { repositoryUrl, urlsIn, type RepositoryUrlReference } from "./repository-urls.js";
import { symbolReferencesIn, type SymbolReference } from "./symbol-references.js";

/** One reference a repository can confirm or refute. */
export type CodeReference = (
  | PathReference
  | SymbolReference
  | CommandReference
  | RepositoryUrlReference
) & {
  /**
   * The line tells history ("renamed", "removed", struck through...): the thing is expected
   * to be gone, so a missing one is not reported (a present one still ties the note to the
   * repository).
   */
  readonly historical: boolean;
  /**
   * Repositories the reference's block (paragraph, list item) names: `owner/name` words and
   * the `host/owner/name` of links to hosted repositories. When one is not the repository
   * being checked, the block is about another project and its references are not judged.
   */
  readonly scope: readonly string[];
};

/**
 * The references of one note body, each once (by kind and text), line by line (a line's
 * code spans before its prose).
 *
 * @example
 * ```ts
 * extractCodeReferences("`verifyNotes` lives in src/notes/verify/verify-notes.ts; run `npm run build`.");
 * // symbol verifyNotes, path src/notes/verify/verify-notes.ts, script build
 * ```
 */
export function extractCodeReferences(body: string): CodeReference[] {
  const found: CodeReference[] = [];
  const seen = new Set<string>();
  const lines = referenceLines(body);
  const scopes = blockScopes(lines);
  let scope: readonly string[] = [];
  const add = (references: readonly CodeReferenceBase[], historical: boolean) => {
    for (const reference of references) {
      const key = `${reference.kind}\0${reference.text}\0${"name" in reference ? reference.name : ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ ...reference, historical, scope });
    }
  };
  for (const line of lines) {
    scope = scopes.get(line.block) ?? [];
    if (line.kind === "code") continue;
    if (line.kind === "shell") {
      add(commandReferencesIn(line.text), line.historical);
      continue;
    }
    const { spans, rest } = splitCodeSpans(line.text);
    for (const span of spans) add(spanReferences(span), line.historical);
    const urls = urlsIn(rest);
    add(urls.flatMap(urlReference), line.historical);
    let prose = rest;
    for (const url of urls) prose = prose.replace(url, " ");
    add(scriptsInProse(prose), line.historical);
    add(pathReferencesIn(prose, false), line.historical);
  }
  return found;
}

// owner/name as GitHub spells them (an owner is letters, digits and dashes), alone between
// spaces or backticks; trailing dots are the sentence's.
const REPOSITORY_NAME =
  /(?<![\w./@~:$-])(`?)([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9][\w.-]*)(`?)(#\d+)?(?![\w/])/g;
const FORGES = new Set(["github.com", "gitlab.com", "bitbucket.org", "codeberg.org"]);

/** The repositories each block names (see {@link CodeReference.scope}). */
function blockScopes(lines: readonly ReferenceLine[]): Map<number, readonly string[]> {
  const names = new Map<number, Set<string>>();
  for (const line of lines) {
    if (line.kind !== "prose") continue;
    const found = names.get(line.block) ?? new Set<string>();
    // An owner/name has a `/`: a line without one names no repository (the common case).
    const named = line.text.includes("/") ? line.text.matchAll(REPOSITORY_NAME) : [];
    for (const match of named) {
      const [, open, owner = "", dotted = "", close, issue] = match;
      const name = dotted.replace(/\.+$/, "");
      // In prose, "parse/serialize" and "n/a" are words: a repository name there has a dash, an
      // issue number, or a file of it in backticks right after; in backticks any owner/name
      // counts. A file name is a path, not a name.
      const after = line.text.slice((match.index ?? 0) + match[0].length);
      const spelled =
        (open === "`" && close === "`") ||
        `${owner}${name}`.includes("-") ||
        issue !== undefined ||
        /^\s+`/.test(after);
      if (spelled && !/\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(name) && !/^\d+$/.test(owner)) {
        found.add(`${owner}/${name}`);
      }
    }
    for (const url of urlsIn(line.text)) {
      const repository = repositoryUrl(url)?.repository ?? forgeRepository(url);
      if (repository !== undefined) found.add(`url:${repository}`);
    }
    if (found.size > 0) names.set(line.block, found);
  }
  return new Map([...names].map(([block, set]) => [block, [...set]]));
}

/** `host/owner/name` of a link to a repository's page on a well-known forge. */
function forgeRepository(url: string): string | undefined {
  const match = /^https?:\/\/(?:www\.)?([^/]+)\/([^/#?]+)\/([^/#?]+)/.exec(url);
  if (match === null || !FORGES.has((match[1] ?? "").toLowerCase())) return undefined;
  return `${match[1] ?? ""}/${match[2] ?? ""}/${(match[3] ?? "").replace(/\.git$/, "")}`.toLowerCase();
}

type CodeReferenceBase =
  | PathReference
  | SymbolReference
  | CommandReference
  | RepositoryUrlReference;

/** A code span is a URL, a command, a symbol or a path, tried in that order. */
function spanReferences(span: string): CodeReferenceBase[] {
  if (/^https?:\/\//.test(span)) return urlsIn(span).flatMap(urlReference);
  if (looksLikeCommand(span)) return commandReferencesIn(span);
  const symbols = symbolReferencesIn(span);
  if (symbols.length > 0) return symbols;
  if (/\s/.test(span)) return [];
  return pathReferencesIn(span, true);
}

function urlReference(url: string): RepositoryUrlReference[] {
  const reference = repositoryUrl(url);
  return reference === undefined ? [] : [reference];
}
