import { parseSince } from "../../model/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";
import { formatTime, noteLine } from "../render/format.js";

/** `memory recent`: the notes changed most recently. */
export const recentCommand = defineCommand({
  name: "recent",
  usage: "[--since WHEN] [--limit N] [options]",
  description:
    "Lists notes by the time of their last change (the last commit touching them, else the file's\n" +
    "modification time), newest first. WHEN is a duration back from now (90m, 24h, 7d, 2w) or a date.",
  options: { ...COMMON_OPTIONS, since: { type: "string" }, limit: { type: "string" } },
  optionHelp: [
    ["--since WHEN", "Only notes changed since then: 24h, 7d, 2026-05-01, ..."],
    ["--limit N", "At most N notes (default 20)."],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory recent", "memory recent --since 7d --limit 5 --json"],
  async run({ values, out, io }) {
    const since = values.since === undefined ? undefined : parseSince(values.since, Date.now());
    if (values.since !== undefined && since === undefined) {
      return out.fail(
        usageFailure(
          `--since "${values.since}" is neither a duration (24h, 7d) nor a date (2026-05-01)`,
          "recent",
        ),
      );
    }
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    if (!Number.isInteger(limit) || limit <= 0) {
      return out.fail(usageFailure("--limit takes a whole number such as 10", "recent"));
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const listed = await opened.value.memory.list();
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const { recentNotes } = await import("../../notes-entry.js");
    const notes = recentNotes(listed.value, { limit, ...(since === undefined ? {} : { since }) });
    out.print(notes, () =>
      notes.length === 0
        ? "No notes changed in that time."
        : notes.map((note) => `${noteLine(note)}  (${formatTime(note.updatedAt)})`).join("\n"),
    );
    return EXIT.ok;
  },
});
