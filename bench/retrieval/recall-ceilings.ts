/**
 * How far LoCoMo recall can go on words (issue 36): on each half of the conversations (tune:
 * even, held out: odd, as halves.ts), memory.search's R@5 beside the plain BM25's and three
 * ceilings that no ranking built on them can pass:
 * - **re-rank**: memory.search's top 100 re-ordered by an oracle that knows the evidence
 *   (every re-ranking of the lexical candidates: feedback, priors, proximity, a cross-encoder);
 * - **words**: every evidence note that shares a content word with the question other than a
 *   speaker's name ranked first, by an oracle (any lexical ranking, expansion from the
 *   memory's own words included, finds only notes sharing a word);
 * - **speaker first**: memory.search's top 100 with the notes of the one speaker the question
 *   names put first, order kept (a perfect name filter).
 * Also counted: evidence notes that share no content word with their question besides a
 * name. Run: `npx tsx bench/retrieval/recall-ceilings.ts` (RETRIEVAL_LINKED=1 for the memory
 * whose notes link to their session neighbours).
 */
import { queryWords } from "../../src/notes/search/note-terms.js";
import { evaluate, type RetrieverFactory } from "./evaluate.js";
import { loadLocomo, type CorpusName, type CorpusNote, type Question } from "./locomo.js";
import { baseline, memorySearchOver } from "./run.js";

const DEPTH = 100;

/** Recall at 5 of one question for a ranking of note positions. */
function recallAt5(notes: readonly CorpusNote[], question: Question, ranked: readonly number[]) {
  const found = new Set(ranked.slice(0, 5).flatMap((i) => notes[i]?.diaIds ?? []));
  return question.evidence.filter((id) => found.has(id)).length / question.evidence.length;
}

/** What the ceilings add up over the questions of one half. */
interface Sums {
  questions: number;
  rerank: number;
  words: number;
  speakerFirst: number;
  evidence: number;
  sharingNoWord: number;
}

async function ceilings(
  conversations: Parameters<typeof evaluate>[0],
  corpus: CorpusName,
  factory: RetrieverFactory,
): Promise<Sums> {
  const sums: Sums = {
    questions: 0,
    rerank: 0,
    words: 0,
    speakerFirst: 0,
    evidence: 0,
    sharingNoWord: 0,
  };
  for (const conversation of conversations) {
    const notes = corpus === "turns" ? conversation.turns : conversation.observations;
    const speakers = [...new Set(notes.map((note) => note.speaker))];
    const names = new Set(speakers.flatMap((name) => queryWords(name).map((word) => word.term)));
    const termsOf = notes.map(
      (note) => new Set(queryWords(`${note.title}\n${note.text}`).map((word) => word.term)),
    );
    const retrieve = await factory(notes, conversation);
    for (const question of conversation.questions) {
      sums.questions++;
      const ranked = await retrieve(question.question, DEPTH);
      const isEvidence = (i: number) =>
        notes[i]?.diaIds.some((id) => question.evidence.includes(id)) === true;
      const evidenceFirst = (list: readonly number[]) => [
        ...list.filter(isEvidence),
        ...list.filter((i) => !isEvidence(i)),
      ];
      sums.rerank += recallAt5(notes, question, evidenceFirst(ranked));
      const asked = queryWords(question.question)
        .map((word) => word.term)
        .filter((term) => !names.has(term));
      const sharesWord = (i: number) => asked.some((term) => termsOf[i]?.has(term) === true);
      const everyNote = notes.map((_, i) => i);
      sums.words += recallAt5(notes, question, everyNote.filter(isEvidence).filter(sharesWord));
      const named = speakers.filter((name) =>
        new RegExp(`\\b${name}\\b`, "i").test(question.question),
      );
      const bySpeaker =
        named.length === 1
          ? [
              ...ranked.filter((i) => notes[i]?.speaker === named[0]),
              ...ranked.filter((i) => notes[i]?.speaker !== named[0]),
            ]
          : ranked;
      sums.speakerFirst += recallAt5(notes, question, bySpeaker);
      for (const id of question.evidence) {
        const owners = everyNote.filter((i) => notes[i]?.diaIds.includes(id) === true);
        if (owners.length === 0) continue;
        sums.evidence++;
        if (!owners.some(sharesWord)) sums.sharingNoWord++;
      }
    }
  }
  return sums;
}

async function main(): Promise<void> {
  const all = loadLocomo();
  if (all === undefined) {
    console.log("LoCoMo recall ceilings skipped: data set not found");
    return;
  }
  const linked = process.env.RETRIEVAL_LINKED === "1";
  const factory = memorySearchOver(linked);
  const halves = {
    tune: all.filter((_, i) => i % 2 === 0),
    "held out": all.filter((_, i) => i % 2 === 1),
  };
  console.log(
    "| corpus, half | BM25 R@5 | memory.search R@5 | re-rank ceiling | words ceiling | speaker first | evidence sharing no word but a name |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const corpus of ["turns", "observations"] as CorpusName[]) {
    for (const [half, conversations] of Object.entries(halves)) {
      const bm25 = await evaluate(conversations, corpus, baseline);
      const memory = await evaluate(conversations, corpus, factory);
      const sums = await ceilings(conversations, corpus, factory);
      const share = (value: number) => (value / sums.questions).toFixed(3);
      console.log(
        `| ${corpus}${linked ? " (linked)" : ""}, ${half} | ${(bm25.recall[5] ?? 0).toFixed(3)} | ${(memory.recall[5] ?? 0).toFixed(3)} | ${share(sums.rerank)} | ${share(sums.words)} | ${share(sums.speakerFirst)} | ${sums.sharingNoWord} of ${sums.evidence} |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
