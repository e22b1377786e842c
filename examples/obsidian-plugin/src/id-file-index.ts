/**
 * Which vault file carries a memory id. A memory note is named `<slug> id__XXXXXX.md`, and its
 * links are `[[id__XXXXXX|text]]`: Obsidian resolves a link's path against file basenames, so
 * it finds no file named `id__XXXXXX` and leaves every link unresolved. This index answers
 * "the file whose basename ends in ` id__XXXXXX`".
 *
 * Pure: no `obsidian` import, so vitest runs it on a fake vault.
 *
 * @module
 */

/** The part of Obsidian's `TFile` the index reads (obsidian.d.ts: `TFile.path`, `basename`, `extension`). */
export interface VaultFile {
  readonly path: string;
  readonly basename: string;
  readonly extension: string;
}

const LINKPATH_ID = /^id__[A-Za-z0-9]{6}$/u;
// A slug, one space, the id: a bare `id__XXXXXX.md` is the empty file a click made before the
// plugin ran, never the note.
const BASENAME_ID = / (id__[A-Za-z0-9]{6})$/u;

/** The id a link's path names (`id__Kf9mNp`), or undefined for any other link. */
export function idOfLinkpath(linkpath: string): string | undefined {
  return LINKPATH_ID.test(linkpath) ? linkpath : undefined;
}

/** The id a markdown file's basename ends in, or undefined. */
export function idOfFile(file: VaultFile): string | undefined {
  return file.extension === "md" ? BASENAME_ID.exec(file.basename)?.[1] : undefined;
}

/** The files by id, kept in step with the vault's create, rename and delete events. */
export interface IdFileIndex<F extends VaultFile> {
  /** The file for an id; with two files of one id (a duplicate doctor reports) the first by path. */
  find(id: string): F | undefined;
  add(file: F): void;
  remove(file: F): void;
  /** A file moved or renamed from `oldPath`. */
  renamed(file: F, oldPath: string): void;
}

/**
 * Builds the index over the vault's markdown files.
 *
 * @example
 * ```ts
 * const index = createIdFileIndex(app.vault.getMarkdownFiles());
 * index.find("id__Kf9mNp")?.path; // "topics/console-app id__Kf9mNp.md"
 * ```
 */
export function createIdFileIndex<F extends VaultFile>(files: readonly F[]): IdFileIndex<F> {
  const byId = new Map<string, F[]>();
  const add = (file: F) => {
    const id = idOfFile(file);
    if (id === undefined) return;
    const same = (byId.get(id) ?? []).filter((known) => known.path !== file.path);
    byId.set(
      id,
      [...same, file].toSorted((a, b) => (a.path < b.path ? -1 : 1)),
    );
  };
  const removePath = (id: string | undefined, path: string) => {
    if (id === undefined) return;
    const left = (byId.get(id) ?? []).filter((known) => known.path !== path);
    if (left.length === 0) byId.delete(id);
    else byId.set(id, left);
  };
  for (const file of files) add(file);
  return {
    find: (id) => byId.get(id)?.[0],
    add,
    remove: (file) => removePath(idOfFile(file), file.path),
    renamed: (file, oldPath) => {
      const oldBase = oldPath.slice(oldPath.lastIndexOf("/") + 1).replace(/\.md$/u, "");
      removePath(BASENAME_ID.exec(oldBase)?.[1], oldPath);
      add(file);
    },
  };
}
