/**
 * Retrieval quality on LoCoMo: memory.search against a plain BM25 over the same notes, in
 * the same run. Each conversation is its own memory; its questions (categories 1-4) search
 * only it. Run alone with `npx tsx bench/retrieval/run.ts` (about 25 s of CPU); each corpus
 * also gets a row where each note links to its session neighbours (the library's link boost
 * at work: the graph signal), unless RETRIEVAL_LINKED=0, and a hybrid row with a character
 * trigram stand-in embedder (no model runs here), unless RETRIEVAL_HYBRID=0. To measure a real
 * model: RETRIEVAL_EMBED_COMMAND="python3 embed.py" RETRIEVAL_EMBED_MODEL=nomic-embed-text
 * (a JSON-lines command, see embedderFromCommand).
 */
import { syntheticId } from "../synthetic-memory.js";
import { plainBm25 } from "./bm25.js";
import { evaluate, fmtRecall, KS, type Evaluation, type RetrieverFactory } from "./evaluate.js";
import { LOCOMO_PATH, loadLocomo, type CorpusName, type CorpusNote } from "./locomo.js";
import { openMemory, type OpenMemoryOptions } from "./open-memory.js";
import { trigramEmbedder } from "./trigram-embedder.js";
import { embedderFromCommand } from "../../src/adapters/index.js";

/**
 * memory.search over one memory per conversation, notes captured through the API. With
 * `linked`, each note ends with links to the previous and next note of its session, as a
 * note-writing agent keeping a conversation's thread might write them.
 */
export function memorySearchOver(
  linked: boolean,
  options: OpenMemoryOptions = {},
): RetrieverFactory {
  return async (notes) => {
    const ids = notes.map((_, i) => syntheticId(i));
    const position = new Map(ids.map((id, i) => [id, i]));
    const link = (j: number, text: string) =>
      notes[j]?.session === undefined ? [] : [`[[${ids[j] ?? ""}|${text}]]`];
    const search = await openMemory(
      notes.map((note, i) => {
        const sameSession = (j: number) => notes[j]?.session === note.session;
        const links = linked
          ? [
              ...(sameSession(i - 1) ? link(i - 1, "previous") : []),
              ...(sameSession(i + 1) ? link(i + 1, "next") : []),
            ]
          : [];
        const body = links.length > 0 ? `${note.body}\n\n${links.join(" ")}` : note.body;
        return { id: ids[i] ?? "", title: note.title, body };
      }),
      options,
    );
    return async (query, limit) => (await search(query, limit)).map((id) => position.get(id) ?? -1);
  };
}

export const memorySearch = memorySearchOver(false);

/** The plain BM25 baseline over title + body. */
export const baseline: RetrieverFactory = (notes) =>
  plainBm25(notes.map((note: CorpusNote) => `${note.title}\n${note.body}`));

function row(name: string, e: Evaluation, base?: Evaluation): string {
  const diff = base
    ? KS.map((k) => {
        const d = (e.recall[k] ?? 0) - (base.recall[k] ?? 0);
        return `${d >= 0 ? "+" : ""}${d.toFixed(3)}`;
      }).join("/")
    : "";
  const cats = [1, 2, 3, 4].map((c) => fmtRecall(e.byCategory[c] ?? {})).join(" | ");
  return `| ${name} | ${fmtRecall(e.recall)} | ${diff} | ${fmtRecall(e.hitAny)} | ${cats} | ${e.p50Ms.toFixed(2)} / ${e.p95Ms.toFixed(2)} |`;
}

/** Runs both corpora and prints the table. */
export async function benchRetrieval(): Promise<void> {
  const conversations = loadLocomo();
  if (conversations === undefined) {
    console.log(`retrieval benchmark skipped: LoCoMo not found at ${LOCOMO_PATH}`);
    return;
  }
  const questions = conversations.reduce((n, c) => n + c.questions.length, 0);
  console.log(
    `LoCoMo retrieval: ${conversations.length} conversations, ${questions} questions (categories 1-4); recall = share of a question's evidence ids in the top k`,
  );
  const header =
    "| corpus / system | R@1/5/10 | vs BM25 | hit-any@1/5/10 | cat 1 multi-hop | cat 2 temporal | cat 3 open | cat 4 single-hop | p50 / p95 ms |";
  const lines = [header, header.replace(/[^|]+/g, "---")];
  for (const corpus of ["turns", "observations"] as CorpusName[]) {
    const base = await evaluate(conversations, corpus, baseline);
    const mem = await evaluate(conversations, corpus, memorySearch);
    lines.push(row(`${corpus}: plain BM25`, base), row(`${corpus}: memory.search`, mem, base));
    if (process.env.RETRIEVAL_LINKED !== "0") {
      const linked = await evaluate(conversations, corpus, memorySearchOver(true));
      lines.push(row(`${corpus}: memory.search, neighbours linked`, linked, base));
    }
    if (process.env.RETRIEVAL_HYBRID !== "0") {
      const hybrid = await evaluate(
        conversations,
        corpus,
        memorySearchOver(false, { embedder: trigramEmbedder() }),
      );
      lines.push(row(`${corpus}: memory.search + trigram stand-in embedder (RRF)`, hybrid, base));
    }
    const command = process.env.RETRIEVAL_EMBED_COMMAND;
    if (command !== undefined && command.trim() !== "") {
      // A real model served by a JSON-lines command, e.g. RETRIEVAL_EMBED_COMMAND="python3 embed.py".
      const [program = "", ...args] = command.trim().split(/\s+/);
      const model = process.env.RETRIEVAL_EMBED_MODEL ?? program;
      const embedder = embedderFromCommand({ model, command: program, args });
      const hybrid = await evaluate(conversations, corpus, memorySearchOver(false, { embedder }));
      lines.push(row(`${corpus}: memory.search + ${model} (RRF)`, hybrid, base));
    }
  }
  console.log(lines.join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchRetrieval().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
