/**
 * The search box of the site's pages. The notes (data/search.js) load on the first keystroke
 * or focus, through a script element (a fetch would fail from file://); the index is built
 * once, then each query runs the library's own ranking (see site-search.ts).
 */
import { createSiteSearch, type SiteSearch, type SiteSearchFile } from "../site-search.js";

declare global {
  interface Window {
    agentMemorySearchFiles?: readonly SiteSearchFile[];
    /** The search, once loaded: for tests and for a person's console. */
    agentMemorySearch?: SiteSearch;
  }
}

const base = document.body.dataset["base"] ?? "";
let loading: Promise<SiteSearch> | undefined;

function loadSearch(): Promise<SiteSearch> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `${base}data/search.js`;
    script.addEventListener("load", () => {
      const search = createSiteSearch(window.agentMemorySearchFiles ?? []);
      window.agentMemorySearch = search;
      resolve(search);
    });
    script.addEventListener("error", () => reject(new Error(`could not load ${script.src}`)));
    document.head.append(script);
  });
  return loading;
}

function show(list: HTMLElement, search: SiteSearch, query: string): void {
  list.replaceChildren();
  if (query.trim() === "") {
    list.hidden = true;
    return;
  }
  const answer = search(query, 10);
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
