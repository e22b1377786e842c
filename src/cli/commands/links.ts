import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { lines, noteLine } from "../render/format.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory links <id>`: who links to a note, what it links to, and whether the index lists it. */
export const linksCommand = defineCommand({
  name: "links",
  usage: "<id> [options]",
  description:
    "Lists the notes that link to this one, the links it makes (marking targets that do not exist),\n" +
    "and whether the index note links to it.",
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 1, max: 1 },
  examples: ["memory links id__Kf9mNp", "memory links Kf9mNp --json"],
  async run({ values, positionals, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const input = positionals[0] ?? "";
    // From the notes' facts alone; the note itself is read (with its git times) only to
    // explain an id that names no note: a merged one, or the closest titles.
    let found = await memory.links(input);
    if (found.isErr()) {
      const note = await lookUpNote(memory, input);
      if (note.isErr()) return out.fail(note.error);
      found = await memory.links(note.value.id);
      if (found.isErr()) return out.fail(failureFrom(found.error));
    }
    const { id, title, inbound, outbound, indexed } = found.value;
    out.print(found.value, () =>
      lines(
        [`${id}  ${title}`],
        [`Links in (${inbound.length}):`, ...inbound.map((link) => `  ${noteLine(link)}`)],
        [
          `Links out (${outbound.length}):`,
          ...outbound.map((link) =>
            link.exists
              ? `  ${noteLine({ id: link.id, status: link.status ?? "", title: link.displayText })}`
              : `  ${noteLine({ id: link.id, status: "missing", title: link.displayText })}`,
          ),
        ],
        [`In the index note: ${indexed ? "yes" : "no"}`],
      ),
    );
    return EXIT.ok;
  },
});
