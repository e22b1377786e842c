import { okAsync } from "neverthrow";
import type { Llm, LlmRequest } from "../ports/llm.js";
import { answerDefrag, isDefragPrompt } from "./prompt-bound-defrag.js";
import { ID_SOURCE } from "../model/id.js";

/** Most bytes of session text one created note takes, under the answer's per-note limit. */
const NOTE_BYTES = 6 * 1024;

/** What the prompt-bound model saw and answered, call by call. */
export interface PromptBoundCall {
  readonly request: LlmRequest;
  readonly answer: string;
}

/** The stand-in model, and every call it answered. */
export interface PromptBoundLlm extends Llm {
  readonly calls: readonly PromptBoundCall[];
}

/**
 * A deterministic stand-in for a real model that answers only with text it finds in the
 * prompt: ids, titles and sentences it was shown. It acts as a careful model would. Given a
 * defrag prompt, it merges the shown near-duplicates, splits each oversized note whose body is
 * shown at its `## ` headings, links a young orphan from a shown body sharing a tag, archives
 * old orphans and tiers the best-linked notes. Given a consolidation prompt, it makes one note
 * of each session's lines and keeps every inbox note, and it supersedes a related note the
 * prompt shows when a session contradicts it. The cue it looks for: a session line that
 * names the shown note's title (its words, case and punctuation aside, a leading `Label: `
 * optional; three words at least) and says it
 * changed ("no longer", "instead", "reversed", "replaced" or "changed"); the session's note is
 * the successor, that line the reason, and the date the session's (its label's date, else the
 * first date in its text, else today's). A prompt that does not show a body gets no action
 * that needs it, so a test over it fails where a real model would.
 *
 * @example
 * ```ts
 * import { promptBoundLlm } from "agent-memory/testing";
 * const llm = promptBoundLlm();
 * const memory = createMemory({ root, llm });
 * await memory.defrag();
 * llm.calls.length; // the model calls defrag made
 * ```
 */
export function promptBoundLlm(): PromptBoundLlm {
  const calls: PromptBoundCall[] = [];
  return {
    calls,
    complete(request) {
      // A repair prompt repeats the original and adds the rejection: answer the original.
      const prompt = request.prompt.split("\n## Your previous answer\n")[0] ?? "";
      const answer = isDefragPrompt(prompt) ? answerDefrag(prompt) : answerConsolidation(prompt);
      calls.push({ request, answer });
      return okAsync(answer);
    },
  };
}

function answerConsolidation(prompt: string): string {
  const sessions = [...prompt.matchAll(/<session source="([^"]*)">\n([\s\S]*?)\n<\/session>/g)];
  const notes = sessions
    .map((match, i) => noteOfSession(match[2] ?? "", i))
    .filter((note) => note !== undefined);
  const inbox = [
    ...section(prompt, "## Inbox notes").matchAll(new RegExp(`^id: (${ID_SOURCE})`, "gm")),
  ].map((match) => ({ id: match[1] ?? "", action: "keep" }));
  const today = /^Today is (\d{4}-\d{2}-\d{2})\./m.exec(prompt)?.[1];
  const related = shownNotes(section(prompt, "## Related existing notes"));
  const created = new Set(notes.map((note) => note.key));
  const supersede = sessions.flatMap((match, i) => {
    const key = `session-${i + 1}`;
    if (!created.has(key)) return [];
    const [, label = "", text = ""] = match;
    const date = DATE.exec(label)?.[0] ?? DATE.exec(text)?.[0] ?? today;
    return contradicted(text, related).map(({ id, line }) => ({
      id,
      by: `new:${key}`,
      reason: line.slice(0, 200),
      ...(date === undefined ? {} : { date }),
    }));
  });
  return JSON.stringify(supersede.length > 0 ? { notes, inbox, supersede } : { notes, inbox });
}

const DATE = /\d{4}-\d{2}-\d{2}/;
const CHANGED = /\b(no longer|instead|reversed|replaced|changed)\b/i;

/** The `### title` / `id:` pairs of a rendered notes section. */
function shownNotes(text: string): { id: string; title: string }[] {
  return [...text.matchAll(new RegExp(`^### (.+)\\nid: (${ID_SOURCE})`, "gm"))].map((match) => ({
    title: match[1] ?? "",
    id: match[2] ?? "",
  }));
}

/** Lowercase words joined by single spaces: punctuation and case never decide a match. */
function words(value: string): string {
  return value
    .toLowerCase()
    .replaceAll(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The shown notes a session line says changed, each with that line (the first per note). */
function contradicted(
  text: string,
  related: readonly { id: string; title: string }[],
): { id: string; line: string }[] {
  const found = new Map<string, string>();
  for (const raw of text.split("\n")) {
    const line = raw.replace(/^\[[a-z ]+\]\s*/, "").trim();
    if (!CHANGED.test(line)) continue;
    const said = ` ${words(line)} `;
    for (const note of related) {
      // A title may carry a label ("Note from the agent: ..."): its statement is what follows.
      const titles = [note.title, note.title.split(": ").pop() ?? ""].map(words);
      if (found.has(note.id)) continue;
      if (titles.some((title) => title.split(" ").length >= 3 && said.includes(` ${title} `)))
        found.set(note.id, line);
    }
  }
  return [...found].map(([id, line]) => ({ id, line }));
}

/** One note of a session's lines, role tags dropped, titled by its first statement. */
function noteOfSession(text: string, i: number) {
  const lines: string[] = [];
  let bytes = 0;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/^\[[a-z ]+\]\s*/, "").trim();
    if (line === "" || line.startsWith("[…") || line.startsWith("#")) continue;
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > NOTE_BYTES) break;
    lines.push(line);
  }
  const first = lines[0];
  if (first === undefined) return undefined;
  const title = (first.split(/(?<=[.!?])\s/)[0] ?? first).replace(/\]\]/g, "").slice(0, 100).trim();
  return { op: "create", key: `session-${i + 1}`, title, tags: [], body: lines.join("\n") };
}

function section(prompt: string, heading: string): string {
  const start = prompt.indexOf(`${heading}\n`);
  if (start < 0) return "";
  // Only the prompt's own sections end one: a shown note's body may hold `## ` headings.
  const ends = PROMPT_SECTIONS.map((next) =>
    prompt.indexOf(`\n${next}\n`, start + heading.length),
  ).filter((end) => end >= 0);
  return prompt.slice(start, ends.length === 0 ? undefined : Math.min(...ends));
}

const PROMPT_SECTIONS = [
  "## Sessions",
  "## Inbox notes",
  "## Related existing notes",
  "## Stale references",
] as const;
