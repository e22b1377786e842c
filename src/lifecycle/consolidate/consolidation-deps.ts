import type { Journal } from "../journal/journal.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { Git } from "../../ports/git.js";
import type { ModelCalls, SpendFigures } from "../spend/spend-meter.js";
import type { Persistence } from "../../ports/persistence.js";
import type { SessionLog } from "../sessions/session-log.js";
import type { SessionReaders } from "../../ports/session-reader.js";
import type { StaleReferences } from "../../notes/verify/stale-references.js";

/** Token budgets (4 characters a token) for the parts of the consolidation prompt. */
export interface ConsolidationBudget {
  /** Related existing notes. Default 12,000. */
  readonly contextTokens: number;
  /** Session transcripts and session-log sections together. Default 24,000. */
  readonly sessionTokens: number;
  /** Inbox notes. Default 6,000. */
  readonly inboxTokens: number;
}

/** The defaults: a prompt of at most about 45,000 tokens, whatever the memory's size. */
export const DEFAULT_CONSOLIDATION_BUDGET: ConsolidationBudget = {
  contextTokens: 12_000,
  sessionTokens: 24_000,
  inboxTokens: 6_000,
};

/** Characters per token, for budgets. */
export const CHARS_PER_TOKEN = 4;

/** What the default consolidation actors are built from. */
export interface ConsolidationDeps {
  readonly memory: NotesMemory;
  readonly persistence: Persistence;
  readonly journal: Journal;
  readonly sessionLog: SessionLog;
  readonly readers: SessionReaders;
  /** The model, metered: each call is counted and checked against the spend caps. */
  readonly llm: ModelCalls;
  /** What the run's model calls spent so far (for the commit's trailer); none: no trailer. */
  readonly spend?: () => SpendFigures;
  readonly git: Git | undefined;
  readonly now: () => number;
  readonly budget: ConsolidationBudget;
  /** The shown notes' references the project no longer has (absent: no project to check). */
  readonly staleReferences?: StaleReferences;
}

/** The folder where interrupted runs' plans wait for the re-run. */
export const RUNS_FOLDER = "journal/runs";

/** Where an interrupted run's plan waits for the re-run. */
export function runManifestPath(run: string): string {
  return `${RUNS_FOLDER}/${run}.json`;
}
