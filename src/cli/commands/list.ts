import { err, ok, type Result } from "neverthrow";
import { isNoteStatus } from "../../model/index.js";
import { usageFailure, failureFrom, type CliFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { noteLine } from "../render/format.js";
import { openNotes } from "../framework/open-memory.js";

/**
 * Lines `memory list` prints without --limit or --all: everything an agent reads costs
 * tokens, and at 100,000 notes printing every line is most of the call's time.
 */
export const LIST_PAGE = 50;

/** `memory list`: one line per note, optionally filtered by status and tag. */
export const listCommand = defineCommand({
  name: "list",
  usage: "[--status STATUS] [--tag TAG] [--limit N | --all] [options]",
  description:
    `Lists the notes of the memory sorted by path: the first ${LIST_PAGE}, then a line saying how many more\n` +
    "there are (--limit N or --all for more). --json lists every note unless --limit is given.\n" +
    "A tag matches its nested tags: --tag project matches #project/console.",
  options: {
    ...COMMON_OPTIONS,
    status: { type: "string" },
    tag: { type: "string" },
    limit: { type: "string" },
    all: { type: "boolean" },
  },
  optionHelp: [
    ["--status STATUS", "Only notes in this state: inbox, active or archived."],
    ["--tag TAG", "Only notes with this tag (with or without #, case-insensitive)."],
    ["--limit N", `At most N notes (default ${LIST_PAGE}; with --json, every note).`],
    ["--all", "Every note."],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    "memory list",
    "memory list --status active --tag people",
    "memory list --all",
    "memory list --json",
  ],
  async run({ values, out, io }) {
    const { status, tag } = values;
    if (status !== undefined && !isNoteStatus(status)) {
      return out.fail(
        usageFailure(`unknown status "${status}": use inbox, active or archived`, "list"),
      );
    }
    const limit = pageOf(values.limit, values.all === true, values.json === true);
    if (limit.isErr()) return out.fail(limit.error);
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const filter = {
      ...(status === undefined ? {} : { status }),
      ...(tag === undefined ? {} : { tag }),
    };
    const { memory } = opened.value;
    // A page builds the metas of its own notes only (at 100,000 notes, every meta was most of
    // a daemon-served call).
    const listed =
      limit.value === undefined
        ? await memory.list(filter).map((notes) => ({ notes, total: notes.length }))
        : await memory.listPage(filter, { limit: limit.value });
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const { notes: shown, total } = listed.value;
    out.print(shown, () => {
      if (total === 0) return "No notes.";
      const lines = shown.map(noteLine);
      const more = total - shown.length;
      // Said on stdout, where the lines are: a page is never mistaken for the whole memory.
      if (more > 0)
        lines.push(
          `... ${more} more (${shown.length} of ${total} shown): --limit N shows N, --all every one.`,
        );
      return lines.join("\n");
    });
    return EXIT.ok;
  },
});

/**
 * How many notes to print: undefined for all (--all, or --json without --limit), else
 * --limit or {@link LIST_PAGE}.
 */
function pageOf(
  limit: string | undefined,
  all: boolean,
  json: boolean,
): Result<number | undefined, CliFailure> {
  if (limit !== undefined && all)
    return err(usageFailure("--limit and --all contradict each other: pass one", "list"));
  if (all) return ok(undefined);
  if (limit === undefined) return ok(json ? undefined : LIST_PAGE);
  const trimmed = limit.trim();
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1)
    return err(usageFailure("--limit takes a whole number of notes such as 100", "list"));
  return ok(Number(trimmed));
}
