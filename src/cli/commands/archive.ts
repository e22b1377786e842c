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

/** `memory archive <id>`: moves a note to archive/. */
export const archiveCommand = defineCommand({
  name: "archive",
  usage: "<id> [options]",
  description:
    "Archives the note: its file moves to archive/, its id and the links to it stay valid.\n" +
    'The same as "memory move <id> archived".',
  options: COMMIT_OPTIONS,
  optionHelp: [],
  positionals: { min: 1, max: 1 },
  examples: ["memory archive id__Kf9mNp", "memory archive Kf9mNp --no-commit"],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, positionals[0] ?? "");
    if (note.isErr()) return out.fail(note.error);
    const { id, title } = note.value;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: archive ${quoteTitle(title)} (${id})`,
    );
    const archived = await memory.archive(id, commitOptions(choice));
    if (archived.isErr()) return out.fail(failureFrom(archived.error));
    const result = archived.value;
    out.print(result, () =>
      [
        result.previousPath === result.path
          ? `${id} is already archived: ${result.path}`
          : `Archived ${id}: ${result.previousPath} -> ${result.path}`,
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
