/**
 * Known-item search: a person or agent remembers a note by one to three of its words ("that
 * note about the release branch") and asks for it. Each memory is built from LoCoMo
 * utterances (CC BY-NC 4.0, read from shared/data, never copied): a note is 3-7 utterances
 * drawn at random (seeded), so no two notes hold the same text, titled by the first words of
 * its first utterance. A query is 1-3 content words drawn from a random note's title (40%)
 * or body (60%), in random order; the hit is that note. Scored: hit@1, hit@10, MRR@10,
 * for memory.search and, in the same run, a plain BM25 (OR) and a plain BM25 that ranks notes
 * holding every query word first (AND, then OR: what most local search tools do).
 *
 * Run: `npx tsx bench/retrieval/known-item.ts [sizes...]` (default 2000 10000).
 */
import { readFileSync } from "node:fs";
import { bm25Terms, plainBm25 } from "./bm25.js";
import { LOCOMO_PATH } from "./locomo.js";
import { openMemory, type MemorySearch } from "./open-memory.js";
import { seededRandom, syntheticId } from "../synthetic-memory.js";
import { hasLocomo } from "../prose-notes.js";

/** One note of a known-item memory. */
export interface KnownItemNote {
  readonly id: string;
  readonly title: string;
  readonly body: string;
}

/** One query and the note it asks for. */
export interface KnownItemQuery {
  readonly query: string;
  readonly target: number;
  readonly from: "title" | "body";
}

function utterances(): string[] {
  const samples = JSON.parse(readFileSync(LOCOMO_PATH, "utf8")) as {
    conversation: Record<string, unknown>;
  }[];
  const texts: string[] = [];
  for (const sample of samples) {
    for (const turns of Object.values(sample.conversation)) {
      if (!Array.isArray(turns)) continue;
      for (const turn of turns as { text?: unknown }[]) {
        if (typeof turn.text === "string" && turn.text.length > 20) texts.push(turn.text);
      }
    }
  }
  return texts;
}

/** `count` notes of 3-7 random utterances each, seeded. */
export function knownItemNotes(count: number, seed = 7): KnownItemNote[] {
  const texts = utterances();
  const random = seededRandom(seed);
  const notes: KnownItemNote[] = [];
  for (let i = 0; i < count; i++) {
    const size = 3 + Math.floor(random() * 5);
    const paragraphs: string[] = [];
    for (let p = 0; p < size; p++) {
      paragraphs.push(texts[Math.floor(random() * texts.length)] ?? "");
    }
    const title = (paragraphs[0] ?? "note").split(/\s+/).slice(0, 6).join(" ");
    notes.push({ id: syntheticId(i), title, body: paragraphs.join("\n\n") });
  }
  return notes;
}

// Words a person would not search by: the baseline's stopwords plus common fillers.
const FILLER = new Set(
  "about after again also been being could every from going just know like more much really some than that then there these thing things think this those very want what when which will with would your yeah have just been were they their them it's i'm that's don't".split(
    " ",
  ),
);

function contentWords(text: string): string[] {
  const words = bm25Terms(text).filter((w) => w.length >= 4 && !FILLER.has(w) && !/\d/.test(w));
  return [...new Set(words)];
}

/** `count` queries of 1-3 content words drawn from random notes, seeded. */
export function knownItemQueries(
  notes: readonly KnownItemNote[],
  count: number,
  seed = 11,
): KnownItemQuery[] {
  const random = seededRandom(seed);
  const queries: KnownItemQuery[] = [];
  while (queries.length < count) {
    const target = Math.floor(random() * notes.length);
    const note = notes[target];
    if (note === undefined) continue;
    const from = random() < 0.4 ? "title" : "body";
    const pool = contentWords(from === "title" ? note.title : note.body);
    if (pool.length === 0) continue;
    const size = Math.min(pool.length, 1 + Math.floor(random() * 3));
    const words: string[] = [];
    while (words.length < size) {
      const word = pool.splice(Math.floor(random() * pool.length), 1)[0];
      if (word !== undefined) words.push(word);
    }
    queries.push({ query: words.join(" "), target, from });
  }
  return queries;
}

