import { tagKey } from "../model/tags.js";

/**
 * Where each page of the site lives, relative to the site's root. Note pages are named by id,
 * which never changes, so a link to a note keeps working across renames and moves.
 */
export const SITE_PATHS = {
  home: "index.html",
  graph: "graph.html",
  tags: "tags/index.html",
  css: "assets/site.css",
  graphScript: "assets/graph.js",
  searchScript: "assets/search.js",
  graphData: "data/graph.js",
  searchData: "data/search.js",
} as const;

/**
 * The page of a note.
 *
 * @example
 * ```ts
 * notePath("id__Kf9mNp"); // "notes/id__Kf9mNp.html"
 * ```
 */
export function notePath(id: string): string {
  return `notes/${id}.html`;
}

/**
 * The page of a tag, by its key (case folded, so `#Design` and `#design` share a page). A
 * nested tag's `/` and any character outside [a-z0-9_-] are spelled out, so the name is a
 * safe file name everywhere.
 *
 * @example
 * ```ts
 * tagPath("Project/Console"); // "tags/project_2fconsole.html"
 * ```
 */
export function tagPath(tag: string): string {
  const safe = [...tagKey(tag)]
    .map((char) =>
      /[a-z0-9-]/.test(char)
        ? char
        : [...new TextEncoder().encode(char)]
            .map((byte) => `_${byte.toString(16).padStart(2, "0")}`)
            .join(""),
    )
    .join("");
  return `tags/${safe}.html`;
}
