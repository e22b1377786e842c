import type { StaleReferences } from "../../notes/verify/stale-references.js";
import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { createJournal, type Journal } from "../journal/journal.js";
import { cloneIdOf } from "../journal/clone-id.js";
import {
  BudgetError,
  LlmError,
  type LockError,
  type PersistenceError,
  type PipelineError,
} from "../../errors.js";
import { withPipelineLock } from "../machine/pipeline-lock.js";
import type { Git } from "../../ports/git.js";
import type { Llm } from "../../ports/llm.js";
import type { Persistence } from "../../ports/persistence.js";
import type { AcquireLock } from "../../notes/memory-lock.js";
import type { SerialQueue } from "../../shared/serial-queue.js";
import { createSessionLog, type SessionLog } from "../sessions/session-log.js";
import type { SessionReaders } from "../../ports/session-reader.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import {
  createConsolidationActors,
  type ConsolidationStepOverrides,
} from "./consolidation-actors.js";
import { DEFAULT_CONSOLIDATION_BUDGET, type ConsolidationBudget } from "./consolidation-deps.js";
import { consolidationMachine } from "./consolidation-machine.js";
import { quarantineRefused } from "./quarantine-refused.js";
import type { ModelCalls, SpendFigures } from "../spend/spend-meter.js";
import { meterFor, type RunSpendOptions, type SpendWiring } from "../spend/spend-wiring.js";
import {
  runConsolidation,
  type ConsolidateOptions,
  type ConsolidationReport,
} from "./run-consolidation.js";

/** The lifecycle's first half: signals in, consolidation out. */
export interface ConsolidationApi {
  /** The journal queue of signals waiting for consolidation. */
  readonly journal: Journal;
  /** The per-agent, per-day session log. */
  readonly sessionLog: SessionLog;
  /**
   * The consolidation machine with this memory's default actors; replace any step with
   * `.provide({ actors: { runAgent: myActor } })` and run it with `runConsolidation`.
   */
  consolidationMachine(): typeof consolidationMachine;
  /**
   * Runs consolidation; `actors` replaces default steps for this run (an actor under a step's
   * old name replaces the renamed step until the next release).
   */
  consolidate(
    options?: ConsolidateOptions &
      RunSpendOptions & { readonly actors?: ConsolidationStepOverrides },
  ): ResultAsync<
    ConsolidationReport,
    PipelineError | LlmError | LockError | PersistenceError | BudgetError
  >;
}

/** What the consolidation half of a memory is built from. */
export interface ConsolidationWiring {
  readonly persistence: Persistence;
  readonly git: Git | undefined;
  readonly llm: Llm | undefined;
  readonly now: () => number;
  readonly queue: SerialQueue;
  readonly acquireLock: AcquireLock | undefined;
  /** The journal's lock, held by journal.addOnce from its look to its write; undefined: none. */
  readonly acquireJournalLock?: AcquireLock | undefined;
  /** The lock a whole run holds, so two runs never overlap; undefined: none. */
  readonly acquirePipelineLock: AcquireLock | undefined;
  /** Readers by retrieval method; none unless the host passes them. */
  readonly sessionReaders?: SessionReaders;
  readonly budget?: Partial<ConsolidationBudget>;
  /** How model calls are metered and capped. */
  readonly spend: SpendWiring;
  /** Verify findings for the prompt's notes (see `staleReferencesIn`). */
  readonly staleReferences?: StaleReferences;
}

const NO_LLM =
  "This memory has no LLM, so it cannot consolidate: pass `llm` to createMemory " +
  '(llmFromCommand({ command: "claude", args: ["-p"] }), llmFromAiSdk(...) or llmFromFunction(...)).';

