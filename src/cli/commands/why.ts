import type { NoteProvenance, WhyCommit } from "../../index.js";
import { describeSource } from "../../model/index.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

const UNATTRIBUTED: Record<Exclude<NoteProvenance["attribution"], "blame">, string> = {
  "not-committed": "Not committed yet: git holds no version of this note's file.",
  "no-git": "No git repository: nothing records who wrote what.",
  "no-blame": "This memory's git adapter cannot blame, so the parts are not attributed.",
};

/** `memory why <id>`: the commit and sessions behind each heading and paragraph of a note. */
export const whyCommand = defineCommand({
  name: "why",
  usage: "<id> [options]",
  description:
    "Shows, for each heading and paragraph of a note, the commit that wrote it (git blame) and,\n" +
    "for text a consolidation wrote, the sessions it was drawn from; hand edits show who committed them.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 1, max: 1 },
  examples: ["memory why id__Kf9mNp", "memory why Kf9mNp --json"],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, positionals[0] ?? "");
    if (note.isErr()) return out.fail(note.error);
    const why = await memory.why(note.value.id);
    if (why.isErr()) return out.fail(failureFrom(why.error));
    out.print(why.value, () => renderWhy(why.value));
    return EXIT.ok;
  },
});

/**
 * One row per run of parts written by the same commits (a note written in one go is one
 * row), then each commit once, with the sessions behind it.
 */
function renderWhy(why: NoteProvenance): string {
  const rows = [`${why.id}  ${why.title}  (${why.path})`];
  if (why.attribution !== "blame") rows.push(UNATTRIBUTED[why.attribution]);
  rows.push("");
  const runs: Array<{ from: number; to: number; text: string; key: string }> = [];
  for (const part of why.parts) {
    const shas = part.commits.map((id) => id.slice(0, 10));
    if (part.uncommitted > 0) shas.push("uncommitted");
    const key = shas.join(" ") || "-";
    const last = runs.at(-1);
    if (last !== undefined && last.key === key) last.to = part.to;
    else runs.push({ from: part.from, to: part.to, text: part.text, key });
  }
  const spans = runs.map((run) =>
    run.from === run.to ? `line ${run.from}` : `lines ${run.from}-${run.to}`,
  );
  const width = Math.max(0, ...spans.map((span) => span.length));
  const keyWidth = Math.max(0, ...runs.map((run) => run.key.length));
  for (const [i, run] of runs.entries()) {
    rows.push(`${(spans[i] ?? "").padEnd(width)}  ${run.key.padEnd(keyWidth)}  ${run.text}`);
  }
  if (why.commits.length > 0) rows.push("");
  for (const commit of why.commits) rows.push(...commitRows(commit));
  return `${rows.join("\n")}\n`;
}

function commitRows(commit: WhyCommit): string[] {
  const who = `${commit.author.name} <${commit.author.email}>`;
  const head = `${commit.commit.slice(0, 10)} ${commit.date.slice(0, 10)} ${who}: ${commit.subject}`;
  if (commit.by !== "consolidation") return [head];
  if (commit.sources.length === 0) return [head, "  model-written; no sessions recorded"];
  return [head, ...commit.sources.map((source) => `  from ${describeSource(source)}`)];
}
