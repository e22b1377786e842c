/**
 * Why LoCoMo questions miss their evidence in memory.search's top 5 (issue 36): for each
 * question whose evidence is not all in the top 5, where the evidence ranks (6-10, 11-50,
 * beyond or not matched at all), whether the question names a speaker or holds a number or a
 * month, and whether a missed evidence note sits next to a top-5 hit in its session (the
 * reach of neighbour expansion). Run: `npx tsx bench/retrieval/miss-analysis.ts [turns|observations]`.
 */
import { loadLocomo, type CorpusName } from "./locomo.js";
import { memorySearchOver } from "./run.js";

const MONTH =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|\d+)\b/i;

async function main(corpus: CorpusName, linked: boolean): Promise<void> {
  const conversations = loadLocomo();
  if (conversations === undefined) return;
  const bucket = new Map<string, number>();
  const add = (key: string, n = 1) => bucket.set(key, (bucket.get(key) ?? 0) + n);
  const factory = memorySearchOver(linked);
  for (const conversation of conversations) {
    const notes = corpus === "turns" ? conversation.turns : conversation.observations;
    const speakers = [...new Set(notes.map((n) => n.speaker.toLowerCase()))];
    const retrieve = await factory(notes, conversation);
    for (const q of conversation.questions) {
      const ranked = await retrieve(q.question, 100);
      const top5 = ranked.slice(0, 5);
      const lower = q.question.toLowerCase();
      const namesSpeaker = speakers.some((s) => lower.includes(s));
      const hasNumber = MONTH.test(q.question);
      add("questions");
      for (const id of q.evidence) {
        add("evidence");
        const rank = ranked.findIndex((i) => notes[i]?.diaIds.includes(id) === true);
        const inTop5 = rank >= 0 && rank < 5;
        if (inTop5) {
          add("evidence in top 5");
          continue;
        }
        const band =
          rank < 0 ? "not in top 100" : rank < 10 ? "6-10" : rank < 50 ? "11-50" : "51-100";
        add(`missed: ${band}`);
        add(`missed cat ${q.category}`);
        if (namesSpeaker) add("missed: question names a speaker");
        if (hasNumber) add("missed: question has a number or month");
        const owners = notes.map((n, i) => ({ n, i })).filter(({ n }) => n.diaIds.includes(id));
        if (owners.length === 0) add("missed: no note stands for it");
        const near = owners.some(({ n }) =>
          top5.some((t) => {
            const hit = notes[t];
            return (
              hit !== undefined &&
              hit.session === n.session &&
              Math.abs(hit.position - n.position) <= 2
            );
          }),
        );
        const sameSession = owners.some(({ n }) =>
          top5.some((t) => notes[t]?.session === n.session),
        );
        if (near) add("missed: within 2 of a top-5 hit, same session");
        else if (sameSession) add("missed: same session as a top-5 hit (farther)");
        else add("missed: no top-5 hit in its session");
      }
    }
  }
  console.log(`${corpus}${linked ? " (linked)" : ""}`);
  for (const [key, n] of [...bucket].toSorted()) console.log(`  ${key}: ${n}`);
}

const corpus = (process.argv[2] ?? "turns") as CorpusName;
main(corpus, process.argv[3] === "linked").catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
