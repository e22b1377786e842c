import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { formatTime } from "../render/format.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory timestamps`: when each note was created and last changed, from git history. */
export const timestampsCommand = defineCommand({
  name: "timestamps",
  usage: "[options]",
  description:
    "Prints createdAt and updatedAt of every note, from one walk of the git history (keyed by id, so " +
    'renames and moves keep createdAt). Notes git has never seen show their file time and "not committed".',
  options: COMMON_OPTIONS,
  optionHelp: [],
  positionals: { min: 0, max: 0 },
  examples: ["memory timestamps", "memory timestamps --json"],
  async run({ values, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const listed = await opened.value.memory.list();
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const rows = listed.value.map(({ id, title, path, createdAt, updatedAt, committed }) => ({
      id,
      title,
      path,
      createdAt,
      updatedAt,
      committed,
    }));
    out.print(rows, () =>
      rows.length === 0
        ? "No notes."
        : rows
            .map(
              (row) =>
                `${row.id}  created ${formatTime(row.createdAt)}  updated ${formatTime(row.updatedAt)}` +
                `${row.committed ? "" : "  (not committed)"}  ${row.title}`,
            )
            .join("\n"),
    );
    return EXIT.ok;
  },
});
