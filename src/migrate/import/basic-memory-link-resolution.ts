/**
 * Which note of a basic-memory project a link names, following basic-memory's `LinkResolver`
 * (basicmachines-co/basic-memory `src/basic_memory/services/link_resolver.py`) without its
 * database and its last, fuzzy full-text step:
 *
 * 1. a target with a `/`, written in a note inside a folder, is first tried as a file path from
 *    that folder (`[[nested/note]]` from `testing/a.md` is `testing/nested/note.md`);
 * 2. the notes whose permalink is the target (as written, or as its permalink slug) or whose
 *    title is the target: one wins outright, several go to the closest to the linking note
 *    (same folder, then ancestor folders nearest first, then descendants, then the rest; ties
 *    to the shortest path);
 * 3. the target as a file path, then with `.md` added;
 * 4. the target as a file path ignoring case and `_`/`-`, when that names one note only.
 *
 * `project::note` is read as `project/note`, and a project prefix shared by every permalink of
 * the project (`video-annotator/...`) may be left out of a link, as basic-memory allows. Titles
 * are also matched ignoring case when no exact title matches.
 *
 * @module
 */
import { permalinkOf } from "./basic-memory-permalink.js";

/** A note of the project as the resolver sees it. */
export interface ProjectNote {
  readonly path: string;
  readonly permalink: string;
  readonly title: string;
}

/** The notes of a project, indexed for link resolution. */
export interface ProjectLookup {
  readonly notes: readonly ProjectNote[];
  readonly byPermalink: ReadonlyMap<string, ProjectNote>;
  readonly byPath: ReadonlyMap<string, ProjectNote>;
  /** The first permalink segment every note shares, when there is one. */
  readonly prefix: string | undefined;
}

function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function sharedPrefix(notes: readonly ProjectNote[]): string | undefined {
  const firsts = new Set(
    notes.map((note) => (note.permalink.includes("/") ? note.permalink.split("/")[0] : "")),
  );
  const [only] = firsts;
  return firsts.size === 1 && only !== undefined && only !== "" && notes.length > 1
    ? only
    : undefined;
}

/** Indexes the notes of a project. */
export function projectLookup(notes: readonly ProjectNote[]): ProjectLookup {
  const byPermalink = new Map<string, ProjectNote>();
  const byPath = new Map<string, ProjectNote>();
  for (const note of notes) {
    if (!byPermalink.has(note.permalink)) byPermalink.set(note.permalink, note);
    byPath.set(note.path, note);
  }
  return { notes, byPermalink, byPath, prefix: sharedPrefix(notes) };
}

function depth(folder: string): number {
  return folder === "" ? 0 : folder.split("/").length;
}

/** Lower is closer: basic-memory's proximity score, then the path's length. */
function proximity(note: ProjectNote, sourcePath: string): [number, number] {
  const source = folderOf(sourcePath);
  const folder = folderOf(note.path);
  if (folder === source) return [0, note.path.length];
  if (folder === "" || source.startsWith(`${folder}/`))
    return [depth(source) - depth(folder), note.path.length];
  if (source === "" || folder.startsWith(`${source}/`))
    return [100 + depth(folder) - depth(source), note.path.length];
  return [1000, note.path.length];
}

function closest(candidates: readonly ProjectNote[], sourcePath: string): ProjectNote | undefined {
  return candidates.toSorted((a, b) => {
    const [scoreA, lengthA] = proximity(a, sourcePath);
    const [scoreB, lengthB] = proximity(b, sourcePath);
    return scoreA - scoreB || lengthA - lengthB || (a.path < b.path ? -1 : 1);
  })[0];
}

function permalinkCandidates(lookup: ProjectLookup, target: string): string[] {
  const trimmed = target.replace(/^\/+|\/+$/g, "");
  const forms = [trimmed, permalinkOf(trimmed)];
  const prefixed =
    lookup.prefix === undefined ? [] : forms.map((form) => `${lookup.prefix}/${form}`);
  return [...new Set([...forms, ...prefixed])];
}

function loosePath(path: string): string {
  return path.toLowerCase().replaceAll("_", "-");
}

/**
 * The note `target` names when written in the note at `sourcePath`, or undefined.
 *
 * @example
 * ```ts
 * const project = projectLookup([{ path: "a/API.md", permalink: "p/a/api", title: "API" }]);
 * resolveProjectLink(project, "API", "b/x.md")?.path; // "a/API.md"
 * ```
 */
export function resolveProjectLink(
  lookup: ProjectLookup,
  target: string,
  sourcePath: string,
): ProjectNote | undefined {
  const text = target.includes("::")
    ? target.replace("::", "/").replace(/\/+/g, "/")
    : target.trim();
  if (text === "") return undefined;
  const sourceFolder = folderOf(sourcePath);
  if (text.includes("/") && sourceFolder !== "") {
    const relative = `${sourceFolder}/${text}`;
    const found = lookup.byPath.get(`${relative}.md`) ?? lookup.byPath.get(relative);
    if (found !== undefined) return found;
  }
  const byPermalink = permalinkCandidates(lookup, text).flatMap((candidate) => {
    const note = lookup.byPermalink.get(candidate);
    return note === undefined ? [] : [note];
  });
  const exactTitles = lookup.notes.filter((note) => note.title === text);
  const titles =
    exactTitles.length > 0
      ? exactTitles
      : lookup.notes.filter((note) => note.title.toLowerCase() === text.toLowerCase());
  const candidates = [...new Set([...byPermalink, ...titles])];
  const best = candidates.length === 1 ? candidates[0] : closest(candidates, sourcePath);
  if (best !== undefined) return best;
  const path = lookup.byPath.get(text) ?? lookup.byPath.get(`${text}.md`);
  if (path !== undefined) return path;
  const wanted = loosePath(text.endsWith(".md") ? text : `${text}.md`);
  const loose = lookup.notes.filter((note) => loosePath(note.path) === wanted);
  return loose.length === 1 ? loose[0] : undefined;
}
