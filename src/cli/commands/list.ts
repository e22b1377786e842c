import { isNoteStatus } from "../../model/index.js";
import { usageFailure, failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { noteLine } from "../render/format.js";
import { openNotes } from "../framework/open-memory.js";

/** `memory list`: one line per note, optionally filtered by status and tag. */
export const listCommand = defineCommand({
  name: "list",
  usage: "[--status STATUS] [--tag TAG] [options]",
  description:
    "Lists the notes of the memory sorted by path. A tag matches its nested tags: --tag project matches #project/console.",
  options: {
    ...COMMON_OPTIONS,
    status: { type: "string" },
    tag: { type: "string" },
  },
  optionHelp: [
    ["--status STATUS", "Only notes in this state: inbox, active or archived."],
    ["--tag TAG", "Only notes with this tag (with or without #, case-insensitive)."],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory list", "memory list --status active --tag people", "memory list --json"],
  async run({ values, out, io }) {
    const { status, tag } = values;
    if (status !== undefined && !isNoteStatus(status)) {
      return out.fail(
        usageFailure(`unknown status "${status}": use inbox, active or archived`, "list"),
      );
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const filter = {
      ...(status === undefined ? {} : { status }),
      ...(tag === undefined ? {} : { tag }),
    };
    const listed = await opened.value.memory.list(filter);
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    out.print(listed.value, () =>
      listed.value.length === 0 ? "No notes." : listed.value.map(noteLine).join("\n"),
    );
    return EXIT.ok;
  },
});
