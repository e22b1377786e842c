/**
 * The migration plan: which files become which new-format notes, which are already in the new
 * format, and which cannot be migrated and why. Pure: the same files always give the same plan,
 * so a dry run shows exactly what a real run does.
 *
 * @module
 */

import { buildFilename, parseFilename } from "../model/filename.js";
import { serializeNote } from "../model/note-format.js";
import { validateTitle } from "../model/note-input.js";
import { dedupeTags, isValidTagName } from "../model/tags.js";
import { parseLegacyContent, type LegacyHeader } from "./legacy-entry.js";
import { parseLegacyFilename } from "./legacy-filename.js";
import { memoryRootOf } from "./legacy-memory-root.js";
import { ID_PLACEHOLDER, ID_SHAPE } from "../model/id.js";

/** A markdown file under the migration root. */
export interface SourceFile {
  /** Path relative to the migration root. */
  readonly path: string;
  readonly content: string;
}

/** One old-format entry and the new-format note it becomes. */
export interface PlannedMigration {
  readonly from: string;
  readonly to: string;
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  /** Whether it was top of mind (`_top-of-mind` prefix or `pinned: true`): the index note links it. */
  readonly hot: boolean;
  /** The memory root it belongs to ("" for the migration root itself). */
  readonly memoryRoot: string;
  /** Filename keywords that cannot be tags (e.g. `v1.2`), left out. */
  readonly droppedKeywords: readonly string[];
  /** The new file's content. */
  readonly markdown: string;
  /** True when an interrupted run already wrote the new file: only the old one remains to remove. */
  readonly alreadyWritten: boolean;
}

/** A file that cannot be migrated, left untouched. */
export interface MigrationProblem {
  readonly path: string;
  readonly reason: string;
}

/** A file already in the new format. */
export interface SkippedEntry {
  readonly path: string;
  readonly id: string;
}

/** Everything a run will do, and will not. All lists are sorted by path. */
export interface MigrationPlan {
  readonly migrations: readonly PlannedMigration[];
  readonly skipped: readonly SkippedEntry[];
  readonly errors: readonly MigrationProblem[];
  /** Markdown files that are not entries (no old header, no id in the name): README.md, index.md, ... */
  readonly ignored: readonly string[];
}

/**
 * Plans the migration of `files` (every markdown file under the migration root).
 *
 * @example
 * ```ts
 * planMigration([{ path: "topics/igor -- people id__Kf9mNp.md", content: '<!-- agent-memory:meta {"title":"Igor"} -->\nHi\n' }]);
 * // migrations: [{ to: "topics/igor id__Kf9mNp.md", markdown: "# Igor\n\n#people\n\nHi\n", ... }]
 * ```
 */
export function planMigration(files: readonly SourceFile[]): MigrationPlan {
  const errors: MigrationProblem[] = [];
  const ignored: string[] = [];
  const planned: PlannedMigration[] = [];
  const plain = new Map<string, SourceFile & { readonly id: string }>();
  for (const file of files) {
    const content = parseLegacyContent(file.content);
    if (content.kind === "malformed") {
      errors.push({ path: file.path, reason: `malformed header: ${content.reason}` });
    } else if (content.kind === "plain") {
      const name = parseFilename(file.path);
      if (name.isOk()) plain.set(file.path, { ...file, id: name.value.id });
      else ignored.push(file.path);
    } else {
      const entry = planEntry(file.path, content.header, content.body);
      if (typeof entry === "string") errors.push({ path: file.path, reason: entry });
      else planned.push(entry);
    }
  }
  // An earlier run that stopped between writing a new file and removing the old one left both:
  // the new file is that run's work, not a second note with the same id.
  const migrations = planned.map((entry) => {
    const written = plain.get(entry.to);
    if (written === undefined || entry.to === entry.from || written.content !== entry.markdown)
      return entry;
    plain.delete(entry.to);
    return { ...entry, alreadyWritten: true };
  });
  const paths = new Map<string, string[]>();
  for (const { id, path } of [
    ...migrations.map((m) => ({ id: m.id, path: m.from })),
    ...plain.values(),
  ]) {
    paths.set(id, [...(paths.get(id) ?? []), path]);
  }
  const duplicated = (id: string, path: string): string | undefined => {
    const others = (paths.get(id) ?? []).filter((other) => other !== path);
    return others.length === 0
      ? undefined
      : `the id ${id} is also used by ${others.join(", ")}; give all but one of these files a new id, then run migrate again`;
  };
  const keep = <T extends { readonly id: string }>(
    items: readonly T[],
    pathOf: (item: T) => string,
  ): T[] =>
    items.filter((item) => {
      const reason = duplicated(item.id, pathOf(item));
      if (reason !== undefined) errors.push({ path: pathOf(item), reason });
      return reason === undefined;
    });
  return {
    migrations: keep(migrations, (m) => m.from).toSorted((a, b) => compare(a.from, b.from)),
    skipped: keep([...plain.values()], (file) => file.path)
      .map(({ path, id }) => ({ path, id }))
      .toSorted((a, b) => compare(a.path, b.path)),
    errors: errors.toSorted((a, b) => compare(a.path, b.path)),
    ignored: ignored.toSorted(compare),
  };
}

/** The new-format note an old entry becomes, or why it cannot be migrated. */
function planEntry(path: string, header: LegacyHeader, body: string): PlannedMigration | string {
  const name = parseLegacyFilename(path);
  const id = header.id ?? name.id;
  if (id === undefined) {
    return `no id: neither the header nor the filename has one; add "id": "${ID_PLACEHOLDER}" (${ID_SHAPE}) to the header`;
  }
  const title = validateTitle(header.title ?? name.title);
  if (title.isErr()) return `unusable title: ${title.error.message}`;
  const badTag = header.tags.find((tag) => !isValidTagName(tag));
  if (badTag !== undefined) {
    return `the header tag ${JSON.stringify(badTag)} cannot be written as a #tag (letters, digits, "_", "-", "/"); rename it in the header`;
  }
  const keywords = name.keywords.map((word) => word.replace(/^#/, ""));
  const tags = dedupeTags([...header.tags, ...keywords.filter(isValidTagName)]);
  const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/") + 1) : "";
  return {
    from: path,
    to: folder + buildFilename(title.value, id),
    id,
    title: title.value,
    tags,
    hot: name.topOfMind || header.pinned,
    memoryRoot: memoryRootOf(path),
    droppedKeywords: keywords.filter((word) => !isValidTagName(word)),
    markdown: renderNote(title.value, tags, body),
    alreadyWritten: false,
  };
}

/**
 * The new file: heading and tag line as the model writes them, then the old body byte for
 * byte (serializeNote would normalise it).
 */
export function renderNote(title: string, tags: readonly string[], body: string): string {
  const head = serializeNote({ title, tags, body: "" });
  return body === "" ? head : `${head}\n${body}`;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
