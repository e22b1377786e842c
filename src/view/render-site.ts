import { ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../errors.js";
import { backlinksByTarget } from "./backlinks.js";
import { graphDataScript, renderGraphPage } from "./graph-page.js";
import { renderHomePage, renderTagPages } from "./list-pages.js";
import { graphAdjacency } from "./neighbourhood.js";
import { notePage, type NoteCommit } from "./note-page.js";
import { pageTemplateStamp } from "./page-template-stamp.js";
import { siteAssets } from "./site-assets.js";
import { SiteCache } from "./site-cache.js";
import { SiteFiles, type PendingFile } from "./site-files.js";
import { siteGraph } from "./site-graph.js";
import { searchPaths, searchShardKey } from "./site-search-files.js";
import { loadSiteModel, type SiteSource } from "./site-model.js";
import { notePath, SITE_PATHS } from "./site-paths.js";

/** Options of {@link renderSite}. */
export interface RenderSiteOptions {
  /** The site's title, shown on every page. Default "agent-memory". */
  readonly name?: string;
  /**
   * Each note's commits, newest first, shown on its page (the CLI passes one bounded
   * `git log` walk). A promise is awaited once the notes are read and the graph is made, so a
   * host's walk runs meanwhile; one that rejects or gives undefined shows no history.
   * Default: no history section.
   */
  readonly history?:
    | ReadonlyMap<string, readonly NoteCommit[]>
    | PromiseLike<ReadonlyMap<string, readonly NoteCommit[]> | undefined>;
  /**
   * What earlier renders computed (each note's body as HTML, the graph's communities, the
   * full-text search), reused
   * where nothing it came from changed: `loadSiteCache(persistence)` keeps it between
   * processes, one object kept by a server keeps it between rebuilds. Default: none.
   */
  readonly cache?: SiteCache;
}

/** A rendered site: every file by its path relative to the site's root. */
export interface Site {
  readonly files: ReadonlyMap<string, string>;
  /** How many note pages it has. */
  readonly notes: number;
}

/**
 * Renders a memory as a static site that needs no network: a home page (the index note's
 * tiers and the recent notes), one page per note (body as CommonMark with working links,
 * tags, status, times, backlinks with their sentences, history, neighbourhood graph), one
 * page per tag, the link graph, and the search (the library's own ranking, in the page).
 * Reads each note file at most once (through the memory's `readAll`); writes nothing (see `writeSite`, or serve `files` yourself).
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { createNotesMemory } from "agent-memory/notes";
 * import { fsPersistence } from "agent-memory/adapters";
 * import { renderSite, writeSite } from "agent-memory/view";
 *
 * const persistence = fsPersistence({ fs, root });
 * const site = await renderSite({ memory: createNotesMemory({ persistence }) });
 * if (site.isOk()) await writeSite(site.value, "./site");
 * ```
 */
export function renderSite(
  source: SiteSource,
  options: RenderSiteOptions = {},
): ResultAsync<Site, PersistenceError | GitError> {
  const name = options.name ?? "agent-memory";
  // Taken at once: a promise that rejects while the notes are read is never left unhandled.
  const history = historyOf(options.history);
  return siteAssets().andThen((assets) =>
    loadSiteModel(source).andThen((model) => {
      const cache = options.cache ?? new SiteCache();
      cache.startRender(model.notes.map((note) => note.meta.path));
      // Started first: a large memory is indexed in a worker thread meanwhile.
      const search = cache.search.filesFor(model.notes);
      const graph = siteGraph(model, cache);
      const adjacency = graphAdjacency(graph);
      const backlinks = backlinksByTarget(
        [...model.byId.values()].map((note) => ({ id: note.meta.id, parsed: note.parsed })),
      );
      return ResultAsync.fromSafePromise(history).map((commits) => {
        const files = new Map<string, string>(assets);
        const pageDeps = {
          name,
          model,
          adjacency,
          backlinks,
          cache,
          stamp: pageTemplateStamp(),
          ...(commits === undefined ? {} : { history: commits }),
        };
        // Note pages are rendered when first asked for (all of them by writeSite, one at a
        // time by a server), in note order; each tells its key first (a rebuild renders only
        // the pages whose key changed).
        const pages = new Map<string, PendingFile>();
        for (const note of model.byId.values()) {
          pages.set(notePath(note.meta.id), { prepare: () => notePage(note, pageDeps) });
        }
        files.set(SITE_PATHS.home, renderHomePage(name, model));
        for (const [path, page] of renderTagPages(name, model)) files.set(path, page);
        files.set(SITE_PATHS.graph, renderGraphPage(name, graph));
        files.set(SITE_PATHS.graphData, graphDataScript(graph));
        // The search's files come last: a write asks for them once every page is written.
        const [data, ...shards] = searchPaths(model.notes.length);
        if (data !== undefined) pages.set(data, () => search().file(data) ?? "");
        shards.forEach((path, shard) => {
          const render = (): string => search().file(path) ?? "";
          pages.set(path, {
            prepare: () => ({ key: searchShardKey(model.notes, shard), render }),
          });
        });
        return { files: new SiteFiles(files, pages), notes: model.byId.size };
      });
    }),
  );
}

/** The history given, awaited; a promise that rejects is no history. */
async function historyOf(
  history: RenderSiteOptions["history"],
): Promise<ReadonlyMap<string, readonly NoteCommit[]> | undefined> {
  try {
    return await history;
  } catch {
    return undefined;
  }
}
