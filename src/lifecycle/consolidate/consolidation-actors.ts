import { fromPromise } from "xstate";
import type { Result } from "neverthrow";
import type {
  CommitRunInput,
  CommitRunOutput,
  FetchSessionsInput,
  FetchSessionsOutput,
  LoadJournalsInput,
  LoadJournalsOutput,
  MarkConsolidatedInput,
  MarkConsolidatedOutput,
  ParseOutputInput,
  ParseOutputOutput,
  RunAgentInput,
  RunAgentOutput,
  SelectRelatedNotesInput,
  SelectRelatedNotesOutput,
  WriteNotesInput,
  WriteNotesOutput,
} from "./consolidation-steps.js";
import type { ConsolidationDeps } from "./consolidation-deps.js";
import { commitRun } from "./commit-run.js";
import { fetchSessionTexts } from "./fetch-session-texts.js";
import { loadPending } from "./load-pending.js";
import { markDone } from "./mark-done.js";
import { parseAnswer } from "./parse-answer.js";
import { selectRelatedNotes } from "./select-related-notes.js";
import { writeEntries } from "./write-entries.js";

/** An Err becomes a thrown tagged error, so the machine's onError fires with it. */
async function orThrow<T, E>(result: Promise<Result<T, E>>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw settled.error;
  return settled.value;
}

/**
 * The default consolidation actors, built from a memory's ports. Each wraps a plain async
 * function (loadPending, fetchSessionTexts, ...) that tests can call directly; the actor's
 * abort signal reaches the session readers and the LLM.
 */
export function createConsolidationActors(deps: ConsolidationDeps) {
  return {
    loadJournals: fromPromise<LoadJournalsOutput, LoadJournalsInput>(({ input }) =>
      orThrow(loadPending(deps, input)),
    ),
    fetchSessions: fromPromise<FetchSessionsOutput, FetchSessionsInput>(({ input, signal }) =>
      fetchSessionTexts(deps, input, signal),
    ),
    selectRelatedNotes: fromPromise<SelectRelatedNotesOutput, SelectRelatedNotesInput>(
      ({ input }) => orThrow(selectRelatedNotes(deps, input)),
    ),
    runAgent: fromPromise<RunAgentOutput, RunAgentInput>(async ({ input, signal }) => ({
      answer: await orThrow(
        Promise.resolve(deps.llm.complete({ ...input.prompt, signal }, { batch: 1, of: 1 })),
      ),
    })),
    parseOutput: fromPromise<ParseOutputOutput, ParseOutputInput>(({ input, signal }) =>
      orThrow(parseAnswer(deps.llm, input, signal)),
    ),
    writeNotes: fromPromise<WriteNotesOutput, WriteNotesInput>(({ input }) =>
      orThrow(writeEntries(deps, input)),
    ),
    markConsolidated: fromPromise<MarkConsolidatedOutput, MarkConsolidatedInput>(({ input }) =>
      orThrow(markDone(deps, input)),
    ),
    commitRun: fromPromise<CommitRunOutput, CommitRunInput>(async ({ input }) => ({
      commit: await orThrow(commitRun(deps, input)),
    })),
  };
}

/** The default actors' type: what `machine.provide({ actors })` accepts, step by step. */
export type ConsolidationActors = ReturnType<typeof createConsolidationActors>;

/**
 * @deprecated The steps' old names (RENAMED_CONSOLIDATION_STEPS): an actor given under one
 * replaces the renamed step. Removed in the next release.
 */
export type RenamedConsolidationActors = {
  /** @deprecated Renamed `selectRelatedNotes`. */
  readonly selectContext: ConsolidationActors["selectRelatedNotes"];
  /** @deprecated Renamed `writeNotes`. */
  readonly writeKbEntries: ConsolidationActors["writeNotes"];
  /** @deprecated Renamed `commitRun`. */
  readonly commitKnowledgeBase: ConsolidationActors["commitRun"];
};

/** The steps a run may replace (`memory.consolidate({ actors })`), under their names or old ones. */
export type ConsolidationStepOverrides = Partial<ConsolidationActors> &
  Partial<RenamedConsolidationActors>;
