/**
 * The one change the plugin makes to Obsidian: `MetadataCache.getFirstLinkpathDest` answers
 * an id link path (`id__Kf9mNp`) with the memory note carrying that id. Obsidian resolves every
 * link through this method of the metadata cache: clicks and hover previews (the workspace
 * opens `getFirstLinkpathDest(linkpath, source)`), the graph view (it draws `resolvedLinks`,
 * which `resolveLinks` fills by calling `this.getFirstLinkpathDest`) and the backlinks pane
 * (`getBacklinksForFile` compares `this.getFirstLinkpathDest` of every link with the file). So
 * replacing the method on the app's instance is enough; every other link resolves as before.
 *
 * @module
 */

import { idOfLinkpath, type IdFileIndex, type VaultFile } from "./id-file-index.js";

/** The part of Obsidian's `MetadataCache` the plugin touches (obsidian.d.ts signatures). */
export interface LinkResolvingCache<F extends VaultFile> {
  getFirstLinkpathDest(linkpath: string, sourcePath: string): F | null;
}

/**
 * Makes id links resolve to the memory's notes; returns the function that undoes it (the
 * plugin's `onunload`).
 *
 * @example
 * ```ts
 * const undo = resolveIdLinks(app.metadataCache, createIdFileIndex(app.vault.getMarkdownFiles()));
 * app.metadataCache.getFirstLinkpathDest("id__Kf9mNp", "index.md")?.path; // "topics/console-app id__Kf9mNp.md"
 * ```
 */
export function resolveIdLinks<F extends VaultFile>(
  cache: LinkResolvingCache<F>,
  index: IdFileIndex<F>,
): () => void {
  const original = cache.getFirstLinkpathDest;
  const patched = function (this: unknown, linkpath: string, sourcePath: string): F | null {
    const id = idOfLinkpath(linkpath);
    const note = id === undefined ? undefined : index.find(id);
    return note ?? original.call(this, linkpath, sourcePath);
  };
  cache.getFirstLinkpathDest = patched;
  return () => {
    if (cache.getFirstLinkpathDest === patched) cache.getFirstLinkpathDest = original;
  };
}

/** The metadata cache's own re-resolution (not in obsidian.d.ts; present in the app since 0.x). */
interface ReResolvingCache {
  resolveLinks?: (sourcePath: string) => void;
  trigger?: (name: string) => void;
}

/**
 * Resolves every file's links again, so links Obsidian resolved before the plugin loaded (as
 * unresolved) become edges of the graph and backlinks. Uses the cache's own `resolveLinks`
 * when the app has it; without it, links resolve as each file changes.
 *
 * @returns How many files were resolved again (0 when the app offers no way).
 */
export function resolveAgain(cache: object, files: readonly VaultFile[]): number {
  const { resolveLinks, trigger } = cache as ReResolvingCache;
  if (typeof resolveLinks !== "function") return 0;
  const markdown = files.filter((file) => file.extension === "md");
  for (const file of markdown) resolveLinks.call(cache, file.path);
  if (typeof trigger === "function") trigger.call(cache, "resolved");
  return markdown.length;
}
