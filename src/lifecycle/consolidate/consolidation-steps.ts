import type { StoredJournalEntry } from "../../model/records/journal-entry.js";
import type { LoggedSession } from "../sessions/session-unconsumed.js";
import type { ConsolidationPlan } from "./consolidation-plan.js";
import type { Prompt, PromptNote, PromptSession } from "./consolidation-prompt.js";
import type { WriteSummary } from "./write-plan.js";

/** The names of the steps, in the order the machine runs them. */
export const CONSOLIDATION_STEPS = [
  "loadJournals",
  "fetchSessions",
  "selectRelatedNotes",
  "runAgent",
  "parseOutput",
  "writeNotes",
  "markConsolidated",
  "commitRun",
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
  /**
   * Random, drawn once when the plan is saved, and mixed into every id the run derives (its
   * created notes, its conflict copies): two clones consolidating the same synced journal entry
   * share the run key but never an id. Absent in plans saved before it existed.
   */
  readonly salt?: string;
  /** The journal entries the run consumes (those whose transcript could be read). */
  readonly entryIds: readonly string[];
  /** The session-log sections the plan was made from, as `path#number`. */
  readonly sessions: readonly string[];
  /**
   * The version of each note as the prompt showed it, by id: a planned update applies only
   * while its note is still that version (or already carries the planned text). A plan saved
   * before versions existed has none, and its updates are kept beside their notes instead.
   */
  readonly expected?: Readonly<Record<string, string>>;
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
  /** Every id a note carries, archived included: links to anything else are refused. */
  readonly knownIds?: readonly string[];
  /** Every note in the inbox now, shown or not (kept records of others are forgotten). */
  readonly inboxNow?: readonly string[];
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
  readonly unreadable: readonly UnreadableEntry[];
  /** Entries beyond this run's session budget: left pending for the next run. */
  readonly deferred: readonly string[];
  /** What the readers had to work around in sessions they did read, per entry. */
  readonly warnings?: readonly SessionWarning[];
}

/**
 * An entry whose session was not read, and why. `refused`: its source can never be read
 * (a credential store, a path outside the allowed folders), so the run sets it aside in
 * `journal/invalid/` rather than keep it pending; `quarantined` says that was done.
 */
export interface UnreadableEntry {
  readonly id: string;
  readonly reason: string;
  readonly refused?: boolean;
  readonly quarantined?: boolean;
}

/** A reader's warning about one entry's session (invalid UTF-8, skipped lines, ...). */
export interface SessionWarning {
  readonly id: string;
  readonly warning: string;
}

/** The `selectRelatedNotes` step: related notes, rendered within their budget. */
export interface SelectRelatedNotesInput {
  readonly sessions: readonly PromptSession[];
  readonly inbox: readonly PromptNote[];
}
/** The `selectRelatedNotes` step's output. */
export interface SelectRelatedNotesOutput {
  /**
   * The related notes, rendered. The field keeps its name: it is the contract a host's
   * replacement step returns.
   */
  readonly context: string;
  readonly noteIds: readonly string[];
  /** Of noteIds, those shown cut: they may be appended to, never rewritten. */
  readonly cutIds?: readonly string[];
  /** The version of each note shown, by id: an update applies only to that version. */
  readonly hashes?: Readonly<Record<string, string>>;
  readonly prompt: Prompt;
}

/** @deprecated use SelectRelatedNotesInput */
export type SelectContextInput = SelectRelatedNotesInput;
/** @deprecated use SelectRelatedNotesOutput */
export type SelectContextOutput = SelectRelatedNotesOutput;

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
  /** Notes shown whole (only these may be rewritten); undefined: all updatable ones. */
  readonly shownIds?: readonly string[];
  /** Notes shown cut: append only. */
  readonly cutIds?: readonly string[];
  /** Every id a note carries; undefined: links are not checked. */
  readonly knownIds?: readonly string[];
}
/** parseOutput output. */
export interface ParseOutputOutput {
  readonly plan: ConsolidationPlan;
  readonly repaired: boolean;
}

/**
 * The input of the step that writes the plan's notes (the machine's `writeNotes` actor):
 * the plan written through the safe operations.
 */
export interface WriteNotesInput {
  readonly run: string;
  readonly plan: ConsolidationPlan;
  readonly saved: SavedRun | undefined;
  /** Saved with the plan, so a resumed run consumes exactly these. */
  readonly entryIds: readonly string[];
  /** The session-log sections the plan covers, saved likewise. */
  readonly sessions: readonly string[];
  /** The version of each note the prompt showed: an update applies only over that version. */
  readonly expected?: Readonly<Record<string, string>>;
}
/** What the step that writes the plan's notes reports: what it wrote. */
export type WriteNotesOutput = WriteSummary;
/** @deprecated Renamed {@link WriteNotesInput} (it writes notes); this alias goes in the next release. */
export type WriteKbEntriesInput = WriteNotesInput;
/** @deprecated Renamed {@link WriteNotesOutput}; this alias goes in the next release. */
export type WriteKbEntriesOutput = WriteNotesOutput;

/** markConsolidated: the consumed entries move to done, the session cursor advances. */
export interface MarkConsolidatedInput {
  readonly run: string;
  readonly entryIds: readonly string[];
  readonly logged: readonly LoggedSession[];
  readonly written: WriteSummary;
  /** The version of each inbox note shown, so a kept one is not shown again unchanged. */
  readonly inboxHashes?: Readonly<Record<string, string>>;
  /** Every note in the inbox when the run started. */
  readonly inboxNow?: readonly string[];
}
/** markConsolidated output: the journal and cursor files it changed. */
export interface MarkConsolidatedOutput {
  readonly files: readonly string[];
}

/**
 * The input of the step that commits the run (the machine's `commitRun` actor):
 * one commit for the run.
 */
export interface CommitRunInput {
  readonly run: string;
  readonly entryIds: readonly string[];
  readonly logged: readonly LoggedSession[];
  readonly written: WriteSummary;
  readonly files: readonly string[];
}
/** What the step that commits the run reports: the commit id, or null without git or changes. */
export interface CommitRunOutput {
  readonly commit: string | null;
}
/** @deprecated Renamed {@link CommitRunInput} (it commits the run); this alias goes in the next release. */
export type CommitKnowledgeBaseInput = CommitRunInput;
/** @deprecated Renamed {@link CommitRunOutput}; this alias goes in the next release. */
export type CommitKnowledgeBaseOutput = CommitRunOutput;
