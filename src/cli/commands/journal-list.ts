import type { StoredJournalEntry } from "../../model/index.js";
import { JOURNAL_FOLDERS, type JournalStatus } from "../../lifecycle/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";

/** `memory journal list`: the entries of one status, one per line. */
export const journalListCommand = defineCommand({
  name: "journal list",
  summary: "List journal entries: pending (default), done or invalid.",
  usage: "[--status pending|done|invalid] [options]",
  description:
    "Lists the journal entries of one status, oldest first, one per line: id, harness, what to read\n" +
    "and where. done entries add when they were consolidated; invalid ones say why they were refused;\n" +
    "a pending entry whose session the last consolidation could not read says why, on the next line.\n" +
    "Changes nothing.",
  options: {
    ...COMMON_OPTIONS,
    status: { type: "string" },
  },
  optionHelp: [
    ["--status S", "pending (default: waiting for consolidation), done (consumed) or invalid."],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory journal list", "memory journal list --status done --json"],
  async run({ values, out, io }) {
    const status = values.status ?? "pending";
    if (!isJournalStatus(status)) {
      return out.fail(
        usageFailure(`unknown status "${status}": use pending, done or invalid`, "journal list"),
      );
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { journal } = opened.value.memory;
    const empty = `No ${status} journal entries.`;
    if (status === "invalid") {
      const listed = await journal.list({ status });
      if (listed.isErr()) return out.fail(failureFrom(listed.error));
      out.print(listed.value, () =>
        listed.value.length === 0
          ? empty
          : listed.value
              .map((file) => {
                const where = file.quarantined
                  ? ""
                  : file.newerVersion
                    ? " (left in pending for a newer agent-memory)"
                    : " (still in pending)";
                return `${file.path}${where}: ${file.reason}`;
              })
              .join("\n"),
      );
      return EXIT.ok;
    }
    if (status === "done") {
      const listed = await journal.list({ status });
      if (listed.isErr()) return out.fail(failureFrom(listed.error));
      out.print(listed.value, () =>
        listed.value.length === 0
          ? empty
          : listed.value
              .map((entry) => {
                const notes = entry.consolidated.notes ?? [];
                const made = notes.length === 0 ? "" : ` -> ${notes.join(" ")}`;
                return `${entryLine(entry)}  consolidated ${entry.consolidated.consolidatedAt}${made}`;
              })
              .join("\n"),
      );
      return EXIT.ok;
    }
    const listed = await journal.list({ status });
    if (listed.isErr()) return out.fail(failureFrom(listed.error));
    const reasons = await journal.unreadReasons();
    if (reasons.isErr()) return out.fail(failureFrom(reasons.error));
    // An entry a run could not read says why under its line (and as `unread` in --json).
    const pending = listed.value.map((entry) => {
      const unread = reasons.value.get(entry.id);
      return unread === undefined ? entry : { ...entry, unread };
    });
    out.print(pending, () =>
      pending.length === 0
        ? empty
        : pending
            .map((entry) =>
              "unread" in entry
                ? `${entryLine(entry)}\n  not read by the run of ${entry.unread.at}: ${entry.unread.reason}`
                : entryLine(entry),
            )
            .join("\n"),
    );
    return EXIT.ok;
  },
});

function isJournalStatus(text: string): text is JournalStatus {
  return Object.hasOwn(JOURNAL_FOLDERS, text);
}

/** id, harness, the session to read, where it ran, and the note, tab-free on one line. */
function entryLine(entry: StoredJournalEntry): string {
  const { method, threadId, sessionPath } = entry.retrieval;
  const source = threadId ?? sessionPath;
  const where = entry.context.repo ?? entry.context.cwd;
  return [
    entry.id,
    entry.harness,
    source === undefined ? method : `${method} ${source}`,
    ...(where === undefined ? [] : [where]),
    ...(entry.note === undefined ? [] : [JSON.stringify(shorten(entry.note, 80))]),
  ].join("  ");
}

function shorten(text: string, max: number): string {
  const chars = [...text.replaceAll(/\s+/g, " ").trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}
