/**
 * What makes memory.search rank below a plain BM25 on LoCoMo, measured one change at a time.
 *
 * Each variant is a minisearch index built the way src/search/full-text-search.ts builds it
 * (fields title x3, tags x2, body; words of letters, digits and marks, folded; prefix on the
 * last query word; fuzzy 1 on words of 5+ characters; BM25+ k 1.2 b 0.7 d 0.5; minisearch's
 * final score multiplied by the number of query words a note matched), with one thing
 * changed; the "library" variant changes nothing and must reproduce memory.search. Then the
 * changes that helped are combined, and graph signals (links between neighbouring turns) are
 * tried on top.
 *
 * Stemmers come from packages that are not dependencies of the project: install them in a
 * scratch folder (`npm install stemmer@2.0.1 porter2@1.1.0 stopword@3.1.5` in
 * $RETRIEVAL_SCRATCH, default /work/scratch/retrieval); variants needing one are skipped
 * when it is missing. Run: `npx tsx bench/retrieval/experiments.ts [name-filter]`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import MiniSearch, { type SearchOptions } from "minisearch";
import { baseline } from "./run.js";
import { evaluate, fmtRecall, KS, type Evaluation, type RetrieverFactory } from "./evaluate.js";
import {
  LOCOMO_PATH,
  loadLocomo,
  type Conversation,
  type CorpusName,
  type CorpusNote,
} from "./locomo.js";

// ---- the library's text handling, replicated (src/search/search-text.ts) ----

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const MARKS = /\p{M}+/gu;
const NON_ASCII = /[^\u0020-\u007e]/;
const tokenizeWords = (text: string): string[] => text.match(WORD) ?? [];
const foldTerm = (word: string): string =>
  NON_ASCII.test(word)
    ? word.normalize("NFKD").replace(MARKS, "").toLowerCase()
    : word.toLowerCase();

// ---- stopword lists ----

/** The plain BM25 baseline's list (bench/retrieval/bm25.ts). */
const SMALL =
  "a an and are as at be but by did do does for from had has have he her his how i in is it its of on or she that the their them they this to was were what when where which who why will with you your".split(
    " ",
  );
/**
 * The small list plus words that frame a question and almost never occur in its evidence
 * (measured on LoCoMo: "kind" in 76 questions, in their evidence 4%; "type" 0%; "many" 5%;
 * "describe" 0%; "would" 0%), and the single letters of split contractions ("John's", "don't").
 */
const QUESTION_FRAME = [
  ...SMALL,
  ..."s t kind type sort many much would could likely describe ever".split(" "),
];
/** Lucene's English stop set (EnglishAnalyzer.ENGLISH_STOP_WORDS_SET), 33 words. */
const LUCENE =
  "a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(
    " ",
  );
/** Only question words and auxiliaries: what a question adds that a statement does not have. */
const QUESTION =
  "what when where which who whom whose why how did do does is are was were has have had the a an of to in on".split(
    " ",
  );

// ---- stemmers ----

type Stem = (word: string) => string;

/** Harman's S-stemmer: plurals only (ies -> y, es -> e, s -> ""). */
const sStem: Stem = (w) => {
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && !w.endsWith("eies") && !w.endsWith("aies")) return `${w.slice(0, -3)}y`;
  if (w.endsWith("es") && !/(?:a|e|o)es$/.test(w)) return w.slice(0, -1);
  if (w.endsWith("s") && !/(?:u|s)s$/.test(w)) return w.slice(0, -1);
  return w;
};

const SCRATCH = process.env.RETRIEVAL_SCRATCH ?? "/work/scratch/retrieval";

async function fromScratch<T>(pkg: string, file: string, pick: (m: Record<string, unknown>) => T) {
  const path = join(SCRATCH, "node_modules", pkg, file);
  if (!existsSync(path)) return undefined;
  return pick((await import(pathToFileURL(path).href)) as Record<string, unknown>);
}

// ---- a variant ----

