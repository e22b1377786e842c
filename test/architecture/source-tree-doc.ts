/**
 * The folder tree of docs/architecture.md, generated from {@link SOURCE_TREE}, and the tree as
 * it is on disk, for the test that holds one to the other.
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { SOURCE_TREE } from "./source-folders.js";

export const TREE_START = "<!-- generated: source tree (npm run docs:architecture) -->";
export const TREE_END = "<!-- end of generated source tree -->";

/** The generated block, markers included: an indented tree, one line per entry. */
export function renderSourceTree(): string {
  const names = SOURCE_TREE.map((entry) => {
    const parts = entry.path.replace(/\/$/, "").split("/").slice(1);
    const indent = "  ".repeat(parts.length);
    return `${indent}${parts.at(-1) ?? ""}${entry.path.endsWith("/") ? "/" : ""}`;
  });
  const width = Math.max(...names.map((name) => name.length)) + 2;
  const lines = SOURCE_TREE.map(
    (entry, index) => `${(names[index] ?? "").padEnd(width)}${entry.holds}`,
  );
  return [TREE_START, "```", "src/", ...lines, "```", TREE_END].join("\n");
}

/** `page` with its source-tree block replaced by the current one. */
export function spliceSourceTree(page: string): string | undefined {
  const start = page.indexOf(TREE_START);
  const end = page.indexOf(TREE_END);
  if (start === -1 || end === -1 || end < start) return undefined;
  return page.slice(0, start) + renderSourceTree() + page.slice(end + TREE_END.length);
}

/** The folders of `src/` two levels deep (ending in `/`) and its top-level files, as on disk. */
export function sourceTreeOnDisk(repo: string): string[] {
  const src = resolve(repo, "src");
  const top = readdirSync(src, { withFileTypes: true });
  const files = top.filter((entry) => entry.isFile()).map((entry) => `src/${entry.name}`);
  const folders = top
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [
      `src/${entry.name}/`,
      ...readdirSync(resolve(src, entry.name), { withFileTypes: true })
        .filter((inner) => inner.isDirectory())
        .map((inner) => `src/${entry.name}/${inner.name}/`),
    ]);
  return [...files, ...folders].toSorted();
}
