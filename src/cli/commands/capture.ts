import { generateId, ID_PLACEHOLDER, isNoteStatus } from "../../model/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { readBody } from "../framework/body-input.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory capture <title>`: writes a new note, to inbox/ unless told otherwise. */
export const captureCommand = defineCommand({
  name: "capture",
  usage: "<title...> [--body TEXT] [--tag TAG]... [--status STATUS] [options]",
  description:
    "Writes a new note with this title (the words after capture, quoted or not) and commits it.\n" +
    "The body is --body, else stdin when stdin is not a terminal (a program that starts memory with\n" +
    `an open stdin pipe must close it, or pass --body "" for no body). Links are written [[${ID_PLACEHOLDER}|text]].`,
  options: {
    ...COMMIT_OPTIONS,
    body: { type: "string" },
    tag: { type: "string", multiple: true },
    status: { type: "string" },
  },
  optionHelp: [
    ["--body TEXT", 'The note\'s markdown. "-" reads stdin. Default: stdin if piped, else empty.'],
    ["--tag TAG", "A tag for the tag line (with or without #). Repeat for more tags."],
    ["--status STATUS", "Where the note goes: inbox (default), active or archived."],
  ],
  positionals: { min: 1, max: undefined },
  examples: [
    'memory capture "Igor is a designer" --tag people --body "Works on [[id__Kf9mNp|console]]."',
    "git log -1 --format=%B | memory capture Release notes --status active --tag release",
  ],
  async run({ values, positionals, out, io }) {
    const status = values.status ?? "inbox";
    if (!isNoteStatus(status)) {
      return out.fail(
        usageFailure(`unknown status "${status}": use inbox, active or archived`, "capture"),
      );
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const body = (await readBody(io, values.body, true)) ?? "";
    const title = positionals.join(" ");
    // The id is chosen here so the commit message can name it and the note is written and
    // committed in one hold of the memory's lock: a sync in another process can no longer
    // commit the new file in between and leave this command saying "Nothing to commit".
    const id = generateId();
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: capture ${quoteTitle(title.trim())} (${id})`,
    );
    const captured = await memory.capture(
      { title, body, tags: values.tag ?? [] },
      { status, id, ...commitOptions(choice) },
    );
    if (captured.isErr()) return out.fail(failureFrom(captured.error));
    const { commit, notCommitted, ...note } = captured.value;
    const outcome = notCommitted === undefined ? { commit } : { commit, notCommitted };
    out.print({ note: { ...note, committed: outcome.commit !== null }, ...outcome }, () =>
      [
        `Captured ${note.id} ${JSON.stringify(note.title)} in ${note.path}`,
        describeCommit(outcome, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
