import { failureFrom } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory supersede OLD NEW`: marks OLD (or one of its sections) as replaced by NEW. */
export const supersedeCommand = defineCommand({
  name: "supersede",
  usage: "<old-id> <new-id> [options]",
  description:
    "Marks the old note as superseded by the new one: a line `> Superseded by [[NEW|title]] on DATE:\n" +
    "reason.` goes first in its body (or first in one --section), and its text stays below, untouched.\n" +
    "Search ranks it below its successor; show, context and AGENTS.md put the current note first.\n" +
    "One write under the memory's lock, one commit. Refused, with nothing written: a note superseding\n" +
    "itself, a loop (NEW is itself superseded by OLD), an archived NEW, a note already superseded by\n" +
    "another one. Undo: delete the line (memory edit) or git revert the commit.",
  options: {
    ...COMMIT_OPTIONS,
    reason: { type: "string" },
    date: { type: "string" },
    section: { type: "string" },
  },
  optionHelp: [
    ["--reason TEXT", "Why the old note no longer holds (one line)."],
    ["--date D", "The date the change took effect, YYYY-MM-DD (default: today, UTC)."],
    ["--section HEADING", "Mark only the section under this ## heading, not the whole note."],
  ],
  positionals: { min: 2, max: 2 },
  examples: [
    'memory supersede Kf9mNp Ab3xYz --reason "we moved sessions to Postgres"',
    "memory supersede Kf9mNp Ab3xYz --section Backups --date 2026-03-14 --json",
  ],
  async run({ values, positionals, out, io }) {
    const [oldInput = "", newInput = ""] = positionals;
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const old = await lookUpNote(memory, oldInput);
    if (old.isErr()) return out.fail(old.error);
    const successor = await lookUpNote(memory, newInput);
    if (successor.isErr()) return out.fail(successor.error);
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: supersede ${quoteTitle(old.value.title)} by ${quoteTitle(successor.value.title)} (${old.value.id} -> ${successor.value.id})`,
    );
    const done = await memory.supersede(old.value.id, successor.value.id, {
      ...commitOptions(choice),
      expectedHash: old.value.hash,
      ...(values.reason === undefined ? {} : { reason: values.reason }),
      ...(values.date === undefined ? {} : { date: values.date }),
      ...(values.section === undefined ? {} : { section: values.section }),
    });
    if (done.isErr()) return out.fail(failureFrom(done.error));
    const result = done.value;
    const what = result.section === undefined ? "" : ` (section ${JSON.stringify(result.section)})`;
    out.print(result, () =>
      [
        result.changed
          ? `Superseded ${result.id} ${JSON.stringify(result.title)}${what} by ${result.successor.id} ${JSON.stringify(result.successor.title)} on ${result.date}.`
          : `${result.id}${what} was already superseded by ${result.successor.id}; nothing was written.`,
        result.changed ? describeCommit(result, choice) : "Nothing to commit.",
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
