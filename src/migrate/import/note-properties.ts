/**
 * What the markdown kinds (obsidian, basic-memory) make of a file's frontmatter: its tags, an
 * `Aliases:` line and `- key: value` lines for the other properties at the top of the body, and
 * the text the body is made from. Invalid frontmatter is kept as text and reported.
 *
 * @module
 */
import { isValidTagName } from "../../model/tags.js";
import { propertyList, readFrontmatter } from "./frontmatter.js";
import type { ImportProblem, SourceFile } from "./import-kind.js";
import { keptProperties } from "./kept-properties.js";

/** Which properties a kind reads, and which it keeps in other fields (key, title). */
export interface PropertyNames {
  /** Properties holding tags, first present wins (`tags`, Obsidian's older `tag`). */
  readonly tags: readonly string[];
  /** Whether a tags string is split at whitespace as well as commas (Obsidian does). */
  readonly splitTagsAtSpaces: boolean;
  /** Properties holding aliases, first present wins. */
  readonly aliases: readonly string[];
  /** Properties the kind keeps elsewhere or drops, given the properties (never shown as lines). */
  readonly elsewhere: (properties: Readonly<Record<string, unknown>>) => readonly string[];
}

/** A file's frontmatter as an import uses it. */
export interface NoteProperties {
  /** Text to put before the body: the `Aliases:` line and the kept property lines. */
  readonly header: string;
  readonly tags: readonly string[];
  /** The text after the frontmatter (the whole file when the frontmatter is invalid). */
  readonly text: string;
  /** Whether `text` must be kept exactly: its frontmatter was invalid and stays in it. */
  readonly verbatim: boolean;
  readonly properties: Readonly<Record<string, unknown>>;
}

function firstPresent(
  properties: Readonly<Record<string, unknown>>,
  names: readonly string[],
): unknown {
  const name = names.find((candidate) => properties[candidate] !== undefined);
  return name === undefined ? undefined : properties[name];
}

/**
 * Reads `file`'s frontmatter by the kind's `names`, reporting invalid YAML in `problems`.
 *
 * @example
 * ```ts
 * const names = { tags: ["tags"], splitTagsAtSpaces: false, aliases: ["aliases"], elsewhere: () => [] };
 * noteProperties({ path: "a.md", text: "---\ntags: [x]\nstatus: done\n---\nBody" }, names, []);
 * // { header: "- status: done\n\n", tags: ["x"], text: "Body", verbatim: false, properties: {...} }
 * ```
 */
export function noteProperties(
  file: SourceFile,
  names: PropertyNames,
  problems: ImportProblem[],
): NoteProperties {
  const frontmatter = readFrontmatter(file.text);
  if (frontmatter.kind === "none") {
    return { header: "", tags: [], text: file.text, verbatim: false, properties: {} };
  }
  if (frontmatter.kind === "invalid") {
    problems.push({
      code: "unreadable",
      file: file.path,
      detail: `The frontmatter is not valid YAML (${frontmatter.reason}): it is kept as text at the top of the note.`,
    });
    return { header: "", tags: [], text: file.text, verbatim: true, properties: {} };
  }
  const { properties } = frontmatter;
  const tagNames = propertyList(firstPresent(properties, names.tags), names.splitTagsAtSpaces).map(
    (tag) => tag.replace(/^#/, ""),
  );
  // A tag our notes cannot hold keeps the whole property as a line rather than losing it.
  const tagsKept = tagNames.every(isValidTagName);
  const aliases = propertyList(firstPresent(properties, names.aliases));
  const handled = new Set([
    ...names.aliases,
    ...(tagsKept ? names.tags : []),
    ...names.elsewhere(properties),
  ]);
  return {
    header:
      (aliases.length > 0 ? `Aliases: ${aliases.join(", ")}\n\n` : "") +
      keptProperties(properties, handled),
    tags: tagsKept ? tagNames : [],
    text: frontmatter.body,
    verbatim: false,
    properties,
  };
}
