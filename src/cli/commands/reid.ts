import { failureFrom } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import { chooseCommit, commitOptions, describeCommit } from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory reid <id> [--path FILE]`: gives a copy of a duplicated id a new id. */
export const reidCommand = defineCommand({
  name: "reid",
  usage: "<id> [--path FILE] [options]",
  description:
    "When one id is on two files (a copy made by hand, an old crash inside a move), gives one\n" +
    "of them a fresh id by renaming its file; its text is untouched. Links to the id keep\n" +
    "pointing at the other file, the original. Without --path the copy is the file whose name\n" +
    "is not the one the library gives the note (its title's slug and the id), else the later\n" +
    "by path. To fold the copies into one note instead: memory merge ID ID.",
  options: { ...COMMIT_OPTIONS, path: { type: "string" } },
  optionHelp: [
    ["--path FILE", "The file to re-id, relative to the memory root (see `memory doctor`)."],
  ],
  positionals: { min: 1, max: 1 },
  examples: [
    "memory reid id__Kf9mNp",
    'memory reid Kf9mNp --path "topics/plan copy id__Kf9mNp.md"',
  ],
  async run({ values, positionals, out, io }) {
    const [idInput = ""] = positionals;
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: reid a copy of ${idInput.startsWith("id__") ? idInput : `id__${idInput}`}`,
    );
    const reid = await memory.reid(idInput, {
      ...commitOptions(choice),
      ...(values.path === undefined ? {} : { path: values.path }),
    });
    if (reid.isErr()) return out.fail(failureFrom(reid.error));
    const result = reid.value;
    out.print(result, () =>
      [
        `Gave ${result.previousPath} the new id ${result.newId}: ${result.path}`,
        `${result.id} stays with ${result.keptPath}; links to it are unchanged.`,
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
