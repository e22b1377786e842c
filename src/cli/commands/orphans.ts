import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { noteLine } from "../render/format.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory orphans`: notes nothing links to. */
export const orphansCommand = defineCommand({
  name: "orphans",
  usage: "[options]",
  description:
    "Lists the notes with no inbound link: nothing leads to them, so agents following links never\n" +
    "find them. Link them from a related note or the index note, merge them, or archive them.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory orphans", "memory orphans --json"],
  async run({ values, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const ids = await memory.orphans();
    if (ids.isErr()) return out.fail(failureFrom(ids.error));
    const listed = await memory.list();
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const wanted = new Set(ids.value);
    const orphans = listed.value
      .filter((meta) => wanted.has(meta.id))
      .map(({ id, title, status, path }) => ({ id, title, status, path }));
    out.print(orphans, () =>
      orphans.length === 0
        ? "No orphans: every note has a link to it."
        : orphans.map(noteLine).join("\n"),
    );
    return EXIT.ok;
  },
});
