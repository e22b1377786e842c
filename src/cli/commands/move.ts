import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { parseStatusArgument } from "../framework/note-status-argument.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory move <id> <status>`: moves a note between inbox/, topics/ and archive/. */
export const moveCommand = defineCommand({
  name: "move",
  usage: "<id> <inbox|active|archived> [options]",
  description:
    "Moves the note's file to the folder of that status. Its id and every link stay as they are.\n" +
    "The folder names topics and archive are accepted for active and archived.",
  options: COMMIT_OPTIONS,
  optionHelp: [],
  positionals: { min: 2, max: 2 },
  examples: ["memory move id__Kf9mNp active", "memory move Kf9mNp inbox --json"],
  async run({ values, positionals, out, io }) {
    const [idInput = "", statusInput = ""] = positionals;
    const status = parseStatusArgument(statusInput);
    if (status === undefined) {
      return out.fail(
        usageFailure(`unknown status "${statusInput}": use inbox, active or archived`, "move"),
      );
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, idInput);
    if (note.isErr()) return out.fail(note.error);
    const { id, title } = note.value;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: move ${quoteTitle(title)} (${id}) to ${status}`,
    );
    const moved = await memory.move(id, status, commitOptions(choice));
    if (moved.isErr()) return out.fail(failureFrom(moved.error));
    const result = moved.value;
    out.print(result, () =>
      [
        result.previousPath === result.path
          ? `${id} is already ${status}: ${result.path}`
          : `Moved ${id} to ${status}: ${result.previousPath} -> ${result.path}`,
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
