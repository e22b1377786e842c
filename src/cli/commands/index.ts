/**
 * Every command of the `memory` executable, in the order `memory --help` lists them. A
 * command's module is imported only when it runs (or its help is shown): a `memory show`
 * never loads the state machines, schemas and MCP SDK that consolidate, hooks and the server
 * need, which would cost it most of a second.
 *
 * @module
 */

import type { Command } from "../framework/command.js";

/**
 * What a command does to the memory, which decides where it may run. A read-only command
 * either is served by the daemon (it changes nothing, reads no stdin, and needs only the note
 * tier the daemon holds fresh through its watcher) or says why it runs in-process: the
 * daemon's list is derived from this, and a test fails on a read-only command that does
 * neither.
 */
export type CommandAccess =
  | { readonly readOnly: false }
  | { readonly readOnly: true; readonly servedByDaemon: true }
  | { readonly readOnly: true; readonly servedByDaemon: false; readonly inProcessBecause: string };

const CHANGES_FILES = { access: { readOnly: false } } as const;
const SERVED_BY_DAEMON = { access: { readOnly: true, servedByDaemon: true } } as const;
function readInProcess(because: string): { readonly access: CommandAccess } {
  return { access: { readOnly: true, servedByDaemon: false, inProcessBecause: because } };
}

/** A command as the dispatcher knows it before loading it. */
export interface CommandEntry {
  /** The word after `memory`. */
  readonly name: string;
  /** Whether it changes anything, and whether the daemon answers it. */
  readonly access: CommandAccess;
  /** One line for `memory --help`. */
  readonly summary: string;
  /** Imports the command's module. */
  load(): Promise<Command>;
}

/** The names of the commands the daemon answers (see {@link CommandAccess}). */
export function commandsServedByDaemon(commands: readonly CommandEntry[]): ReadonlySet<string> {
  return new Set(
    commands
      .filter((command) => command.access.readOnly && command.access.servedByDaemon)
      .map((command) => command.name),
  );
}

