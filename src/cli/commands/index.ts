/**
 * Every command of the `memory` executable, in the order `memory --help` lists them. A
 * command's module is imported only when it runs (or its help is shown): a `memory show`
 * never loads the state machines, schemas and MCP SDK that consolidate, hooks and the server
 * need, which would cost it most of a second.
 *
 * @module
 */

import type { Command } from "../framework/command.js";

/** A command as the dispatcher knows it before loading it. */
export interface CommandEntry {
  /** The word after `memory`. */
  readonly name: string;
  /** One line for `memory --help`. */
  readonly summary: string;
  /** Imports the command's module. */
  load(): Promise<Command>;
}

/** The commands, by the word that runs them. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "init",
    summary:
      "Create the layout (index.md, inbox/, topics/, archive/) and a git repository if needed.",
    load: async () => (await import("./init.js")).initCommand,
  },
  {
    name: "capture",
    summary: "Write a new note (body from --body or stdin).",
    load: async () => (await import("./capture.js")).captureCommand,
  },
  {
    name: "show",
    summary: "Print one note: title, tags, status, times and body.",
    load: async () => (await import("./show.js")).showCommand,
  },
  {
    name: "edit",
    summary: "Change a note's body: append, prepend, find-and-replace, a section, or all of it.",
    load: async () => (await import("./edit.js")).editCommand,
  },
  {
    name: "tag",
    summary: "Change a note's tag line: +TAG adds, -TAG removes, in one commit.",
    load: async () => (await import("./tag.js")).tagCommand,
  },
  {
    name: "supersede",
    summary: "Mark a note (or a section) as superseded by another note; its text stays.",
    load: async () => (await import("./supersede.js")).supersedeCommand,
  },
  {
    name: "list",
    summary: "List notes, one per line (id, status, title).",
    load: async () => (await import("./list.js")).listCommand,
  },
  {
    name: "recent",
    summary: "List the most recently changed notes, newest first.",
    load: async () => (await import("./recent.js")).recentCommand,
  },
  {
    name: "search",
    summary: "Search the notes: ranked results with a snippet each.",
    load: async () => (await import("./search.js")).searchCommand,
  },
  {
    name: "links",
    summary: "Show a note's inbound and outbound links.",
    load: async () => (await import("./links.js")).linksCommand,
  },
  {
    name: "why",
    summary: "Show which commit and sessions wrote each part of a note.",
    load: async () => (await import("./why.js")).whyCommand,
  },
  {
    name: "orphans",
    summary: "List notes no other note (nor the index note) links to.",
    load: async () => (await import("./orphans.js")).orphansCommand,
  },
  {
    name: "broken",
    summary: "List links to notes that do not exist.",
    load: async () => (await import("./broken.js")).brokenCommand,
  },
  {
    name: "analyze",
    summary: "Report clusters, near-duplicates, orphans, oversize notes, broken links and cycles.",
    load: async () => (await import("./analyze.js")).analyzeCommand,
  },
  {
    name: "rename",
    summary: "Retitle a note: heading, filename and the link texts that showed the old title.",
    load: async () => (await import("./rename.js")).renameCommand,
  },
  {
    name: "move",
    summary: "Move a note to inbox, active (topics/) or archived (archive/).",
    load: async () => (await import("./move.js")).moveCommand,
  },
  {
    name: "archive",
    summary: "Move a note to archive/.",
    load: async () => (await import("./archive.js")).archiveCommand,
  },
  {
    name: "forget",
    summary: "Forget a note: archive it, or delete it (--remove) when nothing links to it.",
    load: async () => (await import("./forget.js")).forgetCommand,
  },
  {
    name: "tier",
    summary: "Put a note in the index's Hot or Warm tier, or take it out (none).",
    load: async () => (await import("./tier.js")).tierCommand,
  },
  {
    name: "merge",
    summary: "Merge source notes into a target; links to the sources then point at the target.",
    load: async () => (await import("./merge.js")).mergeCommand,
  },
  {
    name: "reid",
    summary: "Give a copy of a duplicated id (one id on two files) a new id; links stay.",
    load: async () => (await import("./reid.js")).reidCommand,
  },
  {
    name: "rm",
    summary: "Delete a note (refused while other notes link to it, unless --force).",
    load: async () => (await import("./rm.js")).rmCommand,
  },
  {
    name: "journal",
    summary: "Queue sessions for consolidation (add) and list the queue (list).",
    load: async () => (await import("./journal.js")).journalCommand,
  },
  {
    name: "log",
    summary: "Append a session (what, why, how, next) to today's session log.",
    load: async () => (await import("./log.js")).logCommand,
  },
  {
    name: "pickup",
    summary: "Show where to resume: the last session's next line, its file and text.",
    load: async () => (await import("./pickup.js")).pickupCommand,
  },
  {
    name: "context",
    summary: "Print what an agent reads at session start: the pickup and the hot notes.",
    load: async () => (await import("./context.js")).contextCommand,
  },
  {
    name: "consolidate",
    summary: "Turn pending sessions into linked notes with an LLM command, in one commit.",
    load: async () => (await import("./consolidate.js")).consolidateCommand,
  },
  {
    name: "defrag",
    summary: "Reorganise the notes and the hot/warm tiers with an LLM command, in one commit.",
    load: async () => (await import("./defrag.js")).defragCommand,
  },
  {
    name: "agents-md",
    summary: "Write the hot notes (inlined) and warm notes (listed) into an AGENTS.md.",
    load: async () => (await import("./agents-md.js")).agentsMdCommand,
  },
  {
    name: "sync",
    summary: "Commit, pull, consolidate, defrag when due, write AGENTS.md files, commit, push.",
    load: async () => (await import("./sync.js")).syncCommand,
  },
  {
    name: "merge-driver",
    summary: "Git's merge driver for memory files (set up by init and sync; git runs it).",
    load: async () => (await import("./merge-driver.js")).mergeDriverCommand,
  },
  {
    name: "schedule",
    summary:
      "Print (or install) a launchd, systemd or cron job that runs consolidate periodically.",
    load: async () => (await import("./schedule.js")).scheduleCommand,
  },
  {
    name: "status",
    summary: "Show the root, notes by status, pending journal entries, last consolidation, cache.",
    load: async () => (await import("./status.js")).statusCommand,
  },
  {
    name: "doctor",
    summary: "Check the memory's health (exit 1 when it finds errors or warnings).",
    load: async () => (await import("./doctor.js")).doctorCommand,
  },
  {
    name: "verify",
    summary:
      "Find references in the notes (paths, lines, symbols, scripts) the project no longer has.",
    load: async () => (await import("./verify.js")).verifyCommand,
  },
  {
    name: "view",
    summary: "Render the memory as a browsable offline site (pages, graph, search), or serve it.",
    load: async () => (await import("./view.js")).viewCommand,
  },
  {
    name: "mcp",
    summary: "Serve the memory to an agent over MCP (stdio): tools and note resources.",
    load: async () => (await import("./mcp.js")).mcpCommand,
  },
  {
    name: "daemon",
    summary:
      "Keep the memory open in a background process that answers read-only calls in milliseconds.",
    load: async () => (await import("./daemon.js")).daemonCommand,
  },
  {
    name: "hook",
    summary: "Run as a harness hook (Claude Code, Codex): queue the session, print the context.",
    load: async () => (await import("./hook.js")).hookCommand,
  },
  {
    name: "install",
    summary: "Add the memory's hooks and MCP server to Claude Code's or Codex's settings.",
    load: async () => (await import("./install.js")).installCommand,
  },
  {
    name: "timestamps",
    summary: "Show each note's created and updated times (from git history).",
    load: async () => (await import("./timestamps.js")).timestampsCommand,
  },
  {
    name: "import",
    summary:
      "Import another tool's memory (Claude Code, AGENTS.md, MCP memory, basic-memory, Obsidian, mem0).",
    load: async () => (await import("./import.js")).importCommand,
  },
  {
    name: "migrate",
    summary: "Convert old-format entries (agent-memory:meta headers) to notes, in one commit.",
    load: async () => (await import("./migrate.js")).migrateCommand,
  },
];
