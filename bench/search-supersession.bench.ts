/**
 * Search with supersession ranking (issue 30): warm `searchNotes` p50/p95 on a 10,000-note
 * memory of real prose (LoCoMo) where 5% of the notes carry a `> Superseded by` mark, beside
 * the same memory with no marks, in the same run. Each query runs on both memories in turn
 * (the order flipping every query), so the two see the same load on a shared machine. The
 * issue's bar: the p50 within 10% of the unmarked memory's.
 *
 * Queries: 1-3 words of the notes' titles (the vocabulary search.bench.ts uses), and the
 * first words of superseded notes' titles (so the marked note and its successor both rank).
 * Run: npx tsx bench/search-supersession.bench.ts
 */
import * as fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fsPersistence } from "../src/adapters/fs/fs-persistence.js";
import { parseNote, serializeNote } from "../src/model/note-format.js";
import { markSuperseded } from "../src/model/supersession/supersession.js";
import { createInboundLinks } from "../src/notes/graph/inbound-links.js";
import { createNoteStore } from "../src/notes/store/note-store.js";
import type { NotesDeps } from "../src/notes/notes-deps.js";
import { createFullTextSearch } from "../src/notes/search/full-text-search.js";
import { searchNotes } from "../src/notes/search/search-notes.js";
import { createSerialQueue } from "../src/shared/serial-queue.js";
import { percentile, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { seededRandom, writeNotes, type SyntheticNote } from "./synthetic-memory.js";

const NOTES = 10_000;
/** One note in twenty is superseded by the next one. */
const EVERY = 20;
const QUERIES = 100;
const WARMUP = 10;

/** The notes with every EVERY-th one marked as superseded by the note after it. */
function withMarks(notes: readonly SyntheticNote[]): SyntheticNote[] {
  return notes.map((note, at) => {
    const next = notes[at + 1];
    if (at % EVERY !== 0 || next === undefined) return note;
    const parsed = parseNote(note.markdown, note.id);
    const successor = parseNote(next.markdown, next.id);
    const body = markSuperseded(parsed.body, {
      successorId: next.id,
      successorTitle: successor.title,
      date: "2026-03-14",
      reason: "the conversation moved on",
    });
    if (body.isErr()) throw body.error;
    return {
      ...note,
      markdown: serializeNote({ title: parsed.title, tags: [...parsed.tagLine], body: body.value }),
    };
  });
}

function contextOver(root: string): NotesDeps {
  const persistence = fsPersistence({ fs, root });
  return {
    persistence,
    git: undefined,
    store: createNoteStore(persistence),
    links: createInboundLinks(),
    queue: createSerialQueue(),
    acquireLock: undefined,
    now: Date.now,
    generateId: () => "id__000000",
  };
}

/** 1-3 words of the notes' titles, the same in every run. */
function titleQueries(notes: readonly SyntheticNote[], seed: number): string[] {
  const titles = notes.map((note) => parseNote(note.markdown, note.id).title);
  const vocabulary = [...new Set(titles.flatMap((title) => title.toLowerCase().split(/\s+/)))]
    .filter((word) => /^[a-z]{4,}$/.test(word))
    .toSorted();
  const random = seededRandom(seed);
  return Array.from({ length: QUERIES }, () =>
    Array.from(
      { length: 1 + Math.floor(random() * 3) },
      () => vocabulary[Math.floor(random() * vocabulary.length)] ?? "memory",
    ).join(" "),
  );
}

/** The first three words of superseded notes' titles. */
function supersededQueries(notes: readonly SyntheticNote[]): string[] {
  const queries: string[] = [];
  for (let at = 0; at < notes.length && queries.length < QUERIES; at += EVERY) {
    const note = notes[at];
    if (note === undefined) continue;
    const words = parseNote(note.markdown, note.id).title.split(/\s+/).slice(0, 3).join(" ");
    if (/[a-z]/i.test(words)) queries.push(words);
  }
  return queries;
}

async function main(): Promise<void> {
  if (!hasLocomo()) throw new Error("LoCoMo is missing (see bench/retrieval/locomo.ts)");
  const dir = mkdtempSync(join(tmpdir(), "search-supersession-"));
  try {
    const notes = proseNotes(NOTES, 0.1);
    writeNotes(join(dir, "plain"), notes);
    writeNotes(join(dir, "marked"), withMarks(notes));
    const plain = { ctx: contextOver(join(dir, "plain")), index: createFullTextSearch() };
    const marked = { ctx: contextOver(join(dir, "marked")), index: createFullTextSearch() };
    let markedShown = 0;
    const search = async (memory: typeof plain, query: string) => {
      const results = await searchNotes(memory.ctx, memory.index, query);
      if (results.isErr()) throw results.error;
      return results.value;
    };
    for (const [name, queries] of [
      ["title words", titleQueries(notes, 99)],
      ["superseded notes' title words", supersededQueries(notes)],
    ] as const) {
      const times = { plain: [] as number[], marked: [] as number[] };
      for (const [at, query] of [...queries.slice(0, WARMUP), ...queries].entries()) {
        const order =
          at % 2 === 0 ? (["plain", "marked"] as const) : (["marked", "plain"] as const);
        for (const which of order) {
          const start = performance.now();
          const results = await search(which === "plain" ? plain : marked, query);
          const took = performance.now() - start;
          if (at < WARMUP) continue;
          times[which].push(took);
          if (which === "marked")
            markedShown += results.filter((result) => result.supersededBy !== undefined).length;
        }
      }
      for (const p of [50, 95]) {
        report(
          `search p${p}, ${NOTES} notes, 5% superseded, ${name}`,
          percentile(times.marked, p),
          "no marks",
          percentile(times.plain, p),
          p === 50 ? "<= 1.10x" : undefined,
        );
      }
    }
    console.log(`superseded results shown (marked memory, timed queries): ${markedShown}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
