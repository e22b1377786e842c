/**
 * The `claude-code` import kind: what Claude Code keeps as memory in a folder.
 *
 * PATH is a folder, and the kind reads whichever of Claude Code's memory files it holds, so
 * the same kind imports a project (`CLAUDE.md` at the top and in subfolders, `CLAUDE.local.md`,
 * `.claude/CLAUDE.md`, `.claude/rules/**\/*.md`, and an auto-memory folder committed at
 * `memory/` or `.claude/memory/`) and an auto-memory folder itself
 * (`~/.claude/projects/<project>/memory/`, whose `MEMORY.md` sits at the top). A folder is an
 * auto-memory folder when it holds `MEMORY.md`; its other `.md` files are its topic files.
 *
 * Each file becomes notes through {@link markdownFileNotes} (a big file of separate sections:
 * an overview note plus one note per section). A rule's `paths:` globs open its note as text;
 * a topic file's frontmatter `name` is its title, `description` its first paragraph and
 * `type` (`user`, `feedback`, `project`, `reference`) its tag; other frontmatter fields are
 * kept as text. `@path` imports and markdown links to files of the import become links;
 * those to files the import does not hold stay as text and are reported.
 *
 * @module
 */
import { fieldText, splitFrontmatter, type FrontmatterField } from "./frontmatter-fields.js";
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
import { folderOf, stemOf } from "./source-paths.js";
import { tagName } from "./tag-name.js";

const INSTRUCTIONS = /(?:^|\/)CLAUDE(?:\.local)?\.md$/;
const RULE = /(?:^|\/)\.claude\/rules\/.+\.md$/i;
const MEMORY_FOLDERS: ReadonlySet<string> = new Set(["", "memory", ".claude/memory"]);
const READS = "claude-code reads CLAUDE.md, CLAUDE.local.md, .claude/rules and auto-memory files";

type Role = "instructions" | "rule" | "memory-index" | "memory-topic";

/** The `claude-code` kind. */
export const claudeCodeKind: ImportKind = {
  name: "claude-code",
  describe:
    "PATH is a project folder (CLAUDE.md files, CLAUDE.local.md, .claude/rules/) or a Claude Code auto-memory folder (MEMORY.md and its topic files)",
  pathIs: "folder",
  wants: (path) => INSTRUCTIONS.test(path) || RULE.test(path) || isMemoryFolderFile(path),
  read: readClaudeCode,
};

function isMemoryFolderFile(path: string): boolean {
  return /\.md$/i.test(path) && MEMORY_FOLDERS.has(folderOf(path));
}

function readClaudeCode(files: readonly SourceFile[]): ImportReading {
  const sorted = files.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const memoryMdFolders = new Set(
    sorted.filter((file) => isMemoryMdFile(file.path)).map((file) => folderOf(file.path)),
  );
  const roles = new Map<string, Role>();
  for (const file of sorted) {
    const role = roleOf(file.path, memoryMdFolders);
    if (role !== undefined) roles.set(file.path, role);
  }
  const notePaths = new Set(roles.keys());
  const notes: ImportedNote[] = [];
  const problems: ImportProblem[] = [];
  for (const file of sorted) {
    const role = roles.get(file.path);
    if (role === undefined) continue;
    const reading = {
      file: file.path,
      notePaths,
      atImports: role === "instructions",
      readsWhat: READS,
    };
    const linkify = (text: string): readonly BodyPart[] => {
      const linked = linkedText(text, reading);
      problems.push(...linked.problems);
      return linked.parts;
    };
    notes.push(...fileNotes({ path: file.path, text: withLf(file.text) }, role, linkify));
  }
  return { notes, problems };
}

// Windows line endings would hide headings from the section splitter; sentences are unchanged.
function withLf(text: string): string {
  return text.replace(/\r\n/g, "\n");
}

function isMemoryMdFile(path: string): boolean {
  return /(?:^|\/)MEMORY\.md$/.test(path) && MEMORY_FOLDERS.has(folderOf(path));
}

function roleOf(path: string, memoryMdFolders: ReadonlySet<string>): Role | undefined {
  if (INSTRUCTIONS.test(path)) return "instructions";
  if (RULE.test(path)) return "rule";
  if (isMemoryMdFile(path)) return "memory-index";
  // A folder without MEMORY.md is not an auto-memory folder: its other files (a project's
  // README.md) are not Claude Code's and are left alone.
  if (isMemoryFolderFile(path) && memoryMdFolders.has(folderOf(path))) return "memory-topic";
  return undefined;
}

function fileNotes(
  file: SourceFile,
  role: Role,
  linkify: (text: string) => readonly BodyPart[],
): ImportedNote[] {
  const base = { kind: "claude-code" as const, file: file.path, linkify };
  if (role === "instructions") {
    const folder = folderOf(file.path);
    const nested = folder !== "" && folder !== ".claude";
    return markdownFileNotes({
      ...base,
      text: file.text,
      fallbackTitle: nested ? file.path.slice(folder.length + 1) : file.path,
      titlePrefix: nested ? `${folder}: ` : "",
      tags: [],
      lead: [],
      trail: [],
    });
  }
  const { fields, unparsed, body } = splitFrontmatter(file.text);
  if (role === "rule") {
    const paths = fields.find((field) => field.key === "paths");
    return markdownFileNotes({
      ...base,
      text: body,
      fallbackTitle: stemOf(file.path),
      titlePrefix: "",
      tags: [],
      lead: paths === undefined ? [] : [`Applies to paths: ${globList(paths.value)}.\n\n`],
      trail: keptFields(
        fields.filter((field) => field !== paths),
        unparsed,
      ),
    });
  }
  if (role === "memory-index") {
    return markdownFileNotes({
      ...base,
      text: body,
      fallbackTitle: "Auto memory index",
      titlePrefix: "",
      tags: [],
      lead: [],
      trail: keptFields(fields, unparsed),
    });
  }
  const name = fieldOf(fields, "name");
  const description = fieldOf(fields, "description");
  const type = fieldOf(fields, "type") ?? fieldOf(fields, "metadata.type");
  const typeTag = type === undefined ? undefined : tagName(type);
  const used = new Set([
    "name",
    "description",
    ...(typeTag === undefined ? [] : ["type", "metadata.type"]),
  ]);
  return markdownFileNotes({
    ...base,
    text: body,
    ...(name === undefined || name.trim() === "" ? {} : { title: name }),
    fallbackTitle: stemOf(file.path),
    titlePrefix: "",
    tags: typeTag === undefined ? [] : [typeTag],
    lead:
      description === undefined || description.trim() === ""
        ? []
        : [...linkify(description), "\n\n"],
    trail: keptFields(
      fields.filter((field) => !used.has(field.key)),
      unparsed,
    ),
  });
}

function fieldOf(fields: readonly FrontmatterField[], key: string): string | undefined {
  const field = fields.find((candidate) => candidate.key === key);
  return field === undefined ? undefined : fieldText(field.value);
}

function globList(value: string | readonly string[]): string {
  const globs = typeof value === "string" ? [value] : value;
  return globs.map((glob) => `\`${glob}\``).join(", ");
}

/** Frontmatter the note has no other place for, kept as a list at its end. */
function keptFields(fields: readonly FrontmatterField[], unparsed: readonly string[]): BodyPart[] {
  const lines = [
    ...fields.map((field) => `- ${field.key}: ${fieldText(field.value)}`),
    ...unparsed.map((line) => `- ${line.trim()}`),
  ];
  return lines.length === 0 ? [] : [lines.join("\n")];
}
