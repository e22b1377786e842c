/**
 * The site cache (each note's body as HTML, kept by the object a server keeps between
 * rebuilds; the graph's groups and the full-text search, also saved in
 * `.agent-memory/cache/view.json` and `view-search.json`) never serves a stale page: an edited
 * note's page shows the edit, a changed link moves backlinks, graph edges and groups, a link
 * whose target appears or disappears is re-rendered, and a torn, corrupt or other-version
 * cache file is ignored and rewritten. Each render with the cache is byte for byte the render
 * without it, but for the full-text search after an edit: like the memory's own search.json,
 * it re-indexes the edited note into a new slot, so its files say the same (searchContent) in
 * another order.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  loadSiteCache,
  renderSite,
  SITE_CACHE_PATH,
  SITE_SEARCH_CACHE_PATH,
  SiteCache,
  type Site,
} from "../../src/view/index.js";
import { freshMemory, type FreshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { searchContent, siteSearchOf, withoutSearch } from "./site-search-data.js";

const A = "id__AAAAAA";
const B = "id__BBBBBB";
const C = "id__CCCCCC";

let fresh: FreshMemory;
let paths: Record<string, string>;

beforeEach(async () => {
  fresh = await freshMemory();
  paths = await seedNotes(fresh.fs, fresh.root, [
    { id: A, title: "Console app", body: "#repo\n\nThe *web* console." },
    { id: B, title: "Igor", body: `Igor works on the [[${A}|console app]] daily.` },
    { id: C, title: "Unrelated", body: "#people\n\nNothing to do with the console." },
  ]);
});

async function render(cache?: SiteCache): Promise<Site> {
  fresh.memory.filesChanged();
  const site = await renderSite(fresh, {
    name: "Cache",
    ...(cache === undefined ? {} : { cache }),
  });
  if (site.isErr()) throw site.error;
  return site.value;
}

/** A render with the cache a new process would load, saved afterwards as the CLI does. */
async function renderAsNewProcess(): Promise<{
  site: Site;
  cache: SiteCache;
  files: Map<string, string>;
}> {
  const cache = await loadSiteCache(fresh.persistence);
  const site = await render(cache);
  const files = new Map(site.files);
  await cache.save();
  return { site, cache, files };
}

async function uncached(): Promise<Map<string, string>> {
  return new Map((await render()).files);
}

/** The same site: every file byte for byte, the search's by what it says. */
function expectSameSite(files: ReadonlyMap<string, string>, expected: ReadonlyMap<string, string>) {
  expect(withoutSearch(files)).toEqual(withoutSearch(expected));
  expect(searchContent(files)).toEqual(searchContent(expected));
}

async function writeNote(id: string, text: string): Promise<void> {
  await fresh.fs.promises.writeFile(`${fresh.root}/${paths[id] ?? ""}`, text);
}

async function cacheText(): Promise<string> {
  const text = await fresh.persistence.read(SITE_CACHE_PATH);
  if (text.isErr()) throw text.error;
  return text.value;
}

