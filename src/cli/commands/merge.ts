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
    "its own body followed by each source's, under the source's title.",
  options: { ...COMMIT_OPTIONS, body: { type: "string" } },
  optionHelp: [["--body TEXT", 'The merged note\'s new body. "-" reads it from stdin.']],
  positionals: { min: 2, max: undefined },
  examples: [
    "memory merge id__Kf9mNp id__Ab3xYz",
    'memory merge Kf9mNp Ab3xYz Zz9yXw --body "Igor designs and builds the console."',
  ],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const notes = await lookUpNotes(memory, positionals);
    if (notes.isErr()) return out.fail(notes.error);
    const [target, ...sources] = notes.value;
    if (target === undefined)
      return out.fail(failureFrom({ code: "INVALID_INPUT", message: "Name a target note." }));
    const body = await readBody(io, values.body, false);
    const sourceIds = sources.map((source) => source.id);
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: merge ${sourceIds.join(", ")} into ${quoteTitle(target.title)} (${target.id})`,
    );
    const options = { ...commitOptions(choice), ...(body === undefined ? {} : { body }) };
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
