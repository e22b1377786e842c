/**
 * The one small interface every import source kind implements (issue 34).
 *
 * A kind is pure: it is handed the source's files as text (the CLI or a host walks the folder
 * or reads the one file; the source is never modified) and returns the notes it would make,
 * with links between them as local keys, and what it could not map. The import pipeline
 * (`import-memory.ts`) allocates ids, resolves the keys to `[[id__X|text]]` links, splits
 * oversize notes at headings, scrubs secrets, records provenance, recognises an earlier import
 * of the same source, and writes everything in one commit. Adding a kind is one file beside
 * this one plus its fixtures, and one line in the kind registry.
 *
 * @module
 */

/** The source kinds `memory import` understands. */
export type ImportKindName =
  | "claude-code"
  | "agents-md"
  | "mcp-memory"
  | "basic-memory"
  | "obsidian"
  | "mem0";

/** One file of the source, as text. */
export interface SourceFile {
  /** Path relative to the imported PATH, with forward slashes (for a single-file source: its base name). */
  readonly path: string;
  readonly text: string;
}

/** A link from an imported note to another note of the same import, by that note's key. */
export interface KeyLink {
  /** The `key` of the target {@link ImportedNote}. */
  readonly linkTo: string;
  /** The link's visible text. */
  readonly text: string;
}

/** A piece of an imported note's body: markdown text, or a link to another imported note. */
export type BodyPart = string | KeyLink;

/** Where an imported note's text came from. */
export interface ImportSourceRef {
  readonly kind: ImportKindName;
  /** The source file, relative to the imported PATH. */
  readonly file: string;
  /** The heading (or entity, or memory id) inside the file, when the note is one part of it. */
  readonly section?: string;
}

/** One note an import would make. */
export interface ImportedNote {
  /**
   * Stable, deterministic key for this note within its source (e.g. `CLAUDE.md#Testing`, an
   * entity name, a mem0 memory id): the same source read twice gives the same keys, which is
   * how a re-run recognises what it imported before.
   */
  readonly key: string;
  readonly title: string;
  /** The note's body (without its `# Title` line): markdown text and links by key. */
  readonly body: readonly BodyPart[];
  /** Tag names (without `#`), kept from the source's tags/properties. */
  readonly tags: readonly string[];
  readonly source: ImportSourceRef;
}

/** Something of the source the kind could not map; the import reports it and goes on. */
export interface ImportProblem {
  readonly code:
    | "unresolved-link" // a link whose target is not in the source: kept as text
    | "attachment" // a non-note file (image, pdf): left where it is
    | "unreadable" // a file that is not valid for the kind (bad JSON line, bad frontmatter)
    | "skipped"; // a file the kind deliberately ignores (says why)
  readonly file: string;
  /** What it was and what happened to it, in a sentence a person can act on. */
  readonly detail: string;
}

/** What a kind makes of a source. */
export interface ImportReading {
  readonly notes: readonly ImportedNote[];
  readonly problems: readonly ImportProblem[];
}

/** A source kind. */
export interface ImportKind {
  readonly name: ImportKindName;
  /** One line for `memory import --help`: what PATH is for this kind. */
  readonly describe: string;
  /** Whether PATH is a folder (walked) or a single file. */
  readonly pathIs: "folder" | "file";
  /** Which files of a walked folder the kind wants (others are not read); relative paths. */
  readonly wants: (path: string) => boolean;
  readonly read: (files: readonly SourceFile[]) => ImportReading;
}