describe("the site cache", () => {
  it("saves the graph's groups, not the bodies, and the next process renders the same bytes", async () => {
    const first = await renderAsNewProcess();
    expect(first.cache.stats()).toEqual({ hits: 0, misses: 3 });
    const saved = await cacheText();
    expect(saved).toMatch(/^agent-memory\/view-cache 2 /);
    // The groups alone: no note's text, and a few hundred bytes.
    expect(saved).not.toContain("console");
    expect(saved.length).toBeLessThan(300);
    const second = await renderAsNewProcess();
    expect(second.cache.stats()).toEqual({ hits: 0, misses: 3 });
    expect(second.files).toEqual(await uncached());
    expect(await cacheText()).toBe(saved);
  });

  it("shows an edited note's new body: a kept cache renders the edited note alone again", async () => {
    const cache = new SiteCache();
    expect(new Map((await render(cache)).files).size).toBeGreaterThan(3);
    await writeNote(A, "# Console app\n\n#repo\n\nThe **rewritten** console.\n");
    const files = new Map((await render(cache)).files);
    expect(cache.stats()).toEqual({ hits: 2, misses: 4 });
    const page = files.get(`notes/${A}.html`) ?? "";
    expect(page).toContain("The <strong>rewritten</strong> console.");
    expect(page).not.toContain("<em>web</em>");
    expectSameSite(files, await uncached());
  });

  it("follows a changed link: backlinks, graph edges and groups move, and the linking page", async () => {
    await renderAsNewProcess();
    // B now links to C instead of A.
    await writeNote(B, `# Igor\n\nIgor works on the [[${C}|unrelated thing]] daily.\n`);
    const { files } = await renderAsNewProcess();
    expect(files.get(`notes/${A}.html`)).toContain("No note links here.");
    expect(files.get(`notes/${C}.html`)).toContain("<mark>unrelated thing</mark>");
    expect(files.get(`notes/${B}.html`)).toContain(`href="../notes/${C}.html"`);
    const graph = files.get("data/graph.js") ?? "";
    expect(graph).toContain('"Unrelated"');
    expectSameSite(files, await uncached());
  });

  it("marks a link broken when its target goes, though the linking note did not change", async () => {
    const cache = new SiteCache();
    expect(new Map((await render(cache)).files).size).toBeGreaterThan(3);
    await fresh.fs.promises.unlink(`${fresh.root}/${paths[A] ?? ""}`);
    const files = new Map((await render(cache)).files);
    expect(cache.stats()).toEqual({ hits: 1, misses: 4 });
    expect(files.get(`notes/${B}.html`)).toContain(`class="broken" href="#broken-${A}"`);
    expectSameSite(files, await uncached());
  });

  it.each([
    ["torn (cut in half)", (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ["corrupt (a byte changed)", (text: string) => text.replace("groups", "groupz")],
    [
      "of another version",
      (text: string) =>
        text.replace(/^agent-memory\/view-cache 2 /, "agent-memory/view-cache 999 "),
    ],
    ["not a cache at all", () => "{}"],
  ])(
    "ignores a cache file that is %s, computes the groups again, and rewrites the file",
    async (_, damage) => {
      await renderAsNewProcess();
      const whole = await cacheText();
      const written = await fresh.persistence.write(SITE_CACHE_PATH, damage(whole));
      expect(written.isOk()).toBe(true);
      const { cache, files } = await renderAsNewProcess();
      expect(cache.stats()).toEqual({ hits: 0, misses: 3 });
      expect(files).toEqual(await uncached());
      expect(await cacheText()).toBe(whole);
    },
  );

  it("keeps the full-text search: the next build indexes only the edited note, and searches as a fresh index", async () => {
    await renderAsNewProcess();
    expect(await fresh.persistence.read(SITE_SEARCH_CACHE_PATH)).toMatchObject({
      value: expect.stringContaining('"format":"agent-memory/search-cache"'),
    });
    await writeNote(A, "# Console app\n\n#repo\n\nThe rewritten console, now with graphs.\n");
    const { cache, files } = await renderAsNewProcess();
    expect(cache.fullTextSearch().stats()).toEqual({ added: 1, removed: 1 });
    const expected = await uncached();
    expectSameSite(files, expected);
    for (const query of ["graphs", "console", "igor daily"]) {
      expect(await siteSearchOf(files).search(query)).toEqual(
        await siteSearchOf(expected).search(query),
      );
    }
    expect(await siteSearchOf(files).search("graphs")).toMatchObject({ results: [{ id: A }] });
  });

  it("indexes every note again when the saved index is torn, and rewrites it", async () => {
    await renderAsNewProcess();
    const whole = await fresh.persistence.read(SITE_SEARCH_CACHE_PATH);
    if (whole.isErr()) throw whole.error;
    await fresh.persistence.write(SITE_SEARCH_CACHE_PATH, whole.value.slice(0, 200));
    const { cache, files } = await renderAsNewProcess();
    expect(cache.fullTextSearch().stats()).toEqual({ added: 3, removed: 0 });
    expect(files).toEqual(await uncached());
    expect(await fresh.persistence.read(SITE_SEARCH_CACHE_PATH)).toMatchObject({
      value: whole.value,
    });
  });

  it("starts from the memory's own saved full-text search when no view saved one", async () => {
    const searched = await freshMemory({ cache: { persist: true } });
    await seedNotes(searched.fs, searched.root, [
      { id: A, title: "Console app", body: "The web console." },
      { id: B, title: "Igor", body: `Igor works on the [[${A}|console app]].` },
    ]);
    expect((await searched.memory.search("console")).isOk()).toBe(true);
    const cache = await loadSiteCache(searched.persistence);
    const site = await renderSite(searched, { cache });
    if (site.isErr()) throw site.error;
    expect(cache.fullTextSearch().stats()).toEqual({ added: 0, removed: 0 });
    const fromScratch = await renderSite(searched);
    if (fromScratch.isErr()) throw fromScratch.error;
    expect(new Map(site.value.files)).toEqual(new Map(fromScratch.value.files));
  });

  it("a cache kept by a server across rebuilds renders again only what changed", async () => {
    const cache = new SiteCache();
    const first = await render(cache);
    expect(first.files.get(`notes/${B}.html`)).toContain(`href="../notes/${A}.html"`);
    await writeNote(C, `# Unrelated\n\n#people\n\nNow about [[${B}|Igor]].\n`);
    const second = await render(cache);
    expect(second.files.get(`notes/${C}.html`)).toContain(`href="../notes/${B}.html"`);
    expect(second.files.get(`notes/${B}.html`)).toContain("<mark>Igor</mark>");
    expect(cache.stats()).toEqual({ hits: 1, misses: 2 });
    expectSameSite(new Map(second.files), await uncached());
  });
});
