/**
 * The folders of `src/` (two levels deep) and the files at its top, with what each holds: the
 * one source of docs/architecture.md's folder tree (`npm run docs:architecture`). The
 * architecture test fails when a folder or top file is added, moved or removed without this
 * list following, so the documented tree cannot drift from the real one.
 */

/** One folder (ending in `/`) or top-level file of `src/`, repository-relative. */
export interface SourceEntry {
  readonly path: string;
  readonly holds: string;
}

export const SOURCE_TREE: readonly SourceEntry[] = [
  {
    path: "src/index.ts",
    holds: "the root entry (agent-memory): createMemory, memory and note types, errors, port types",
  },
  {
    path: "src/notes-entry.ts",
    holds: "the agent-memory/notes entry: createNotesMemory and the note tier's types",
  },
  {
    path: "src/memory.ts",
    holds: "the composition root: createMemory (the note tier plus the lifecycle); no logic",
  },
  {
    path: "src/create-notes-memory.ts",
    holds:
      "the note tier's composition root: createNotesMemory; search and analysis load on first use",
  },
  { path: "src/errors.ts", holds: "the tagged error classes, one per code" },
  {
    path: "src/shared/",
    holds:
      "helpers with no domain meaning: Promise to Result, serial queue, path checks, parseSince",
  },
  {
    path: "src/model/",
    holds:
      "pure: the note itself (ids, slugs, filenames, tags, links, parse/serialize, input, edits, layout); index.ts is agent-memory/format",
  },
  {
    path: "src/model/markdown/",
    holds: "where code and sentences are in a markdown text, which lines survive an edit",
  },
  {
    path: "src/model/references/",
    holds: "what a note names that a repository can confirm (paths, commands, symbols, links)",
  },
  {
    path: "src/model/merge/",
    holds: "the merge by meaning of a memory's files (the git merge driver's logic)",
  },
  {
    path: "src/model/supersession/",
    holds: "supersession written in a note: the mark, the chain, which text is history",
  },
  {
    path: "src/model/records/",
    holds:
      "the memory's files that are not notes: index note, session log, journal entry, redirect, session budget",
  },
  {
    path: "src/ports/",
    holds:
      "the interfaces a host implements: persistence, git, llm, session reader, AGENTS.md target, lock host",
  },
  {
    path: "src/notes/",
    holds:
      "the note tier; at the top its wiring: the operations' interface and context, the lock, the guarded ports, commits",
  },
  {
    path: "src/notes/store/",
    holds:
      "the store and its caches: snapshots, facts kept between processes, freshness, lookups, redirects",
  },
  {
    path: "src/notes/ops/",
    holds:
      "the safe operations that write (capture, update, rename, merge, move, remove, tag, supersede, reid)",
  },
  {
    path: "src/notes/reads/",
    holds: "the reads: one note, a batch of bodies, a listing, recent notes, why a line is there",
  },
  { path: "src/notes/graph/", holds: "the link index, link queries, doctor and its fixes" },
  { path: "src/notes/search/", holds: "the search index, ranking, feedback, embeddings" },
  {
    path: "src/notes/analysis/",
    holds:
      "the deterministic analysis defrag plans from: clusters, communities, near duplicates, cycles",
  },
  { path: "src/notes/tiers/", holds: "the index note's API (the format is model/records/)" },
  { path: "src/notes/verify/", holds: "checks a note's references against a code repository" },
  {
    path: "src/lifecycle/",
    holds: "the model-driven lifecycle; index.ts is agent-memory/lifecycle",
  },
  { path: "src/lifecycle/journal/", holds: "the journal queue: add, pending, done, quarantine" },
  {
    path: "src/lifecycle/sessions/",
    holds: "the session log: append, cursor, pickup, reading transcripts through the readers",
  },
  { path: "src/lifecycle/context/", holds: "the notes shown to the model for a session" },
  { path: "src/lifecycle/consolidate/", holds: "the consolidation machine and its steps" },
  {
    path: "src/lifecycle/defrag/",
    holds: "the defrag machine, its prompt, validation and guardrails",
  },
  { path: "src/lifecycle/agents-md/", holds: "the AGENTS.md section" },
  { path: "src/lifecycle/run/", holds: "memory.run(): the whole lifecycle, step by step" },
  {
    path: "src/lifecycle/machine/",
    holds:
      "what both machines share: the pipeline lock, settling an actor, renamed steps' old names",
  },
  { path: "src/lifecycle/spend/", holds: "the model spend: budget, ledger, meter, trailers" },
  { path: "src/adapters/", holds: "one folder per adapter; index.ts is agent-memory/adapters" },
  { path: "src/adapters/fs/", holds: "Persistence over node:fs (atomic writes, watch)" },
  { path: "src/adapters/git-cli/", holds: "Git over the git command" },
  {
    path: "src/adapters/isomorphic-git/",
    holds: "Git over isomorphic-git (agent-memory/adapters/isomorphic-git)",
  },
  { path: "src/adapters/git-history/", holds: "note times from git history, and their caches" },
  {
    path: "src/adapters/in-memory/",
    holds: "inMemoryPorts over memfs (agent-memory/adapters/in-memory)",
  },
  { path: "src/adapters/llm/", holds: "the Llm port over an SDK, a command or a function" },
  {
    path: "src/adapters/embedders/",
    holds: "the Embedder port over an SDK, a command or a function",
  },
  {
    path: "src/adapters/session-readers/",
    holds: "the session readers (file, jsonl, command) and the transcript formats",
  },
  { path: "src/adapters/agents-md-file/", holds: "an AGENTS.md target outside the memory root" },
  { path: "src/adapters/lock-host/", holds: "the lock's pid and host name from node:os" },
  { path: "src/adapters/file-timestamps/", holds: "note times from the files' mtimes" },
  { path: "src/adapters/import-source/", holds: "reads another tool's files for memory import" },
  { path: "src/adapters/process/", holds: "the one child-process runner" },
  { path: "src/adapters/tokenizer/", holds: "the Tokenizer port over gpt-tokenizer" },
  { path: "src/migrate/", holds: "the v1 to v2 migration (agent-memory/migrate)" },
  { path: "src/migrate/import/", holds: "memory import: other tools' notes into the memory" },
  {
    path: "src/testing/",
    holds: "one contract suite per port, run on every adapter; index.ts is agent-memory/testing",
  },
  { path: "src/mcp/", holds: "the MCP server over a memory (agent-memory/mcp)" },
  {
    path: "src/view/",
    holds: "the memory as a site (agent-memory/view): pages, graph, search in the page, server",
  },
  {
    path: "src/view/browser/",
    holds: "what runs in the page; page/ is bundled into the page scripts",
  },
  { path: "src/cli/", holds: "the memory command" },
  {
    path: "src/cli/framework/",
    holds: "argument parsing, output, exit codes, what every command shares",
  },
  { path: "src/cli/commands/", holds: "one file per command; index.ts is the command table" },
  { path: "src/cli/render/", holds: "text and JSON output of the commands" },
  { path: "src/cli/daemon/", holds: "the daemon that answers read-only calls, and its client" },
  { path: "src/cli/hooks/", holds: "the harness hooks (session start and end)" },
  { path: "src/cli/install/", holds: "installing the hooks into a harness's settings" },
  { path: "src/cli/schedule/", holds: "memory schedule: cron, launchd, systemd" },
];
