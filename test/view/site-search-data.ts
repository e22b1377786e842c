/**
 * The search a written or rendered site ships, read back as the page reads it: data/search.js
 * (the index and the notes' facts) and the body shards, loaded only when a search asks.
 */
import { PostingsList } from "../../src/notes/search/postings-list.js";
import {
  createSiteSearch,
  type SiteSearch,
  type SiteSearchData,
} from "../../src/view/browser/site-search.js";

/** The value a data script assigns or passes: the JSON between `from` and the last `to`. */
function scriptValue(script: string, from: string, to: string): unknown {
  return JSON.parse(script.slice(script.indexOf(from) + 1, script.lastIndexOf(to)));
}

/** data/search.js's index and facts. */
export function siteSearchData(files: ReadonlyMap<string, string>): SiteSearchData {
  return scriptValue(files.get("data/search.js") ?? "", "=", ";") as SiteSearchData;
}

/** The site's search, as the page runs it, and the shards it has loaded so far. */
export function siteSearchOf(files: ReadonlyMap<string, string>): {
  search: SiteSearch;
  loaded: number[];
} {
  const loaded: number[] = [];
  const search = createSiteSearch(siteSearchData(files), (shard) => {
    loaded.push(shard);
    const script = files.get(`data/search/${shard}.js`);
    if (script === undefined) return Promise.reject(new Error(`no shard ${shard}`));
    return Promise.resolve(scriptValue(script, ",", ")") as string[]);
  });
  return { search, loaded };
}

/**
 * The search files of a site as what they say, not how the index numbered its documents:
 * per note (by path), its lengths, its facts (links by path), its body and every term it
 * holds with its count. A site rendered with an earlier render's index (where an edited note
 * took a new slot, as in the memory's own search.json) says the same as a fresh one.
 */
export function searchContent(files: ReadonlyMap<string, string>): Map<string, string> {
  const data = siteSearchData(files);
  const { keys, lengths, terms, postings } = data.index;
  const live = (doc: number): boolean => keys[doc] !== null && keys[doc] !== undefined;
  const termsOf = new Map<number, string[]>();
  terms.forEach((fieldTerms, field) => {
    const text = postings[field] ?? "";
    const stretches = text === "" ? [] : text.split(",");
    fieldTerms.forEach((term, at) => {
      const list = PostingsList.decode(stretches[at] ?? "", live);
      for (let entry = 0; entry < list.size; entry++) {
        const doc = list.docs[entry] ?? 0;
        const held = termsOf.get(doc) ?? [];
        held.push(`${field}:${term}:${list.counts[entry] ?? 0}`);
        termsOf.set(doc, held);
      }
    });
  });
  const content = new Map<string, string>();
  keys.forEach((path, doc) => {
    if (path === null) return;
    const [status, title, tags, links, at] = data.notes[doc] ?? ["", "", [], [], 0];
    const shard = files.get(`data/search/${Math.floor(at / data.shard)}.js`) ?? "";
    const body = (scriptValue(shard, ",", ")") as string[])[at % data.shard];
    content.set(
      path,
      JSON.stringify({
        lengths: lengths.slice(doc * 3, doc * 3 + 3),
        note: [status, title, tags, links.map((target) => keys[target])],
        body,
        terms: (termsOf.get(doc) ?? []).toSorted(),
      }),
    );
  });
  return new Map([...content].toSorted(([a], [b]) => (a < b ? -1 : 1)));
}

/** The site's files but the search's, which {@link searchContent} compares. */
export function withoutSearch(files: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...files].filter(([path]) => !path.startsWith("data/search")));
}
