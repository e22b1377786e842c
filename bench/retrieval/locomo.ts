/**
 * LoCoMo (snap-research/LoCoMo, CC BY-NC 4.0) read from `../shared/data/locomo/locomo10.json`
 * beside the repository (never copied into it), and the two corpora built from it: one note
 * per dialogue turn, or one note per session observation.
 *
 * A turn that shared a photo keeps only its words unless RETRIEVAL_CAPTIONS=1, which appends
 * the data set's caption of the photo ("[shares a photo of a painting of a sunset over a
 * lake]"): 1,226 of the 5,882 turns shared one, and 903 of the questions' 2,355 evidence ids
 * point at those turns.
 *
 * Evidence ids are read with a lenient pattern: "D8:6; D9:17" and "D9:1 D4:4" are split into
 * their ids, "D:11:26" is read as D11:26, and the one bare "D" is skipped.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RELATIVE = "shared/data/locomo/locomo10.json";

/**
 * Where the data set is read from: $LOCOMO_PATH if set, else `../shared/data/locomo/` from
 * the repository root, else `../../shared/data/locomo/` (a git worktree one folder deeper).
 */
export const LOCOMO_PATH =
  process.env.LOCOMO_PATH ??
  [resolve(REPO_ROOT, "..", RELATIVE), resolve(REPO_ROOT, "../..", RELATIVE)].find((path) =>
    existsSync(path),
  ) ??
  resolve(REPO_ROOT, "..", RELATIVE);

/** One note of a corpus, with the dialogue ids it stands for. */
export interface CorpusNote {
  readonly title: string;
  readonly body: string;
  readonly speaker: string;
  readonly date: string;
  /** The text without title or date (the turn's text, the observation's fact). */
  readonly text: string;
  /** Session number and position, for neighbour links. */
  readonly session: number;
  readonly position: number;
  /** The dialogue ids (D<session>:<turn>) this note is evidence for. */
  readonly diaIds: readonly string[];
}

/** A question of categories 1-4 with at least one well-formed evidence id. */
export interface Question {
  readonly question: string;
  readonly category: 1 | 2 | 3 | 4;
  readonly evidence: readonly string[];
}

/** One conversation: its own memory, searched only by its own questions. */
export interface Conversation {
  readonly id: string;
  readonly turns: CorpusNote[];
  readonly observations: CorpusNote[];
  readonly questions: Question[];
}

export type CorpusName = "turns" | "observations";

interface RawTurn {
  readonly speaker: string;
  readonly dia_id: string;
  readonly text: string;
  readonly blip_caption?: string;
}
interface RawSample {
  readonly sample_id: string;
  readonly conversation: Record<string, unknown>;
  readonly observation: Record<string, Record<string, [string, string | string[]][]>>;
  readonly qa: { question: string; evidence?: string[]; category: number }[];
}

const DIA_ID = /D:?(\d+):(\d+)/g;

/** Every dialogue id in an evidence string (or list of them), normalised to D<s>:<t>. */
export function parseDiaIds(value: string | readonly string[]): string[] {
  const text = typeof value === "string" ? value : value.join(" ");
  return [...text.matchAll(DIA_ID)].map((m) => `D${m[1]}:${m[2]}`);
}

/** The first `count` words of a text, for a title. */
export function firstWords(text: string, count = 8): string {
  return text.split(/\s+/).filter(Boolean).slice(0, count).join(" ");
}

function note(
  text: string,
  speaker: string,
  date: string,
  session: number,
  position: number,
  diaIds: string[],
): CorpusNote {
  return {
    title: firstWords(text) || "(no text)",
    body: `${speaker}: ${text}\n\n${date}`,
    speaker,
    date,
    text,
    session,
    position,
    diaIds,
  };
}

/**
 * Loads the conversations, or returns undefined when the data set is not there. With
 * `captions`, a turn's text ends with its photo's caption (see the module comment).
 */
export function loadLocomo(
  path = LOCOMO_PATH,
  captions = process.env.RETRIEVAL_CAPTIONS === "1",
): Conversation[] | undefined {
  if (!existsSync(path)) return undefined;
  const samples = JSON.parse(readFileSync(path, "utf8")) as RawSample[];
  return samples.map((sample) => {
    const turns: CorpusNote[] = [];
    const observations: CorpusNote[] = [];
    const sessions = Object.keys(sample.conversation)
      .map((key) => /^session_(\d+)$/.exec(key)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .toSorted((a, b) => a - b);
    for (const s of sessions) {
      const date = String(sample.conversation[`session_${s}_date_time`] ?? "");
      const raw = sample.conversation[`session_${s}`] as RawTurn[];
      raw.forEach((turn, i) => {
        const text =
          captions && turn.blip_caption !== undefined
            ? `${turn.text} [shares ${turn.blip_caption}]`
            : turn.text;
        turns.push(note(text, turn.speaker, date, s, i, parseDiaIds(turn.dia_id)));
      });
      const facts = sample.observation[`session_${s}_observation`] ?? {};
      let position = 0;
      for (const [speaker, list] of Object.entries(facts)) {
        for (const [fact, ids] of list) {
          observations.push(note(fact, speaker, date, s, position++, parseDiaIds(ids)));
        }
      }
    }
    const questions: Question[] = [];
    for (const qa of sample.qa) {
      if (qa.category < 1 || qa.category > 4) continue;
      const evidence = [...new Set(parseDiaIds(qa.evidence ?? []))];
      if (evidence.length === 0) continue;
      questions.push({
        question: qa.question,
        category: qa.category as Question["category"],
        evidence,
      });
    }
    return { id: sample.sample_id, turns, observations, questions };
  });
}
