import type { StoredJournalEntry } from "../../model/journal-entry.js";
import type { LoggedSession } from "../sessions/session-unconsumed.js";
import type { ConsolidationPlan } from "./consolidation-plan.js";
import type { Prompt, PromptNote, PromptSession } from "./consolidation-prompt.js";
import type { WriteSummary } from "./write-plan.js";

/** The names of the steps, in the order the machine runs them. */
export const CONSOLIDATION_STEPS = [
  "loadJournals",
  "fetchSessions",
  "selectContext",
  "runAgent",
  "parseOutput",
  "writeKbEntries",
  "markConsolidated",
  "commitKnowledgeBase",
] as const;

/** One step's name. */
export type ConsolidationStep = (typeof CONSOLIDATION_STEPS)[number];

/** A plan saved before writing, so a re-run over the same input writes the same notes. */
export interface SavedRun {
  /** The key of the run that saved it: its created notes' ids derive from it. */
  readonly run: string;
  readonly plan: ConsolidationPlan;
  /** The id each created note gets, by its key. */
  readonly ids: Readonly<Record<string, string>>;
  /** The journal entries the run consumes (those whose transcript could be read). */
  readonly entryIds: readonly string[];
  /** The session-log sections the plan was made from, as `path#number`. */
  readonly sessions: readonly string[];
}

/** loadJournals input: a dry run must not even quarantine invalid journal files. */
export interface LoadJournalsInput {
  readonly dryRun: boolean;
}

/** loadJournals: what is waiting to be consolidated. */
export interface LoadJournalsOutput {
  readonly entries: readonly StoredJournalEntry[];
  readonly logged: readonly LoggedSession[];
  readonly inbox: readonly PromptNote[];
  /** Ids of the inbox and active notes an answer may update or merge into. */
  readonly updatableIds: readonly string[];
  /** The run's key: a digest of what it consumes. */
  readonly run: string;
  /** The plan an interrupted run with the same key saved, if any. */
  readonly saved: SavedRun | undefined;
}

/** fetchSessions: the journal entries' transcripts, read through the session readers. */
export interface FetchSessionsInput {
  readonly entries: readonly StoredJournalEntry[];
  readonly logged: readonly LoggedSession[];
}
/** fetchSessions output; entries whose transcript could not be read stay pending. */
export interface FetchSessionsOutput {
  readonly sessions: readonly PromptSession[];
  /** Entries that were read (or need no transcript), in order. */
  readonly readEntryIds: readonly string[];
  readonly unreadable: readonly { readonly id: string; readonly reason: string }[];
  /** Entries beyond this run's session budget: left pending for the next run. */
  readonly deferred: readonly string[];
  /** What the readers had to work around in sessions they did read, per entry. */
  readonly warnings?: readonly SessionWarning[];
}

/** A reader's warning about one entry's session (invalid UTF-8, skipped lines, ...). */
export interface SessionWarning {
  readonly id: string;
  readonly warning: string;
}

/** selectContext: related notes, rendered within their budget. */
export interface SelectContextInput {
  readonly sessions: readonly PromptSession[];
  readonly inbox: readonly PromptNote[];
}
/** selectContext output. */
export interface SelectContextOutput {
  readonly context: string;
  readonly noteIds: readonly string[];
  readonly prompt: Prompt;
}

/** runAgent: the model's raw answer to the prompt. */
export interface RunAgentInput {
  readonly prompt: Prompt;
}
/** runAgent output. */
export interface RunAgentOutput {
  readonly answer: string;
}

/** parseOutput: the answer, validated (with one repair attempt) into a plan. */
export interface ParseOutputInput {
  readonly prompt: Prompt;
  readonly answer: string;
  readonly updatableIds: readonly string[];
  readonly inboxIds: readonly string[];
}
/** parseOutput output. */
export interface ParseOutputOutput {
  readonly plan: ConsolidationPlan;
  readonly repaired: boolean;
}

/** writeKbEntries: the plan written through the safe operations. */
export interface WriteKbEntriesInput {
  readonly run: string;
  readonly plan: ConsolidationPlan;
  readonly saved: SavedRun | undefined;
  /** Saved with the plan, so a resumed run consumes exactly these. */
  readonly entryIds: readonly string[];
  /** The session-log sections the plan covers, saved likewise. */
  readonly sessions: readonly string[];
}
/** writeKbEntries output. */
export type WriteKbEntriesOutput = WriteSummary;

/** markConsolidated: the consumed entries move to done, the session cursor advances. */
export interface MarkConsolidatedInput {
  readonly run: string;
  readonly entryIds: readonly string[];
  readonly logged: readonly LoggedSession[];
  readonly written: WriteSummary;
}
/** markConsolidated output: the journal and cursor files it changed. */
export interface MarkConsolidatedOutput {
  readonly files: readonly string[];
}

/** commitKnowledgeBase: one commit for the run. */
export interface CommitKnowledgeBaseInput {
  readonly run: string;
  readonly entryIds: readonly string[];
  readonly logged: readonly LoggedSession[];
  readonly written: WriteSummary;
  readonly files: readonly string[];
}
/** commitKnowledgeBase output: the commit id, or null without git or without changes. */
export interface CommitKnowledgeBaseOutput {
  readonly commit: string | null;
}
