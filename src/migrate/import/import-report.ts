/**
 * What an import did (or, in a dry run, would do): the library returns it, the CLI prints it.
 *
 * @module
 */
import type { ImportKindName, ImportProblem } from "./import-kind.js";
import type { ImportAction } from "./import-decisions.js";
import type { PlannedSplit } from "./import-plan.js";

/** One note of the import and what became of it. */
export interface ImportedNoteOutcome {
  readonly key: string;
  readonly id: string;
  readonly title: string;
  readonly action: ImportAction;
  /** The note's path after the import (before it, in a dry run: where a new note would go). */
  readonly path?: string;
  /** The source file and section the note came from. */
  readonly file: string;
  readonly section?: string;
}

/** Secrets redacted from one note's text: how many of each kind, never the secrets. */
export interface ImportRedaction {
  readonly key: string;
  readonly id: string;
  readonly kinds: Readonly<Record<string, number>>;
}

/** A note the memory refused (an input it cannot take): not written, the rest goes on. */
export interface ImportFailure {
  readonly key: string;
  readonly reason: string;
}

/** What an import did. */
export interface ImportReport {
  readonly dryRun: boolean;
  readonly kind: ImportKindName;
  /** The source's name, which with the kind names its record. */
  readonly source: string;
  /** The status new notes got. */
  readonly status: "inbox" | "active";
  /** The import record's path, relative to the memory root. */
  readonly record: string;
  readonly notes: readonly ImportedNoteOutcome[];
  readonly counts: Readonly<Record<ImportAction, number>>;
  readonly links: { readonly resolved: number; readonly unresolved: number };
  readonly splits: readonly PlannedSplit[];
  readonly redactions: readonly ImportRedaction[];
  readonly problems: readonly ImportProblem[];
  readonly failed: readonly ImportFailure[];
  /** The import's one commit, or null (dry run, commit not asked, nothing changed, or it failed). */
  readonly commit: string | null;
  /** Set when the commit was asked for and failed: why; the notes are written, uncommitted. */
  readonly notCommitted?: string;
}
