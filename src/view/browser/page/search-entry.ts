/**
 * The search box of the site's pages. The library's own index (data/search.js, serialised at
 * build time) loads on the first keystroke or focus, through a script element (a fetch would
 * fail from file://); each query then runs the library's own ranking at once (see
 * site-search.ts), loading the shards of notes' text it needs for feedback and snippets.
 */
import { createSiteSearch, type SiteSearch, type SiteSearchData } from "../site-search.js";

declare global {
  interface Window {
    agentMemorySearch?: SiteSearchData;
    /** Called by each data/search/N.js with its bodies. */
    agentMemorySearchShard?: (shard: number, bodies: readonly string[]) => void;
    /** The search, once loaded: for tests and for a person's console. */
    agentMemorySiteSearch?: SiteSearch;
  }
}

const base = document.body.dataset["base"] ?? "";
let loading: Promise<SiteSearch> | undefined;
const shardsLoaded = new Map<number, (bodies: readonly string[]) => void>();

/** Loads a script of the site's data; resolves once it ran. */
function loadScript(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${base}${path}`;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error(`could not load ${script.src}`));
    });
    document.head.append(script);
  });
}

function loadShard(shard: number): Promise<readonly string[]> {
  return new Promise((resolve, reject) => {
    shardsLoaded.set(shard, resolve);
    loadScript(`data/search/${shard}.js`).catch(reject);
  });
}

function loadSearch(): Promise<SiteSearch> {
  window.agentMemorySearchShard = (shard, bodies) => {
    shardsLoaded.get(shard)?.(bodies);
    shardsLoaded.delete(shard);
  };
  loading ??= loadScript("data/search.js").then(() => {
    const data = window.agentMemorySearch;
    if (data === undefined) throw new Error("data/search.js holds no full-text search");
    const search = createSiteSearch(data, loadShard);
    window.agentMemorySiteSearch = search;
    return search;
  });
  return loading;
}

let shown = 0;

async function show(list: HTMLElement, search: SiteSearch, query: string): Promise<void> {
  const asked = ++shown;
  if (query.trim() === "") {
    list.replaceChildren();
    list.hidden = true;
    return;
  }
  const answer = await search(query, 10);
  // A later keystroke's answer wins.
  if (asked !== shown) return;
  list.replaceChildren();
  list.hidden = false;
  if ("error" in answer) {
    list.append(item(answer.error));
    return;
  }
  if (answer.results.length === 0) list.append(item("No note matches."));
  for (const result of answer.results) {
    const li = document.createElement("li");
    const link = document.createElement("a");
    link.href = `${base}notes/${result.id}.html`;
    link.textContent = result.title;
    const snippet = document.createElement("span");
    snippet.className = "snippet";
    snippet.textContent = result.snippet;
    li.append(link, snippet);
    list.append(li);
  }
}

function item(text: string): HTMLElement {
  const li = document.createElement("li");
  li.textContent = text;
  return li;
}

function start(): void {
  const input = document.getElementById("search");
  const list = document.getElementById("search-results");
  if (!(input instanceof HTMLInputElement) || list === null) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    void loadSearch().then((search) => show(list, search, input.value));
  };
  input.addEventListener("focus", () => void loadSearch());
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 120);
  });
  input.addEventListener("keydown", (event) => {
    if (event.key === "Escape") list.hidden = true;
    if (event.key === "Enter") {
      const first = list.querySelector("a");
      if (first !== null) window.location.href = first.href;
    }
  });
}

start();
