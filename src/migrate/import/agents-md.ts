/**
 * The `agents-md` import kind: the AGENTS.md files of a repository (the open format Codex,
 * Cursor, Jules and others read). PATH is the repository folder; every `AGENTS.md` in it is
 * read (and `AGENTS.override.md`, which Codex reads in place of a folder's AGENTS.md).
 *
 * Each file becomes notes through {@link markdownFileNotes}: a big file of separate sections
 * becomes an overview note plus one note per section. A nested file's notes carry its folder:
 * as a title prefix (`codex-rs: Core Rules`) and in their provenance (the file path). Markdown
 * links to another AGENTS.md of the import become links; other relative `.md` links stay as
 * text and are reported. AGENTS.md has no import syntax, so `@path` is plain text here.
 *
 * @module
 */
import type {
  BodyPart,
  ImportKind,
  ImportProblem,
  ImportReading,
  ImportedNote,
  SourceFile,
} from "./import-kind.js";
import { markdownFileNotes } from "./markdown-file-notes.js";
import { linkedText } from "./relative-links.js";
import { folderOf } from "./source-paths.js";

const AGENTS_FILE = /(?:^|\/)AGENTS(?:\.override)?\.md$/;
const READS = "agents-md reads only AGENTS.md and AGENTS.override.md files";

/** The `agents-md` kind. */
export const agentsMdKind: ImportKind = {
  name: "agents-md",
  describe: "PATH is a repository folder; its AGENTS.md files (top level and nested) are read",
  pathIs: "folder",
  wants: (path) => AGENTS_FILE.test(path),
  read: readAgentsMd,
};

function readAgentsMd(files: readonly SourceFile[]): ImportReading {
  const sorted = files
    .filter((file) => AGENTS_FILE.test(file.path))
    .toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const notePaths = new Set(sorted.map((file) => file.path));
  const notes: ImportedNote[] = [];
  const problems: ImportProblem[] = [];
  for (const file of sorted) {
    const reading = { file: file.path, notePaths, atImports: false, readsWhat: READS };
    const linkify = (text: string): readonly BodyPart[] => {
      const linked = linkedText(text, reading);
      problems.push(...linked.problems);
      return linked.parts;
    };
    const folder = folderOf(file.path);
    notes.push(
      ...markdownFileNotes({
        kind: "agents-md",
        file: file.path,
        // Windows line endings would hide headings from the section splitter.
        text: file.text.replace(/\r\n/g, "\n"),
        fallbackTitle: folder === "" ? file.path : file.path.slice(folder.length + 1),
        titlePrefix: folder === "" ? "" : `${folder}: `,
        tags: [],
        lead: [],
        trail: [],
        linkify,
      }),
    );
  }
  return { notes, problems };
}