/** BM25 that ranks the notes holding every query word first, then the rest (AND, then OR). */
export function andFirstBm25(docs: readonly string[]) {
  const plain = plainBm25(docs);
  const terms = docs.map((text) => new Set(bm25Terms(text)));
  return (query: string, limit: number): number[] => {
    const wanted = [...new Set(bm25Terms(query))];
    const ranked = plain(query, docs.length);
    const all = ranked.filter((doc) => wanted.every((word) => terms[doc]?.has(word)));
    const some = ranked.filter((doc) => !wanted.every((word) => terms[doc]?.has(word)));
    return [...all, ...some].slice(0, limit);
  };
}

/** hit@1, hit@10 and MRR@10 of a ranking function over the queries. */
export interface KnownItemScore {
  readonly hit1: number;
  readonly hit10: number;
  readonly mrr: number;
}

export async function scoreKnownItem(
  queries: readonly KnownItemQuery[],
  rank: (query: string) => Promise<readonly number[]> | readonly number[],
): Promise<KnownItemScore> {
  let hit1 = 0;
  let hit10 = 0;
  let mrr = 0;
  for (const { query, target } of queries) {
    const ranked = (await rank(query)).slice(0, 10);
    const at = ranked.indexOf(target);
    if (at === 0) hit1++;
    if (at >= 0) {
      hit10++;
      mrr += 1 / (at + 1);
    }
  }
  const n = Math.max(1, queries.length);
  return { hit1: hit1 / n, hit10: hit10 / n, mrr: mrr / n };
}

const fmt = (s: KnownItemScore) =>
  `${s.hit1.toFixed(3)} | ${s.hit10.toFixed(3)} | ${s.mrr.toFixed(3)}`;

/** Runs the known-item benchmark at each size and prints one table. */
export async function benchKnownItem(sizes: readonly number[] = [2_000, 10_000]): Promise<void> {
  if (!hasLocomo()) {
    console.log(`known-item benchmark skipped: LoCoMo not found at ${LOCOMO_PATH}`);
    return;
  }
  const lines = [
    "| notes | system | hit@1 | hit@10 | MRR@10 |",
    "| ---: | --- | ---: | ---: | ---: |",
  ];
  for (const size of sizes) {
    const notes = knownItemNotes(size);
    const queries = knownItemQueries(notes, 400);
    const docs = notes.map((note) => `${note.title}\n${note.body}`);
    const position = new Map(notes.map((note, i) => [note.id, i]));
    const plain = plainBm25(docs);
    const andFirst = andFirstBm25(docs);
    const search: MemorySearch = await openMemory(notes);
    const ours = async (query: string) =>
      (await search(query, 10)).map((id) => position.get(id) ?? -1);
    if (process.env.KI_SPLIT) {
      for (const from of ["title", "body"] as const) {
        const part = queries.filter((q) => q.from === from);
        console.log(
          from,
          "and-first",
          fmt(await scoreKnownItem(part, (q) => andFirst(q, 10))),
          "ours",
          fmt(await scoreKnownItem(part, ours)),
        );
      }
    }
    lines.push(
      `| ${size} | plain BM25 (OR) | ${fmt(await scoreKnownItem(queries, (q) => plain(q, 10)))} |`,
      `| ${size} | plain BM25, AND then OR | ${fmt(await scoreKnownItem(queries, (q) => andFirst(q, 10)))} |`,
      `| ${size} | memory.search | ${fmt(await scoreKnownItem(queries, ours))} |`,
    );
  }
  console.log(`Known-item search (400 queries of 1-3 words per size, seeded)\n${lines.join("\n")}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  benchKnownItem(sizes.length > 0 ? sizes : undefined).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
