import { failureFrom } from "../framework/cli-failure.js";
import { readBody } from "../framework/body-input.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { plural } from "../render/format.js";
import { lookUpNotes } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory merge <target> <source...>`: folds notes into one, repointing every link. */
export const mergeCommand = defineCommand({
  name: "merge",
  usage: "<target> <source...> [--body TEXT] [options]",
  description:
    "Merges the sources into the target note and removes the sources. Every link to a source is\n" +
    "repointed at the target, so no link breaks. The target's body becomes --body when given, else\n" +
    "its own body followed by each source's, under the source's title.\n" +
    "`memory merge ID ID` (the same id twice) folds the copies of an id that is on several files\n" +
    "into the original: an identical copy is removed, any other text is appended.",
  options: { ...COMMIT_OPTIONS, body: { type: "string" } },
  optionHelp: [["--body TEXT", 'The merged note\'s new body. "-" reads it from stdin.']],
  positionals: { min: 2, max: undefined },
  examples: [
    "memory merge id__Kf9mNp id__Ab3xYz",
    'memory merge Kf9mNp Ab3xYz Zz9yXw --body "Igor designs and builds the console."',
    "memory merge id__Kf9mNp id__Kf9mNp",
  ],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const body = await readBody(io, values.body, false);
    const withBody = body === undefined ? {} : { body };
    const [first = "", ...rest] = positionals;
    const self = rest.length === 1 && idOf(first) === idOf(rest[0] ?? "") ? idOf(first) : "";
    if (self !== "") {
      // One id on several files: its copies fold into the original (doctor suggests this).
      const choice = chooseCommit(
        opened.value,
        values["no-commit"],
        `memory: merge the copies of ${self}`,
      );
      const merged = await memory.merge([self], self, { ...commitOptions(choice), ...withBody });
      if (merged.isErr()) return out.fail(failureFrom(merged.error));
      const result = merged.value;
      out.print(result, () =>
        [
          `Merged the copies of ${self} (${(result.removedCopies ?? []).join(", ")}) into the original; links are unchanged.`,
          describeCommit(result, choice),
        ].join("\n"),
      );
      return EXIT.ok;
    }
    const notes = await lookUpNotes(memory, positionals);
    if (notes.isErr()) return out.fail(notes.error);
    const [target, ...sources] = notes.value;
    if (target === undefined)
      return out.fail(failureFrom({ code: "INVALID_INPUT", message: "Name a target note." }));
    const sourceIds = sources.map((source) => source.id);
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: merge ${sourceIds.join(", ")} into ${quoteTitle(target.title)} (${target.id})`,
    );
    const options = { ...commitOptions(choice), ...withBody };
    const merged = await memory.merge(sourceIds, target.id, options);
    if (merged.isErr()) return out.fail(failureFrom(merged.error));
    const result = merged.value;
    out.print(result, () =>
      [
        `Merged ${result.removed.join(", ")} into ${target.id} ${JSON.stringify(target.title)}.`,
        `Repointed ${plural(result.repointedLinks, "link")} (${plural(result.files.length, "file")} changed).`,
        describeCommit(result, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});

/** The id an argument names, with or without `id__`, for comparing two arguments. */
function idOf(input: string): string {
  const trimmed = input.trim();
  return trimmed.startsWith("id__") ? trimmed : `id__${trimmed}`;
}