/** Builds the journal, the session log and consolidation over a memory's notes. */
export function bindConsolidation(
  notes: NotesMemory,
  wiring: ConsolidationWiring,
): ConsolidationApi {
  const journal = createJournal({
    persistence: wiring.persistence,
    now: wiring.now,
    acquireLock: wiring.acquireJournalLock,
    cloneId: onceOk(() => cloneIdOf(wiring.persistence)),
  });
  const sessionLog = createSessionLog({
    persistence: wiring.persistence,
    now: wiring.now,
    acquireLock: wiring.acquireLock,
    run: (task) => wiring.queue.run(task),
  });
  // No default readers here: which filesystem transcripts come from is the host's choice.
  const readers: SessionReaders = wiring.sessionReaders ?? {};
  const budget = { ...DEFAULT_CONSOLIDATION_BUDGET, ...wiring.budget };
  const machineFor = (llm: ModelCalls, spend?: () => SpendFigures) =>
    consolidationMachine.provide({
      actors: createConsolidationActors({
        memory: notes,
        persistence: wiring.persistence,
        journal,
        sessionLog,
        readers,
        llm,
        git: wiring.git,
        now: wiring.now,
        budget,
        ...(spend === undefined ? {} : { spend }),
        ...(wiring.staleReferences === undefined
          ? {}
          : { staleReferences: wiring.staleReferences }),
      }),
    });
  const meter = (options: RunSpendOptions = {}) =>
    meterFor(
      "consolidate",
      wiring.llm ?? LLM_PLACEHOLDER,
      wiring.persistence,
      wiring.now,
      wiring.spend,
      options,
    );
  return {
    journal,
    sessionLog,
    consolidationMachine: () => {
      const metered = meter();
      return machineFor(metered, () => metered.figures());
    },
    consolidate: (options = {}) => {
      // A host that brings its own runAgent step needs no LLM port.
      if (wiring.llm === undefined && options.actors?.runAgent === undefined)
        return errAsync(new LlmError(NO_LLM));
      const metered = meter(options);
      const base = machineFor(metered, () => metered.figures());
      const machine =
        options.actors === undefined ? base : base.provide({ actors: options.actors });
      return withPipelineLock(wiring.acquirePipelineLock, () =>
        runConsolidation(machine, options)
          // A call the caps refused stopped the run before anything was written: BUDGET.
          .mapErr((error) => (error.cause instanceof BudgetError ? error.cause : error))
          .map((report) => ({ ...report, spend: metered.figures() }))
          .andThen((report) =>
            options.dryRun === true
              ? okAsync(report)
              : quarantineRefused(journal, wiring.git, report).andThen((kept) =>
                  noteUnread(journal, kept),
                ),
          ),
      );
    },
  };
}

/** Stands in for a missing LLM in a machine a host will give its own runAgent. */
const LLM_PLACEHOLDER: Llm = {
  complete: () => errAsync(new LlmError(NO_LLM)),
};

/**
 * Records why the entries left unread were not consumed (for `memory journal list`) and
 * forgets the reasons of those consumed. The run has already applied: a failure here only
 * becomes a warning in the report, never a failed run.
 */
function noteUnread(
  journal: Journal,
  report: ConsolidationReport,
): ResultAsync<ConsolidationReport, never> {
  return journal
    .noteUnread(report.unreadable.filter((entry) => entry.quarantined !== true))
    .andThen(() =>
      journal.forgetUnread([
        ...report.consumed,
        ...report.unreadable.filter((entry) => entry.quarantined === true).map((entry) => entry.id),
      ]),
    )
    .map(() => report)
    .orElse((error) =>
      okAsync({
        ...report,
        warnings: [
          ...report.warnings,
          { id: "", warning: `could not record why entries were left unread: ${error.message}` },
        ],
      }),
    );
}

/** `make` called until it succeeds once; its value kept from then on. */
function onceOk<T, E>(make: () => ResultAsync<T, E>): () => ResultAsync<T, E> {
  let kept: T | undefined;
  return () => (kept === undefined ? make().map((value) => (kept = value)) : okAsync(kept));
}
