import { isAbsolute, join, resolve } from "node:path";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import type { CliIo } from "../framework/cli-io.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";

/** `memory journal add`: queues a signal for consolidation; prints the entry's id. */
export const journalAddCommand = defineCommand({
  name: "journal add",
  summary: "Queue a session for consolidation (what a harness hook calls).",
  usage: "--harness NAME [--thread ID | --session PATH] [--cwd DIR] [--repo OWNER/NAME] [options]",
  description:
    "Writes a journal entry to journal/pending/ and prints its id, nothing else: a harness hook calls\n" +
    "this at the end of a session. Not committed: the consolidation that consumes the entry commits it.\n" +
    "The retrieval method is inferred unless --method is given: amp/cursor + --thread read the thread,\n" +
    "a .jsonl --session is a JSONL transcript, another --session a text file, and an entry with only\n" +
    "--note carries just the note.",
  options: {
    ...COMMON_OPTIONS,
    harness: { type: "string" },
    thread: { type: "string" },
    session: { type: "string" },
    method: { type: "string" },
    cwd: { type: "string" },
    repo: { type: "string" },
    note: { type: "string" },
    timestamp: { type: "string" },
  },
  optionHelp: [
    [
      "--harness NAME",
      "Required. Who ran the session: amp, cursor, codex, claude-code, manual, ...",
    ],
    ["--thread ID", "The harness's thread or session id, e.g. --thread T-019c545f."],
    ["--session PATH", "A transcript file, e.g. --session ~/.claude/projects/p/s.jsonl."],
    ["--method M", "How to read the session: amp-thread, jsonl, file, command, none, ..."],
    ["--cwd DIR", "Where the session ran, e.g. --cwd . (paths are made absolute)."],
    ["--repo OWNER/NAME", "The repository it worked on, e.g. --repo acme/console."],
    ["--note TEXT", 'Something to remember, e.g. --note "the flaky test was a timezone bug".'],
    ["--timestamp ISO", "When the session happened, e.g. 2026-02-13T09:30:00Z. Default: now."],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    "memory journal add --harness amp --thread T-019c545f --cwd . --repo acme/console",
    'memory journal add --harness manual --note "deploys need the VPN" --json',
  ],
  async run({ values, out, io }) {
    const { harness } = values;
    if (harness === undefined || harness.trim() === "") {
      return out.fail(usageFailure("--harness is required (amp, claude-code, ...)", "journal add"));
    }
    // Loaded here, not at startup: it brings arktype, which `--help` never needs.
    const { journalEntryFromFlags } = await import("../../lifecycle/index.js");
    const entry = journalEntryFromFlags({
      harness,
      ...optional("thread", values.thread),
      // Paths typed on a command line are relative to where it was typed.
      ...optional("session", absolute(io, values.session)),
      ...optional("method", values.method),
      ...optional("cwd", absolute(io, values.cwd)),
      ...optional("repo", values.repo),
      ...optional("note", values.note),
      ...optional("timestamp", values.timestamp),
    });
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const added = await opened.value.memory.journal.add(entry);
    if (added.isErr()) return out.fail(failureFrom(added.error));
    out.print(added.value, () => added.value.id);
    return EXIT.ok;
  },
});

function optional<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string };
}

/** A path from the command line made absolute: `~/` is $HOME, the rest is from the cwd. */
function absolute(io: Pick<CliIo, "cwd" | "env">, path: string | undefined): string | undefined {
  if (path === undefined || path === "" || isAbsolute(path)) return path;
  const home = io.env["HOME"];
  if (path.startsWith("~/") && home !== undefined && isAbsolute(home)) {
    return join(home, path.slice(2));
  }
  return resolve(io.cwd, path);
}
