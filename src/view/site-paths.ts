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
 * A shard of the notes' bodies the search in the page loads when it needs them.
 *
 * @example
 * ```ts
 * searchShardPath(3); // "data/search/3.js"
 * ```
 */
export function searchShardPath(shard: number): string {
  return `data/search/${shard}.js`;
}

/**
 * The page of a tag, by its key (case folded, so `#Design` and `#design` share a page). A
 * nested tag's `/` and any character outside [a-z0-9_-] are spelled out, so the name is a
 * safe file name everywhere.
 *
 * @example
 * ```ts
 * tagPath("Project/Console"); // "tags/project_2fconsole.html"
 * tagPath("index");           // "tags/_69ndex.html" (tags/index.html lists the tags)
 * ```
 */
export function tagPath(tag: string): string {
  const known = tagPaths.get(tag);
  if (known !== undefined) return known;
  const safe = [...tagKey(tag)]
    .map((char) =>
      /[a-z0-9-]/.test(char)
        ? char
        : [...new TextEncoder().encode(char)]
            .map((byte) => `_${byte.toString(16).padStart(2, "0")}`)
            .join(""),
    )
    .join("");
  // A memory has few tags, and every note page links its own: each spelled out once.
  if (tagPaths.size >= TAG_PATHS_KEPT) tagPaths.clear();
  // tags/index.html is the list of tags: #index's page spells its first letter out (no other
  // tag's name can hold "_69", since "_" is always spelled out).
  const path = `tags/${safe === "index" ? "_69ndex" : safe}.html`;
  tagPaths.set(tag, path);
  return path;
}

const TAG_PATHS_KEPT = 10_000;
const tagPaths = new Map<string, string>();
