import { failureFrom } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { plural } from "../render/format.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory rename <id> <title>`: a new title and filename; the id and every link stay valid. */
export const renameCommand = defineCommand({
  name: "rename",
  usage: "<id> <title...> [options]",
  description:
    "Gives the note a new title (the words after the id, quoted or not). Its heading and filename\n" +
    "change; its id does not, so every link keeps working. Links whose text was the old title get\n" +
    "the new one.",
  options: COMMIT_OPTIONS,
  optionHelp: [],
  positionals: { min: 2, max: undefined },
  examples: [
    'memory rename id__Kf9mNp "Igor — fullstack developer"',
    "memory rename Kf9mNp Igor the designer --no-commit",
  ],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const [idInput = "", ...words] = positionals;
    const note = await lookUpNote(memory, idInput);
    if (note.isErr()) return out.fail(note.error);
    const title = words.join(" ");
    const { id } = note.value;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: rename ${quoteTitle(note.value.title)} to ${quoteTitle(title.trim())} (${id})`,
    );
    const renamed = await memory.rename(id, title, commitOptions(choice));
    if (renamed.isErr()) return out.fail(failureFrom(renamed.error));
    const result = renamed.value;
    out.print(result, () =>
      [
        `Renamed ${id} to ${JSON.stringify(result.title)}: ${result.previousPath} -> ${result.path}`,
        `Updated ${plural(result.updatedLinks, "link")} (${plural(result.files.length, "file")} changed).`,
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
