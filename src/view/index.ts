/**
 * `agent-memory/view`: the memory as a browsable site. `renderSite` renders every note as a
 * page (working links, backlinks, history, neighbourhood graph), the index note's tiers and
 * the recent notes as the home page, the link graph, and a search box running the library's
 * own ranking in the page; `writeSite` writes it to a folder (it needs no network, and works
 * from `file://`), `serveSite` serves it on 127.0.0.1. A host that never shows a site never
 * loads this entry, its renderer or its page scripts.
 *
 * @example
 * ```ts
 * import * as fs from "node:fs";
 * import { createNotesMemory } from "agent-memory/notes";
 * import { fsPersistence } from "agent-memory/adapters";
 * import { renderSite, serveSite } from "agent-memory/view";
 *
 * const persistence = fsPersistence({ fs, root });
 * const site = await renderSite({ memory: createNotesMemory({ persistence }) });
 * if (site.isOk()) {
 *   const server = await serveSite(site.value, { port: 4173 });
 *   if (server.isOk()) console.log(`open ${server.value.url}`);
 * }
 * ```
 * @module
 */
export { renderSite, type RenderSiteOptions, type Site } from "./render-site.js";
export type { SiteSource } from "./site-model.js";
export type { NoteCommit } from "./note-page.js";
export { loadSiteCache, SiteCache, SITE_CACHE_PATH, SITE_SEARCH_CACHE_PATH } from "./site-cache.js";
export { writeSite, SITE_MANIFEST, type WrittenSite } from "./write-site.js";
export { serveSite, type ServeSiteOptions, type SiteServer } from "./serve-site.js";