/** The commands, by the word that runs them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "init",
    ...CHANGES_FILES,
    summary:
      "Create the layout (index.md, inbox/, topics/, archive/) and a git repository if needed.",
    load: async () => (await import("./init.js")).initCommand,
  },
  {
    name: "capture",
    ...CHANGES_FILES,
    summary: "Write a new note (body from --body or stdin).",
    load: async () => (await import("./capture.js")).captureCommand,
  },
  {
    name: "show",
    ...SERVED_BY_DAEMON,
    summary: "Print one note: title, tags, status, times and body.",
    load: async () => (await import("./show.js")).showCommand,
  },
  {
    name: "edit",
    ...CHANGES_FILES,
    summary: "Change a note's body: append, prepend, find-and-replace, a section, or all of it.",
    load: async () => (await import("./edit.js")).editCommand,
  },
  {
    name: "tag",
    ...CHANGES_FILES,
    summary: "Change a note's tag line: +TAG adds, -TAG removes, in one commit.",
    load: async () => (await import("./tag.js")).tagCommand,
  },
  {
    name: "supersede",
    ...CHANGES_FILES,
    summary: "Mark a note (or a section) as superseded by another note; its text stays.",
    load: async () => (await import("./supersede.js")).supersedeCommand,
  },
  {
    name: "list",
    ...SERVED_BY_DAEMON,
    summary: "List notes, one per line (id, status, title).",
    load: async () => (await import("./list.js")).listCommand,
  },
  {
    name: "recent",
    ...SERVED_BY_DAEMON,
    summary: "List the most recently changed notes, newest first.",
    load: async () => (await import("./recent.js")).recentCommand,
  },
  {
    name: "search",
    ...SERVED_BY_DAEMON,
    summary: "Search the notes: ranked results with a snippet each.",
    load: async () => (await import("./search.js")).searchCommand,
  },
  {
    name: "links",
    ...SERVED_BY_DAEMON,
    summary: "Show a note's inbound and outbound links.",
    load: async () => (await import("./links.js")).linksCommand,
  },
  {
    name: "why",
    ...readInProcess("it reads git history, which the daemon's file watcher does not see change"),
    summary: "Show which commit and sessions wrote each part of a note.",
    load: async () => (await import("./why.js")).whyCommand,
  },
  {
    name: "orphans",
    ...SERVED_BY_DAEMON,
    summary: "List notes no other note (nor the index note) links to.",
    load: async () => (await import("./orphans.js")).orphansCommand,
  },
  {
    name: "broken",
    ...SERVED_BY_DAEMON,
    summary: "List links to notes that do not exist.",
    load: async () => (await import("./broken.js")).brokenCommand,
  },
  {
    name: "analyze",
    ...readInProcess(
      "it reads git history for the notes' ages, which the daemon's watcher does not see change",
    ),
    summary: "Report clusters, near-duplicates, orphans, oversize notes, broken links and cycles.",
    load: async () => (await import("./analyze.js")).analyzeCommand,
  },
  {
    name: "rename",
    ...CHANGES_FILES,
    summary: "Retitle a note: heading, filename and the link texts that showed the old title.",
    load: async () => (await import("./rename.js")).renameCommand,
  },
  {
    name: "move",
    ...CHANGES_FILES,
    summary: "Move a note to inbox, active (topics/) or archived (archive/).",
    load: async () => (await import("./move.js")).moveCommand,
  },
  {
    name: "archive",
    ...CHANGES_FILES,
    summary: "Move a note to archive/.",
    load: async () => (await import("./archive.js")).archiveCommand,
  },
  {
    name: "forget",
    ...CHANGES_FILES,
    summary: "Forget a note: archive it, or delete it (--remove) when nothing links to it.",
    load: async () => (await import("./forget.js")).forgetCommand,
  },
  {
    name: "tier",
    ...CHANGES_FILES,
    summary: "Put a note in the index's Hot or Warm tier, or take it out (none).",
    load: async () => (await import("./tier.js")).tierCommand,
  },
  {
    name: "merge",
    ...CHANGES_FILES,
    summary: "Merge source notes into a target; links to the sources then point at the target.",
    load: async () => (await import("./merge.js")).mergeCommand,
  },
  {
    name: "reid",
    ...CHANGES_FILES,
    summary: "Give a copy of a duplicated id (one id on two files) a new id; links stay.",
    load: async () => (await import("./reid.js")).reidCommand,
  },
  {
    name: "rm",
    ...CHANGES_FILES,
    summary: "Delete a note (refused while other notes link to it, unless --force).",
    load: async () => (await import("./rm.js")).rmCommand,
  },
  {
    name: "journal",
    ...CHANGES_FILES,
    summary: "Queue sessions for consolidation (add) and list the queue (list).",
    load: async () => (await import("./journal.js")).journalCommand,
  },
  {
    name: "log",
    ...CHANGES_FILES,
    summary: "Append a session (what, why, how, next) to today's session log.",
    load: async () => (await import("./log.js")).logCommand,
  },
  {
    name: "pickup",
    ...readInProcess("it reads the session log, outside the note tier the daemon holds"),
    summary: "Show where to resume: the last session's next line, its file and text.",
    load: async () => (await import("./pickup.js")).pickupCommand,
  },
  {
    name: "context",
    ...readInProcess(
      "it opens the whole memory (session log, index note, tokenizer), not the note tier the daemon holds",
    ),
    summary: "Print what an agent reads at session start: the pickup and the hot notes.",
    load: async () => (await import("./context.js")).contextCommand,
  },
  {
    name: "consolidate",
    ...CHANGES_FILES,
    summary: "Turn pending sessions into linked notes with an LLM command, in one commit.",
    load: async () => (await import("./consolidate.js")).consolidateCommand,
  },
  {
    name: "defrag",
    ...CHANGES_FILES,
    summary: "Reorganise the notes and the hot/warm tiers with an LLM command, in one commit.",
    load: async () => (await import("./defrag.js")).defragCommand,
  },
  {
    name: "agents-md",
    ...CHANGES_FILES,
    summary: "Write the hot notes (inlined) and warm notes (listed) into an AGENTS.md.",
    load: async () => (await import("./agents-md.js")).agentsMdCommand,
  },
  {
    name: "sync",
    ...CHANGES_FILES,
    summary: "Commit, pull, consolidate, defrag when due, write AGENTS.md files, commit, push.",
    load: async () => (await import("./sync.js")).syncCommand,
  },
  {
    name: "merge-driver",
    ...CHANGES_FILES,
    summary: "Git's merge driver for memory files (set up by init and sync; git runs it).",
    load: async () => (await import("./merge-driver.js")).mergeDriverCommand,
  },
  {
    name: "schedule",
    ...CHANGES_FILES,
    summary:
      "Print (or install) a launchd, systemd or cron job that runs consolidate periodically.",
    load: async () => (await import("./schedule.js")).scheduleCommand,
  },
  {
    name: "status",
    ...readInProcess(
      "it reads the journal, git and the caches, outside the note tier the daemon holds",
    ),
    summary: "Show the root, notes by status, pending journal entries, last consolidation, cache.",
    load: async () => (await import("./status.js")).statusCommand,
  },
  {
    name: "doctor",
    ...readInProcess(
      "it checks git, the journal and the caches, outside the note tier the daemon holds",
    ),
    summary: "Check the memory's health (exit 1 when it finds errors or warnings).",
    load: async () => (await import("./doctor.js")).doctorCommand,
  },
  {
    name: "verify",
    ...readInProcess("it reads the project repository, outside the memory the daemon watches"),
    summary:
      "Find references in the notes (paths, lines, symbols, scripts) the project no longer has.",
    load: async () => (await import("./verify.js")).verifyCommand,
  },
  {
    name: "view",
    ...CHANGES_FILES,
    summary: "Render the memory as a browsable offline site (pages, graph, search), or serve it.",
    load: async () => (await import("./view.js")).viewCommand,
  },
  {
    name: "mcp",
    ...CHANGES_FILES,
    summary: "Serve the memory to an agent over MCP (stdio): tools and note resources.",
    load: async () => (await import("./mcp.js")).mcpCommand,
  },
  {
    name: "daemon",
    ...CHANGES_FILES,
    summary:
      "Keep the memory open in a background process that answers read-only calls in milliseconds.",
    load: async () => (await import("./daemon.js")).daemonCommand,
  },
  {
    name: "hook",
    ...CHANGES_FILES,
    summary: "Run as a harness hook (Claude Code, Codex): queue the session, print the context.",
    load: async () => (await import("./hook.js")).hookCommand,
  },
  {
    name: "install",
    ...CHANGES_FILES,
    summary: "Add the memory's hooks and MCP server to Claude Code's or Codex's settings.",
    load: async () => (await import("./install.js")).installCommand,
  },
  {
    name: "timestamps",
    ...readInProcess("it reads git history, which the daemon's file watcher does not see change"),
    summary: "Show each note's created and updated times (from git history).",
    load: async () => (await import("./timestamps.js")).timestampsCommand,
  },
  {
    name: "import",
    summary:
      "Import another tool's memory (Claude Code, AGENTS.md, MCP memory, basic-memory, Obsidian, mem0).",
    load: async () => (await import("./import.js")).importCommand,
    ...CHANGES_FILES,
  },
  {
    name: "migrate",
    ...CHANGES_FILES,
    summary: "Convert old-format entries (agent-memory:meta headers) to notes, in one commit.",
    load: async () => (await import("./migrate.js")).migrateCommand,
  },
];