interface Variant {
  readonly name: string;
  /** Words dropped from notes and queries. */
  readonly stopwords?: readonly string[];
  readonly stem?: Stem;
  /** "last": the library's; "fallback": only when exact words find fewer than `limit` notes. */
  readonly prefix?: "last" | "none" | "all" | "fallback";
  readonly fuzzy?: "library" | "none" | "fallback";
  readonly boost?: { title: number; tags: number; body: number; speaker?: number; date?: number };
  readonly bm25?: { k: number; b: number; d: number };
  /** One `text` field holding title + body (the baseline's document), instead of two. */
  readonly merged?: boolean;
  /** With `merged`: the title also as a field of its own, at this boost. */
  readonly titleAlso?: number;
  /** Speaker and date in fields of their own, out of the body. */
  readonly splitFields?: boolean;
  /** Undo minisearch's multiplication of the score by the number of matched query words. */
  readonly noCoordination?: boolean;
  /** Multiply the score once more by (matched query words)^(power - 1): power 1 is minisearch's. */
  readonly coordinationPower?: number;
  /** Library link boost over links to the previous and next note of the same session. */
  readonly linkBoost?: { sources: number; fraction: number; window: number };
  /** Pseudo-relevance feedback: the best words of the top `docs` hits, queried again at `weight`. */
  readonly feedback?: { docs: number; terms: number; weight: number };
  /** Spreading activation: top hits pass a share of their score to neighbours, matching or not. */
  readonly spread?: { sources: number; fraction: number; window: number };
}

const LIBRARY: Variant = {
  name: "library (memory.search replica)",
  prefix: "last",
  fuzzy: "library",
  boost: { title: 3, tags: 2, body: 1 },
  bm25: { k: 1.2, b: 0.7, d: 0.5 },
};

interface Doc {
  readonly id: number;
  readonly title: string;
  readonly tags: string;
  readonly body: string;
  readonly text: string;
  readonly speaker: string;
  readonly date: string;
}

function toDoc(note: CorpusNote, id: number): Doc {
  return {
    id,
    title: note.title,
    tags: "",
    body: note.body,
    text: `${note.title}\n${note.body}`,
    speaker: note.speaker,
    date: note.date,
  };
}

/** The neighbours of each note: notes of the same session within `window` positions. */
function neighbours(notes: readonly CorpusNote[], window: number): number[][] {
  return notes.map((note, i) => {
    const out: number[] = [];
    for (let j = Math.max(0, i - window); j <= Math.min(notes.length - 1, i + window); j++) {
      if (j !== i && notes[j]?.session === note.session) out.push(j);
    }
    return out;
  });
}

/** The library's fuzzy rule: one edit in words of 5+ characters. */
const fuzzyFn = (term: string) => (term.length >= 5 ? 1 : false);
/** The library's prefix rule: the last query word only. */
const prefixLast = (_t: string, i: number, terms: string[]) => i === terms.length - 1;

