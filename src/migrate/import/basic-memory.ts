/**
 * The `basic-memory` import kind: a basic-memory project folder, one note per `.md` file
 * (format: basicmachines-co/basic-memory `NOTE-FORMAT.md` and its markdown parser).
 *
 * - Key: the note's `permalink` property, which basic-memory keeps stable across renames (a note
 *   without one gets the permalink basic-memory would derive from its path).
 * - Title: the `title` property, else the file name. A first `# Heading` equal to the title is
 *   dropped (the title says it); any other heading is kept.
 * - Tags: the `tags` property (list or comma-separated string) and the inline `#tags` of the
 *   text, observations included. `aliases` (written by projects also opened in Obsidian) become
 *   an `Aliases:` line; `type` and every other property are kept as `- key: value` lines.
 * - Observations (`- [category] text #tag (context)`) and relations (`- relation_type [[Target]]`)
 *   are kept as written; the relation's `[[Target]]`, every other `[[Title]]` or
 *   `[[permalink]]` link and `[text](memory://permalink)` links become links by key, resolved the
 *   way basic-memory resolves them ({@link resolveProjectLink}). A link that names no note of the
 *   project (a forward reference basic-memory would resolve later) is kept as written and reported.
 *
 * @module
 */
import { isValidDisplayText } from "../../model/links.js";
import { dedupeTags, extractTags } from "../../model/tags.js";
import {
  projectLookup,
  resolveProjectLink,
  type ProjectLookup,
  type ProjectNote,
} from "./basic-memory-link-resolution.js";
import { permalinkOf } from "./basic-memory-permalink.js";
import type {
  BodyPart,
  ImportedNote,
  ImportKind,
  ImportProblem,
  ImportReading,
  SourceFile,
} from "./import-kind.js";
import { linkedBody, prependText, type SourceLink } from "./linked-body.js";
import { decodeDestination, hasScheme } from "./markdown-link.js";
import { noteProperties, type NoteProperties, type PropertyNames } from "./note-properties.js";
import { withoutTitleHeading } from "./title-heading.js";

const NOTE_FILE = /\.md$/i;
const LEADING_BLANK_LINES = /^(?:[ \t]*\r?\n)+/;
const MEMORY_URL = /^memory:\/\//i;
const PROPERTY_NAMES: PropertyNames = {
  tags: ["tags"],
  splitTagsAtSpaces: false,
  aliases: ["aliases"],
  // The title and permalink are the note's title and key; `type: note` is basic-memory's
  // default and says nothing (any other type is kept as a line).
  elsewhere: (properties) => [
    "title",
    "permalink",
    ...(properties["type"] === "note" ? ["type"] : []),
  ],
};

interface ProjectFile {
  readonly file: SourceFile;
  readonly properties: NoteProperties;
  readonly note: ProjectNote;
}

