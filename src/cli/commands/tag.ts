import type { Command } from "../framework/command.js";
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
import { openNotes } from "../framework/open-memory.js";

/** A tag as the commit message shows it: without `#`. */
const bare = (tag: string) => tag.trim().replace(/^#/u, "");

/** `memory tag <id> +add -remove`: changes a note's tag line, in one commit. */
const defined = defineCommand({
  name: "tag",
  usage: "<id> [+TAG...] [-TAG...] [options]",
  description:
    "Changes the note's tag line: +TAG adds a tag it lacks, -TAG removes one from the line (a leading\n" +
    "# is optional). The title and body stay; the file is written once, under the memory's lock, and\n" +
    "committed. A tag written in the body's text is not the tag line's: removing it is refused (edit\n" +
    "the body). An invalid tag name is refused and nothing is written. A change that changes nothing\n" +
    "writes nothing. The tag h is removed with --remove h (-h is help).",
  options: {
    ...COMMIT_OPTIONS,
    add: { type: "string", multiple: true },
    remove: { type: "string", multiple: true },
  },
  optionHelp: [
    ["--add TAG", "Add TAG (the same as +TAG; may be repeated)."],
    ["--remove TAG", "Remove TAG from the tag line (the same as -TAG; may be repeated)."],
  ],
  positionals: { min: 1, max: undefined },
  examples: [
    "memory tag Kf9mNp +people +work",
    "memory tag Kf9mNp -draft +reviewed --json",
    "memory tag id__Kf9mNp --remove h",
  ],
  async run({ values, positionals, out, io }) {
    const [idInput = "", ...words] = positionals;
    const bad = words.find((word) => !word.startsWith("+"));
    if (bad !== undefined) {
      return out.fail(
        usageFailure(
          `"${bad}" is not a tag change: write +TAG to add it, -TAG to remove it`,
          "tag",
        ),
      );
    }
    const add = [...words.map((word) => word.slice(1)), ...(values.add ?? [])];
    const remove = values.remove ?? [];
    if (add.length === 0 && remove.length === 0) {
      return out.fail(usageFailure("no tag to change: give +TAG or -TAG", "tag"));
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, idInput);
    if (note.isErr()) return out.fail(note.error);
    const { id, title } = note.value;
    const change = [
      ...add.map((tag) => `+${bare(tag)}`),
      ...remove.map((tag) => `-${bare(tag)}`),
    ].join(" ");
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: tag ${quoteTitle(title)} ${change} (${id})`,
    );
    const tagged = await memory.tag(
      id,
      { add, remove },
      { ...commitOptions(choice), expectedHash: note.value.hash },
    );
    if (tagged.isErr()) return out.fail(failureFrom(tagged.error));
    const result = tagged.value;
    const said = [
      ...result.added.map((tag) => `+#${tag}`),
      ...result.removed.map((tag) => `-#${tag}`),
    ];
    out.print(result, () =>
      [
        result.changed
          ? `Tagged ${id} ${JSON.stringify(title)}: ${said.join(" ")}`
          : `${id} already had that tag line; nothing was written.`,
        `Tags: ${result.tags.length === 0 ? "none" : result.tags.map((tag) => `#${tag}`).join(" ")}`,
        result.changed ? describeCommit(result, choice) : "Nothing to commit.",
      ].join("\n"),
    );
    return EXIT.ok;
  },
});

/**
 * The command, with `-TAG` words turned into `--remove=TAG` before parsing (parseArgs would
 * read them as short options). `-h` stays help.
 */
export const tagCommand: Command = {
  ...defined,
  execute: (argv, io) => {
    const end = argv.indexOf("--");
    const rewritten = argv.map((arg, at) =>
      (end < 0 || at < end) && /^-[^-]/u.test(arg) && arg !== "-h"
        ? `--remove=${arg.slice(1)}`
        : arg,
    );
    return defined.execute(rewritten, io);
  },
};
