/**
 * The `obsidian` import kind: a vault folder, one note per `.md` file.
 *
 * - Title: the file's base name, which is what Obsidian shows as the note's title (its inline
 *   title and every `[[link]]` use the file name; a `# Heading` in the text is only a heading).
 *   A first `# Heading` equal to the file name is dropped (the title says it); any other is kept.
 * - Key: the vault-relative path (`Guides/Link notes.md`), stable across re-imports.
 * - Links: `[[Note]]`, `[[Note|alias]]`, `[[Note#Heading]]`, `[[Note#^block]]`, `[[folder/Note]]`,
 *   `[[Note.md]]`, `[text](Note%20name.md)` and `[text](../folder/Note.md)` become links by key,
 *   resolved by Obsidian's rules ({@link resolveLinkpath}); the visible text stays what Obsidian
 *   shows (the alias, or `Note > Heading`). An embed `![[Note]]` becomes a plain link to the
 *   embedded note (agent-memory does not transclude; the embedded text lives in that note).
 *   A link inside the note itself (`[[#Heading|text]]`) keeps its visible text.
 * - Attachments (`![[image.png]]`, `[[Document.pdf]]`) and links to notes not in the vault are
 *   kept exactly as written and reported.
 * - Properties: `tags` (list or string, `#` optional) become tags; `aliases` become an
 *   `Aliases:` line so they stay searchable; other properties are kept as `- key: value` lines.
 *   Inline `#tags` stay in the text and are listed as tags too.
 * - Skipped: `.obsidian/` (settings), `.trash/` and every other dot-folder, which Obsidian does
 *   not index either.
 *
 * @module
 */
import { isValidDisplayText } from "../../model/links.js";
import { dedupeTags, extractTags } from "../../model/tags.js";
import type {
  BodyPart,
  ImportedNote,
  ImportKind,
  ImportProblem,
  ImportReading,
  SourceFile,
} from "./import-kind.js";
import { withoutTitleHeading } from "./title-heading.js";
import { linkedBody, prependText, type SourceLink } from "./linked-body.js";
import { decodeDestination, hasScheme } from "./markdown-link.js";
import { vaultLookup, resolveLinkpath, type VaultLookup } from "./obsidian-link-resolution.js";
import { noteProperties, type PropertyNames } from "./note-properties.js";
import { visibleText } from "./wikilink.js";

const NOTE_FILE = /\.md$/i;
const LEADING_BLANK_LINES = /^(?:[ \t]*\r?\n)+/;

function hiddenSegment(path: string): string | undefined {
  return path.split("/").find((segment) => segment.startsWith("."));
}

/** The note title Obsidian shows for a vault path: its base name without `.md`. */
function titleOf(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(NOTE_FILE, "");
}

interface NoteLinkScope {
  readonly file: string;
  readonly lookup: VaultLookup;
  readonly problems: ImportProblem[];
}

function linkTo(linkScope: NoteLinkScope, path: string, shown: string): BodyPart {
  return { linkTo: path, text: isValidDisplayText(shown) ? shown : titleOf(path) };
}

function keptAsWritten(
  linkScope: NoteLinkScope,
  raw: string,
  target: string,
  kind: "attachment" | "missing",
): string {
  linkScope.problems.push(
    kind === "attachment"
      ? {
          code: "attachment",
          file: linkScope.file,
          detail: `${raw} names the attachment "${target}": the file is left where it is and the link is kept as written.`,
        }
      : {
          code: "unresolved-link",
          file: linkScope.file,
          detail: `${raw} names "${target}", which is no note of the vault: the link is kept as written.`,
        },
  );
  return raw;
}

function replaceLink(linkScope: NoteLinkScope, token: SourceLink): BodyPart {
  const { link } = token;
  if (token.form === "wiki") {
    const target = resolveLinkpath(linkScope.lookup, token.link.path, linkScope.file);
    const shown = visibleText(token.link);
    if (target.kind === "note") return linkTo(linkScope, target.path, shown);
    if (target.kind === "self") return shown;
    return keptAsWritten(linkScope, link.raw, token.link.path, target.kind);
  }
  const destination = token.link.destination;
  if (destination === "" || destination.startsWith("#") || hasScheme(destination)) return link.raw;
  const path = decodeDestination(destination).split("#")[0] ?? "";
  const target = resolveLinkpath(linkScope.lookup, path, linkScope.file);
  if (target.kind === "note") return linkTo(linkScope, target.path, token.link.text);
  if (target.kind === "self") return link.raw;
  return keptAsWritten(linkScope, link.raw, path, target.kind);
}

const PROPERTY_NAMES: PropertyNames = {
  tags: ["tags", "tag"],
  splitTagsAtSpaces: true,
  aliases: ["aliases", "alias"],
  elsewhere: () => [],
};

function readNote(file: SourceFile, lookup: VaultLookup, problems: ImportProblem[]): ImportedNote {
  const title = titleOf(file.path);
  const { header, tags, text, verbatim } = noteProperties(file, PROPERTY_NAMES, problems);
  const linkScope: NoteLinkScope = { file: file.path, lookup, problems };
  const source = verbatim
    ? text
    : withoutTitleHeading(text, title).replace(LEADING_BLANK_LINES, "");
  const body = prependText(
    header,
    linkedBody(source, (token) => replaceLink(linkScope, token)),
  );
  return {
    key: file.path,
    title,
    body,
    tags: dedupeTags([...tags, ...extractTags(source)]),
    source: { kind: "obsidian", file: file.path },
  };
}

function readVault(files: readonly SourceFile[]): ImportReading {
  const problems: ImportProblem[] = [];
  const notes: SourceFile[] = [];
  for (const file of files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const hidden = hiddenSegment(file.path);
    if (hidden !== undefined) {
      problems.push({
        code: "skipped",
        file: file.path,
        detail: `${hidden}/ is not part of the notes (Obsidian keeps settings in .obsidian/ and deleted notes in .trash/, and indexes no dot-folder): not imported.`,
      });
    } else if (NOTE_FILE.test(file.path)) {
      notes.push(file);
    } else {
      problems.push({
        code: "attachment",
        file: file.path,
        detail: "Not a markdown note: the file is left where it is.",
      });
    }
  }
  const lookup = vaultLookup(notes.map((note) => note.path));
  return { notes: notes.map((note) => readNote(note, lookup, problems)), problems };
}

/** The Obsidian vault kind. */
export const obsidianKind: ImportKind = {
  name: "obsidian",
  describe:
    "an Obsidian vault folder: one note per .md file, links resolved as Obsidian resolves them",
  pathIs: "folder",
  wants: (path) => NOTE_FILE.test(path) && hiddenSegment(path) === undefined,
  read: readVault,
};
