import { forgetNote } from "../../index.js";
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

/** `memory forget <id>`: archives a note, or deletes it (--remove) when nothing links to it. */
export const forgetCommand = defineCommand({
  name: "forget",
  usage: "<id> [--remove] [--expected-hash HASH] [options]",
  description:
    "Forgets a note. By default it is archived: it moves to archive/, its id and every link to it\n" +
    "stay valid, search still finds it with --status archived. With --remove the file is deleted,\n" +
    "which is refused (exit 1, nothing changed) while any note or the index links to it, so\n" +
    "forgetting never breaks a link. Git history keeps the text either way. One commit.",
  options: {
    ...COMMIT_OPTIONS,
    remove: { type: "boolean" },
    "expected-hash": { type: "string" },
  },
  optionHelp: [
    ["--remove", "Delete the file instead of archiving it (only when nothing links to it)."],
    ["--expected-hash HASH", "Refuse (CONFLICT) unless the note is still this version."],
  ],
  positionals: { min: 1, max: 1 },
  examples: ["memory forget id__Kf9mNp", "memory forget Kf9mNp --remove"],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, positionals[0] ?? "");
    if (note.isErr()) return out.fail(note.error);
    const { id, title } = note.value;
    const remove = values.remove === true;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: forget ${quoteTitle(title)} (${remove ? "remove" : "archive"}, ${id})`,
    );
    const expected = values["expected-hash"];
    const forgotten = await forgetNote(memory, id, {
      ...commitOptions(choice),
      ...(remove ? { remove } : {}),
      ...(expected === undefined ? {} : { expectedHash: expected }),
    });
    if (forgotten.isErr()) return out.fail(failureFrom(forgotten.error));
    const result = forgotten.value;
    out.print(result, () =>
      [
        result.forgotten === "removed"
          ? `Removed ${id} ${JSON.stringify(title)} (${result.path}); nothing linked to it.`
          : `Archived ${id} ${JSON.stringify(title)}: ${result.path}`,
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
