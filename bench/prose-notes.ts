/**
 * Notes of real prose for the benchmarks: consecutive LoCoMo utterances, about 1 KB a note,
 * up to 5 links and 2 tags each, optionally with code (what agents write about code).
 */
import * as fs from "node:fs";
import { buildFilename } from "../src/model/filename.js";
import { parseNote, serializeNote } from "../src/model/note-format.js";
import type { StoredNote } from "../src/notes/store/note-store.js";
import { LOCOMO_PATH } from "./retrieval/locomo.js";
import { seededRandom, syntheticId, type SyntheticNote } from "./synthetic-memory.js";

const TAGS = ["people", "work", "family", "travel", "hobby", "health", "area__life", "topic/art"];

// What agents write in notes about code: inline spans, a fenced block, a nested list.
const CODE_SAMPLES = [
  "Run `npm ci` before `npm test`, never `npm install` in CI.",
  "```ts\nconst memory = createMemory({ persistence }); // #not-a-tag\n```",
  "- build with `tsup`\n  - then `node dist/cli.js`\n- lint with `oxlint`",
];

/** Whether the LoCoMo data is beside the clone. */
export function hasLocomo(): boolean {
  return fs.existsSync(LOCOMO_PATH);
}

/** Every utterance of the LoCoMo conversations, in order. */
function locomoUtterances(): string[] {
  const samples = JSON.parse(fs.readFileSync(LOCOMO_PATH, "utf8")) as {
    conversation: Record<string, unknown>;
  }[];
  const texts: string[] = [];
  for (const sample of samples) {
    for (const turns of Object.values(sample.conversation)) {
      if (!Array.isArray(turns)) continue;
      for (const turn of turns as { text?: unknown }[]) {
        if (typeof turn.text === "string") texts.push(turn.text);
      }
    }
  }
  return texts;
}

/** `count` notes of about 1 KB of consecutive utterances; `codeShare` of them get code. */
export function proseNotes(count: number, codeShare: number, seed = 42): SyntheticNote[] {
  const utterances = locomoUtterances();
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const notes: SyntheticNote[] = [];
  let cursor = 0;
  for (let i = 0; i < count; i++) {
    const id = syntheticId(i);
    const first = utterances[cursor % utterances.length] ?? "note";
    const title = `${first.split(/\s+/).slice(0, 5).join(" ")} ${i}`;
    const paragraphs: string[] = [];
    let length = 0;
    let links = 0;
    while (length < 900) {
      const text = utterances[cursor++ % utterances.length] ?? "";
      const link =
        links < 5 && random() < 0.3
          ? ` See [[${syntheticId(Math.floor(random() * count))}|${pick(TAGS)}]].`
          : "";
      if (link !== "") links++;
      paragraphs.push(text + link);
      length += text.length + link.length + 2;
    }
    if (random() < codeShare) paragraphs.splice(1, 0, pick(CODE_SAMPLES));
    const tags = [...new Set([pick(TAGS), pick(TAGS)])];
    const markdown = serializeNote({ title, tags, body: paragraphs.join("\n\n") });
    notes.push({ id, path: `topics/${buildFilename(title, id)}`, markdown });
  }
  return notes;
}

/**
 * {@link proseNotes} as the note store hands them to the search index (parsed, each its own
 * version `h<n>`), for benchmarks that index notes held in memory.
 */
export function proseStoredNotes(count: number, codeShare: number): StoredNote[] {
  return proseNotes(count, codeShare).map((note, n) => ({
    path: note.path,
    status: "active",
    slug: note.path,
    mtimeMs: 0,
    size: note.markdown.length,
    hash: `h${n}`,
    note: parseNote(note.markdown, note.id),
  }));
}