function stringProperty(properties: NoteProperties, name: string): string | undefined {
  const value = properties.properties[name];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function projectFile(file: SourceFile, problems: ImportProblem[]): ProjectFile {
  const properties = noteProperties(file, PROPERTY_NAMES, problems);
  const stem = file.path.replace(NOTE_FILE, "");
  return {
    file,
    properties,
    note: {
      path: file.path,
      permalink: stringProperty(properties, "permalink") ?? permalinkOf(stem),
      title: stringProperty(properties, "title") ?? stem.slice(stem.lastIndexOf("/") + 1),
    },
  };
}

interface NoteLinkScope {
  readonly file: string;
  readonly lookup: ProjectLookup;
  readonly problems: ImportProblem[];
}

function unresolved(linkScope: NoteLinkScope, raw: string, target: string): string {
  linkScope.problems.push({
    code: "unresolved-link",
    file: linkScope.file,
    detail: `${raw} names "${target}", which is no note of the project: the link is kept as written.`,
  });
  return raw;
}

function linkTo(note: ProjectNote, shown: string): BodyPart {
  return { linkTo: note.permalink, text: isValidDisplayText(shown) ? shown : note.title };
}

function replaceLink(linkScope: NoteLinkScope, token: SourceLink): BodyPart {
  if (token.form === "wiki") {
    const { link } = token;
    const found = resolveProjectLink(linkScope.lookup, link.path, linkScope.file);
    if (found === undefined) return unresolved(linkScope, link.raw, link.path);
    return linkTo(found, link.alias ?? link.path);
  }
  const { link } = token;
  const destination = decodeDestination(link.destination);
  if (MEMORY_URL.test(destination)) {
    const target = destination.replace(MEMORY_URL, "").split("#")[0] ?? "";
    // A pattern (`memory://folder/*`) selects many notes for build_context; it names none.
    if (target.includes("*")) return link.raw;
    const found = resolveProjectLink(linkScope.lookup, target, linkScope.file);
    return found === undefined
      ? unresolved(linkScope, link.raw, target)
      : linkTo(found, link.text || found.title);
  }
  if (destination === "" || destination.startsWith("#") || hasScheme(destination)) return link.raw;
  const path = destination.split("#")[0] ?? "";
  if (!NOTE_FILE.test(path)) return link.raw;
  const found = resolveProjectLink(linkScope.lookup, path, linkScope.file);
  return found === undefined
    ? unresolved(linkScope, link.raw, path)
    : linkTo(found, link.text || found.title);
}

function readNote(
  entry: ProjectFile,
  key: string,
  lookup: ProjectLookup,
  problems: ImportProblem[],
): ImportedNote {
  const { file, note } = entry;
  const { header, tags, text, verbatim } = entry.properties;
  const source = verbatim
    ? text
    : withoutTitleHeading(text, note.title).replace(LEADING_BLANK_LINES, "");
  const linkScope: NoteLinkScope = { file: file.path, lookup, problems };
  return {
    key,
    title: note.title,
    body: prependText(
      header,
      linkedBody(source, (token) => replaceLink(linkScope, token)),
    ),
    tags: dedupeTags([...tags, ...extractTags(source)]),
    source: { kind: "basic-memory", file: file.path },
  };
}

function readProject(files: readonly SourceFile[]): ImportReading {
  const problems: ImportProblem[] = [];
  const sorted = files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const entries: ProjectFile[] = [];
  for (const file of sorted) {
    if (
      NOTE_FILE.test(file.path) &&
      !file.path.split("/").some((segment) => segment.startsWith("."))
    ) {
      entries.push(projectFile(file, problems));
    } else {
      problems.push({
        code: "skipped",
        file: file.path,
        detail:
          "Not a note of the project (basic-memory indexes .md files outside dot-folders): not imported.",
      });
    }
  }
  const lookup = projectLookup(entries.map((entry) => entry.note));
  const seen = new Set<string>();
  const notes = entries.map((entry) => {
    // Two files claiming one permalink: the first keeps it, the other is keyed by its path.
    const key = seen.has(entry.note.permalink)
      ? `${entry.note.permalink}@${entry.file.path}`
      : entry.note.permalink;
    if (key !== entry.note.permalink) {
      problems.push({
        code: "unreadable",
        file: entry.file.path,
        detail: `The permalink "${entry.note.permalink}" is also another file's: this note is imported under the key "${key}" and links by that permalink go to the other file.`,
      });
    }
    seen.add(key);
    return readNote(entry, key, lookup, problems);
  });
  return { notes, problems };
}

/** The basic-memory project kind. */
export const basicMemoryKind: ImportKind = {
  name: "basic-memory",
  describe:
    "a basic-memory project folder: one note per .md file, keyed by permalink, [[links]] and memory:// links resolved",
  pathIs: "folder",
  wants: (path) =>
    NOTE_FILE.test(path) && !path.split("/").some((segment) => segment.startsWith(".")),
  read: readProject,
};
