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

/** `memory rm <id>`: deletes a note, refusing while other notes link to it unless --force. */
export const rmCommand = defineCommand({
  name: "rm",
  usage: "<id> [--force] [options]",
  description:
    "Deletes the note's file. While other notes link to it the removal is refused (exit 1) and the\n" +
    "linking notes are listed: merge it into another note instead, or pass --force to delete it and\n" +
    "leave those links broken. Git history keeps the deleted text.",
  options: { ...COMMIT_OPTIONS, force: { type: "boolean" } },
  optionHelp: [["--force", "Delete even when other notes link to it (their links break)."]],
  positionals: { min: 1, max: 1 },
  examples: ["memory rm id__Kf9mNp", "memory rm Kf9mNp --force"],
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
      `memory: remove ${quoteTitle(title)} (${id})`,
    );
    const force = values.force === true;
    const removed = await memory.remove(id, { ...commitOptions(choice), force });
    if (removed.isErr()) {
      const { error } = removed;
      // The library says who links here; the CLI adds its own way out.
      const message =
        error.code === "CONFLICT"
          ? `${error.message} To delete it anyway, run: memory rm ${id} --force`
          : error.message;
      return out.fail(failureFrom({ code: error.code, message }));
    }
    const result = removed.value;
    const broken = result.brokenLinks.map((link) => `${link.sourceId} -> ${link.targetId}`);
    out.print(result, () =>
      [
        `Removed ${id} ${JSON.stringify(title)} (${result.path}).`,
        ...(broken.length === 0
          ? []
          : [`Left ${plural(broken.length, "broken link")}: ${broken.join(", ")}`]),
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});