function factoryFor(variant: Variant): RetrieverFactory {
  const v = { ...LIBRARY, ...variant };
  const stop = new Set(v.stopwords ?? []);
  const processTerm = (word: string): string | null => {
    const folded = foldTerm(word);
    if (folded === "" || stop.has(folded)) return null;
    return v.stem ? v.stem(folded) : folded;
  };
  const fields = v.merged
    ? v.titleAlso
      ? ["text", "tags", "title"]
      : ["text", "tags"]
    : v.splitFields
      ? ["title", "tags", "body", "speaker", "date"]
      : ["title", "tags", "body"];
  const boost: Record<string, number> = v.merged
    ? { text: v.boost?.body ?? 1, tags: v.boost?.tags ?? 2, title: v.titleAlso ?? 0 }
    : { ...v.boost, speaker: v.boost?.speaker ?? 1, date: v.boost?.date ?? 1 };
  const exactOptions: SearchOptions = { prefix: false, fuzzy: false };
  const looseOptions: SearchOptions = {
    prefix:
      v.prefix === "all"
        ? true
        : v.prefix === "last" || v.prefix === "fallback"
          ? prefixLast
          : false,
    fuzzy: v.fuzzy === "library" || v.fuzzy === "fallback" ? fuzzyFn : false,
  };
  const fallback = v.prefix === "fallback" || v.fuzzy === "fallback";
  const firstOptions = fallback
    ? exactOptions
    : {
        prefix: looseOptions.prefix ?? false,
        fuzzy: v.fuzzy === "library" ? fuzzyFn : false,
      };

  return (notes) => {
    const engine = new MiniSearch<Doc>({
      idField: "id",
      fields,
      tokenize: tokenizeWords,
      processTerm,
      autoVacuum: false,
      searchOptions: { boost, ...(v.bm25 ? { bm25: v.bm25 } : {}) },
    });
    engine.addAll(
      notes.map((note, i) => {
        const doc = toDoc(note, i);
        return v.splitFields ? { ...doc, body: note.text } : doc;
      }),
    );
    const docTerms = notes.map((note) => {
      const counts = new Map<string, { raw: string; n: number }>();
      for (const word of tokenizeWords(`${note.title} ${note.body}`)) {
        const term = processTerm(word);
        if (term === null) continue;
        const entry = counts.get(term);
        if (entry) entry.n++;
        else counts.set(term, { raw: foldTerm(word), n: 1 });
      }
      return counts;
    });
    const df = new Map<string, number>();
    for (const counts of docTerms)
      for (const term of counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const withFeedback = (
      hits: Scored[],
      fb: NonNullable<Variant["feedback"]>,
      query: string,
      search: (q: string) => Scored[],
    ): Scored[] => {
      const queryTerms = new Set(tokenizeWords(query).map(processTerm));
      const weights = new Map<string, { raw: string; w: number }>();
      const top = hits.toSorted(byScore).slice(0, fb.docs);
      const best = top[0]?.score ?? 1;
      for (const hit of top) {
        for (const [term, { raw, n }] of docTerms[hit.id] ?? []) {
          if (queryTerms.has(term)) continue;
          const idf = Math.log(1 + notes.length / (df.get(term) ?? 1));
          const w = (n * idf * hit.score) / best;
          const entry = weights.get(term);
          weights.set(term, { raw, w: (entry?.w ?? 0) + w });
        }
      }
      const expansion = [...weights.values()]
        .toSorted((a, b) => b.w - a.w)
        .slice(0, fb.terms)
        .map((e) => e.raw)
        .join(" ");
      if (expansion === "") return hits;
      const scores = new Map(hits.map((h) => [h.id, h.score]));
      for (const h of search(expansion))
        scores.set(h.id, (scores.get(h.id) ?? 0) + fb.weight * h.score);
      return [...scores].map(([id, score]) => ({ id, score }));
    };
    const near = neighbours(notes, v.linkBoost?.window ?? v.spread?.window ?? 1);
    const run = (query: string, options: SearchOptions) =>
      engine.search(query, options).map((r) => ({
        id: r.id as number,
        score: v.noCoordination
          ? r.score / Math.max(1, r.queryTerms.length)
          : r.score * Math.max(1, r.queryTerms.length) ** ((v.coordinationPower ?? 1) - 1),
      }));
    return (query, limit) => {
      let hits = run(query, firstOptions);
      if (fallback && hits.length < limit) {
        const seen = new Set(hits.map((h) => h.id));
        hits = [...hits, ...run(query, looseOptions).filter((h) => !seen.has(h.id))];
      }
      if (v.feedback) hits = withFeedback(hits, v.feedback, query, (q) => run(q, firstOptions));
      hits = graphRerank(hits, near, v);
      return hits.slice(0, limit).map((h) => h.id);
    };
  };
}

interface Scored {
  readonly id: number;
  readonly score: number;
}

const byScore = (a: Scored, b: Scored) => b.score - a.score || a.id - b.id;

/** The link boost (matching notes only) or spreading activation (any neighbour). */
function graphRerank(hits: Scored[], near: number[][], v: Variant): Scored[] {
  const sorted = hits.toSorted(byScore);
  const graph = v.linkBoost ?? v.spread;
  if (graph === undefined) return sorted;
  const extra = new Map<number, number>();
  for (const source of sorted.slice(0, graph.sources)) {
    for (const target of near[source.id] ?? []) {
      extra.set(target, (extra.get(target) ?? 0) + graph.fraction * source.score);
    }
  }
  const scores = new Map(sorted.map((h) => [h.id, h.score]));
  if (v.spread) for (const id of extra.keys()) if (!scores.has(id)) scores.set(id, 0);
  return [...scores]
    .map(([id, score]) => ({ id, score: score + (extra.get(id) ?? 0) }))
    .toSorted(byScore);
}

// ---- the runs ----

async function variants(): Promise<Variant[]> {
  const porter = await fromScratch("stemmer", "index.js", (m) => m.stemmer as Stem);
  const porter2 = await fromScratch("porter2", "dist/index.js", (m) => m.stem as Stem);
  const stopwordPkg = await fromScratch(
    "stopword",
    "dist/stopword.cjs.js",
    (m) => (m.eng ?? (m.default as Record<string, unknown> | undefined)?.eng) as string[],
  );
  const list: Variant[] = [
    LIBRARY,
    // stopwords
    { name: "stopwords: baseline's small list", stopwords: SMALL },
    { name: "stopwords: Lucene 33", stopwords: LUCENE },
    { name: "stopwords: question words only", stopwords: QUESTION },
    ...(stopwordPkg ? [{ name: "stopwords: stopword@3.1.5 eng", stopwords: stopwordPkg }] : []),
    // prefix / fuzzy
    { name: "prefix off, fuzzy off", prefix: "none", fuzzy: "none" },
    { name: "prefix off (fuzzy kept)", prefix: "none" },
    { name: "fuzzy off (prefix last kept)", fuzzy: "none" },
    { name: "prefix+fuzzy only when < limit exact hits", prefix: "fallback", fuzzy: "fallback" },
    { name: "prefix on every word", prefix: "all" },
    // boosts
    { name: "title boost 1", boost: { title: 1, tags: 2, body: 1 } },
    { name: "title boost 2", boost: { title: 2, tags: 2, body: 1 } },
    { name: "title boost 5", boost: { title: 5, tags: 2, body: 1 } },
    { name: "title + body in one field", merged: true },
    // BM25
    { name: "bm25 d 0 (plain BM25, not BM25+)", bm25: { k: 1.2, b: 0.7, d: 0 } },
    { name: "bm25 b 0.75 d 0", bm25: { k: 1.2, b: 0.75, d: 0 } },
    { name: "bm25 k 0.9 b 0.4 d 0", bm25: { k: 0.9, b: 0.4, d: 0 } },
    { name: "bm25 k 1.5 b 0.9 d 0.5", bm25: { k: 1.5, b: 0.9, d: 0.5 } },
    // coordination
    { name: "no coordination factor", noCoordination: true },
    // stemming
    { name: "stem: S-stemmer (plurals)", stem: sStem },
    ...(porter ? [{ name: "stem: stemmer@2.0.1 (Porter)", stem: porter }] : []),
    ...(porter2 ? [{ name: "stem: porter2@1.1.0 (Porter2)", stem: porter2 }] : []),
    // fields
    { name: "speaker, date in own fields (x1)", splitFields: true },
    {
      name: "speaker x0.5, date x0.5 own fields",
      splitFields: true,
      boost: { title: 3, tags: 2, body: 1, speaker: 0.5, date: 0.5 },
    },
  ];
  // Combinations of what helps, then graph signals on top.
  const exact = { prefix: "fallback", fuzzy: "fallback" } as const;
  const plain = { k: 1.2, b: 0.75, d: 0 };
  const combo = (name: string, change: Omit<Variant, "name">): Variant => ({
    name: `combo: ${name}`,
    ...change,
  });
  const merged = { merged: true, stopwords: SMALL, ...exact, bm25: plain };
  const best: Omit<Variant, "name"> = {
    merged: true,
    stopwords: SMALL,
    stem: porter ?? sStem,
    prefix: "last",
    fuzzy: "library",
    bm25: { k: 1.2, b: 0.75, d: 0.5 },
  };
  const lexical: Omit<Variant, "name"> = { ...best, stopwords: QUESTION_FRAME };
  list.push(
    combo("small stopwords, exact, title 1, d 0", {
      stopwords: SMALL,
      ...exact,
      boost: { title: 1, tags: 2, body: 1 },
      bm25: plain,
    }),
    combo("merged, small stopwords, exact, d 0", merged),
    combo("merged, small stopwords, exact, d 0.5", {
      ...merged,
      bm25: { k: 1.2, b: 0.75, d: 0.5 },
    }),
    combo("merged, small stopwords, exact, d 0, no coordination", {
      ...merged,
      noCoordination: true,
    }),
    combo("merged, small stopwords, library prefix+fuzzy, d 0", {
      ...merged,
      prefix: "last",
      fuzzy: "library",
    }),
    combo("merged, stopword pkg, exact, d 0", { ...merged, stopwords: stopwordPkg ?? SMALL }),
    combo("merged, small stopwords, exact, d 0, S-stem", { ...merged, stem: sStem }),
    ...(porter
      ? [
          combo("merged, small stopwords, exact, d 0, Porter", { ...merged, stem: porter }),
          combo("merged, small stopwords, exact, d 0.5, Porter", {
            ...merged,
            stem: porter,
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
          }),
          combo("merged, small, exact, k 1.2 b 0.5 d 0, Porter", {
            ...merged,
            stem: porter,
            bm25: { k: 1.2, b: 0.5, d: 0 },
          }),
          combo("merged, small, exact, k 2 b 0.75 d 0, Porter", {
            ...merged,
            stem: porter,
            bm25: { k: 2, b: 0.75, d: 0 },
          }),
          combo("merged, small, exact, k 0.8 b 0.75 d 0, Porter", {
            ...merged,
            stem: porter,
            bm25: { k: 0.8, b: 0.75, d: 0 },
          }),
          combo("merged, small, library prefix+fuzzy, d 0.5, Porter", {
            ...merged,
            stem: porter,
            prefix: "last",
            fuzzy: "library",
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
          }),
          combo("merged, small, fuzzy only, d 0.5, Porter", {
            ...merged,
            stem: porter,
            prefix: "none",
            fuzzy: "library",
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
          }),
          combo("merged, small, prefix last only, d 0.5, Porter", {
            ...merged,
            stem: porter,
            prefix: "last",
            fuzzy: "none",
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
          }),
          combo("merged, small, library p+f, d 0.5, Porter, coord^2", {
            ...merged,
            stem: porter,
            prefix: "last",
            fuzzy: "library",
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
            coordinationPower: 2,
          }),
          combo("merged, small, library p+f, d 0.5, Porter, coord^1.5", {
            ...merged,
            stem: porter,
            prefix: "last",
            fuzzy: "library",
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
            coordinationPower: 1.5,
          }),
          combo("merged, small, library p+f, d 0.5, Porter2", {
            ...merged,
            stem: porter2 ?? porter,
            prefix: "last",
            fuzzy: "library",
            bm25: { k: 1.2, b: 0.75, d: 0.5 },
          }),
          combo("merged, frame stopwords, d 0.5, Porter", { ...best, stopwords: QUESTION_FRAME }),
          combo("best + feedback 3 docs 5 terms x0.3", {
            ...best,
            feedback: { docs: 3, terms: 5, weight: 0.3 },
          }),
          combo("best + feedback 5 docs 10 terms x0.2", {
            ...best,
            feedback: { docs: 5, terms: 10, weight: 0.2 },
          }),
          combo("best + link boost to neighbour turns (5 x 0.25)", {
            ...best,
            linkBoost: { sources: 5, fraction: 0.25, window: 1 },
          }),
          combo("best + spread to neighbour turns (3 x 0.1)", {
            ...best,
            spread: { sources: 3, fraction: 0.1, window: 1 },
          }),
          combo("best + spread to neighbour turns (5 x 0.3)", {
            ...best,
            spread: { sources: 5, fraction: 0.3, window: 1 },
          }),
          combo("best + spread window 2 (3 x 0.2)", {
            ...best,
            spread: { sources: 3, fraction: 0.2, window: 2 },
          }),
          combo("lexical: frame + feedback 5/10 x0.2", {
            ...lexical,
            feedback: { docs: 5, terms: 10, weight: 0.2 },
          }),
          combo("lexical: frame + feedback 5/10 x0.3", {
            ...lexical,
            feedback: { docs: 5, terms: 10, weight: 0.3 },
          }),
          combo("lexical: frame + feedback 10/10 x0.2", {
            ...lexical,
            feedback: { docs: 10, terms: 10, weight: 0.2 },
          }),
          combo("lexical: frame + feedback 5/20 x0.2", {
            ...lexical,
            feedback: { docs: 5, terms: 20, weight: 0.2 },
          }),
          combo("graph: frame + link boost window 1 (5 x 0.25)", {
            ...lexical,
            linkBoost: { sources: 5, fraction: 0.25, window: 1 },
          }),
          combo("graph: frame + link boost window 2 (5 x 0.25)", {
            ...lexical,
            linkBoost: { sources: 5, fraction: 0.25, window: 2 },
          }),
          combo("graph: frame + spread window 2 (3 x 0.2)", {
            ...lexical,
            spread: { sources: 3, fraction: 0.2, window: 2 },
          }),
          combo("graph: frame + feedback 5/10 x0.2 + spread window 2 (3 x 0.2)", {
            ...lexical,
            feedback: { docs: 5, terms: 10, weight: 0.2 },
            spread: { sources: 3, fraction: 0.2, window: 2 },
          }),
          combo("lexical: frame + merged + title field x0.5", { ...lexical, titleAlso: 0.5 }),
          combo("lexical: frame + merged + title field x1", { ...lexical, titleAlso: 1 }),
          combo("title 1.5 + body, small, exact, d 0, Porter", {
            stopwords: SMALL,
            ...exact,
            bm25: plain,
            stem: porter,
            boost: { title: 1.5, tags: 2, body: 1 },
          }),
        ]
      : []),
  );
  return list;
}

function diff(e: Evaluation, b: Evaluation): string {
  const d = (e.recall[5] ?? 0) - (b.recall[5] ?? 0);
  return `${d >= 0 ? "+" : ""}${d.toFixed(3)}`;
}
function row(
  name: string,
  turns: Evaluation,
  obs: Evaluation,
  base: Record<CorpusName, Evaluation>,
) {
  return `| ${name} | ${fmtRecall(turns.recall)} | ${diff(turns, base.turns)} | ${fmtRecall(obs.recall)} | ${diff(obs, base.observations)} | ${turns.p50Ms.toFixed(2)}/${turns.p95Ms.toFixed(2)} |`;
}

async function main(): Promise<void> {
  // LOCOMO_CONVERSATIONS=0-4 runs on a part only (to check a choice tuned on one half on the other).
  const range = /^(\d+)-(\d+)$/.exec(process.env.LOCOMO_CONVERSATIONS ?? "");
  const conversations: Conversation[] | undefined = loadLocomo()?.slice(
    range ? Number(range[1]) : 0,
    range ? Number(range[2]) + 1 : undefined,
  );
  if (conversations === undefined) {
    console.log(`experiments skipped: LoCoMo not found at ${LOCOMO_PATH}`);
    return;
  }
  const filter = process.argv[2];
  const base = {
    turns: await evaluate(conversations, "turns", baseline),
    observations: await evaluate(conversations, "observations", baseline),
  };
  const header =
    "| variant | turns R@1/5/10 | turns R@5 vs BM25 | obs R@1/5/10 | obs R@5 vs BM25 | turns p50/p95 ms |";
  console.log(`recall at k = ${KS.join(", ")}; ${conversations.length} conversations`);
  console.log(header);
  console.log(header.replace(/[^|]+/g, "---"));
  console.log(row("plain BM25 (baseline)", base.turns, base.observations, base));
  for (const variant of await variants()) {
    if (filter !== undefined && !variant.name.includes(filter) && variant !== LIBRARY) continue;
    const factory = factoryFor(variant);
    const turns = await evaluate(conversations, "turns", factory);
    const obs = await evaluate(conversations, "observations", factory);
    console.log(row(variant.name, turns, obs, base));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
