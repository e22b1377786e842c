import { assign, fromPromise, setup } from "xstate";
import type { ConsolidationPlan } from "./consolidation-plan.js";
import type {
  CommitRunInput,
  CommitRunOutput,
  ConsolidationStep,
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
  SessionWarning,
  SelectRelatedNotesOutput,
  UnreadableEntry,
  WriteNotesInput,
  WriteNotesOutput,
} from "./consolidation-steps.js";
import { RENAMED_CONSOLIDATION_STEPS } from "./renamed-steps.js";
import { acceptingRenamedActors } from "../machine/renamed-actors.js";
import type { KeptConflict, WriteSummary } from "./write-plan.js";
import type { SpendFigures } from "../spend/spend-meter.js";

/** What a run is started with. */
export interface ConsolidationMachineInput {
  /** Validate the model's plan and stop: nothing is written. */
  readonly dryRun?: boolean;
}

/** How a run ended. */
export type ConsolidationOutput =
  | {
      readonly status: "done";
      readonly run: string;
      /** Journal entry ids consumed (moved to done). */
      readonly consumed: readonly string[];
      /** Session-log sections consumed, as `path#number`. */
      readonly consumedSessions: readonly string[];
      readonly created: readonly string[];
      readonly updated: readonly string[];
      readonly inbox: WriteSummary["inbox"];
      readonly commit: string | null;
      /**
       * Entries whose transcript could not be read: left pending, or (`refused`) set aside in
       * `journal/invalid/` with the reason (`quarantined` once done).
       */
      readonly unreadable: readonly UnreadableEntry[];
      /** Entries left pending because they did not fit this run's session budget. */
      readonly deferred: readonly string[];
      /** What the session readers had to work around in the sessions they read. */
      readonly warnings: readonly SessionWarning[];
      /** The validated plan (what a dry run would write). */
      readonly plan: ConsolidationPlan | null;
      readonly dryRun: boolean;
      /** Whether the model's first answer needed its repair attempt. */
      readonly repaired: boolean;
      /**
       * Planned updates not applied because their note changed since the prompt showed it;
       * the model's version of each is kept as an inbox note (keptAs) linked to it.
       */
      readonly conflicts?: readonly KeptConflict[];
      /** How many secrets the scrubber removed from the text this run added. */
      readonly redactions?: number;
      /** What the run's model calls spent (the commit carries it as a Model-Tokens trailer). */
      readonly spend?: SpendFigures;
      /** Notes this run marked as superseded, with their successor, date and reason. */
      readonly superseded?: WriteSummary["superseded"];
      /**
       * Ops of the model's answer refused one by one (rule and reason), by validation or by
       * the memory when applied; the rest of the answer was applied.
       */
      readonly refused?: WriteSummary["refused"];
    }
  | { readonly status: "failed"; readonly step: ConsolidationStep; readonly error: unknown };

const EMPTY_WRITE: WriteSummary = { created: [], updated: [], inbox: [], files: [], redactions: 0 };
const EMPTY_LOAD: LoadJournalsOutput = {
  entries: [],
  logged: [],
  inbox: [],
  updatableIds: [],
  run: "",
  saved: undefined,
};
const EMPTY_FETCH: FetchSessionsOutput = {
  sessions: [],
  readEntryIds: [],
  unreadable: [],
  deferred: [],
};

interface ConsolidationRunData {
  readonly dryRun: boolean;
  readonly loaded: LoadJournalsOutput;
  readonly fetched: FetchSessionsOutput;
  readonly selected: SelectRelatedNotesOutput | undefined;
  readonly answer: string;
  readonly plan: ConsolidationPlan | null;
  readonly repaired: boolean;
  readonly written: WriteSummary;
  readonly markedFiles: readonly string[];
  readonly commit: string | null;
  readonly failure: { readonly step: ConsolidationStep; readonly error: unknown } | undefined;
}

const notProvided = (step: ConsolidationStep) => async (): Promise<never> => {
  throw new Error(
    `The consolidation step "${step}" has no actor: build the machine with memory.consolidationMachine().`,
  );
};

/** The transition a failed step takes: to `failed`, recording which step it was. */
const failAt = (step: ConsolidationStep) =>
  ({ target: "failed", actions: { type: "recordFailure", params: { step } } }) as const;

/**
 * @deprecated The steps' old names, declared so a host's `provide` with one still compiles;
 * `provide` moves an actor given under one of them to its new name (RENAMED_CONSOLIDATION_STEPS),
 * so these placeholders are never invoked. Removed in the next release.
 */
const RENAMED_STEP_PLACEHOLDERS = {
  /** @deprecated Renamed `selectRelatedNotes`. */
  selectContext: fromPromise<SelectRelatedNotesOutput, SelectRelatedNotesInput>(
    notProvided("selectRelatedNotes"),
  ),
  /** @deprecated Renamed `writeNotes`. */
  writeKbEntries: fromPromise<WriteNotesOutput, WriteNotesInput>(notProvided("writeNotes")),
  /** @deprecated Renamed `commitRun`. */
  commitKnowledgeBase: fromPromise<CommitRunOutput, CommitRunInput>(notProvided("commitRun")),
};

/** The machine as declared; exported with `provide` taking the old step names too (below). */
const declaredMachine = setup({
  types: {
    context: {} as ConsolidationRunData,
    input: {} as ConsolidationMachineInput,
    output: {} as ConsolidationOutput,
  },
  actors: {
    loadJournals: fromPromise<LoadJournalsOutput, LoadJournalsInput>(notProvided("loadJournals")),
    fetchSessions: fromPromise<FetchSessionsOutput, FetchSessionsInput>(
      notProvided("fetchSessions"),
    ),
    selectRelatedNotes: fromPromise<SelectRelatedNotesOutput, SelectRelatedNotesInput>(
      notProvided("selectRelatedNotes"),
    ),
    runAgent: fromPromise<RunAgentOutput, RunAgentInput>(notProvided("runAgent")),
    parseOutput: fromPromise<ParseOutputOutput, ParseOutputInput>(notProvided("parseOutput")),
    writeNotes: fromPromise<WriteNotesOutput, WriteNotesInput>(notProvided("writeNotes")),
    markConsolidated: fromPromise<MarkConsolidatedOutput, MarkConsolidatedInput>(
      notProvided("markConsolidated"),
    ),
    commitRun: fromPromise<CommitRunOutput, CommitRunInput>(notProvided("commitRun")),
    ...RENAMED_STEP_PLACEHOLDERS,
  },
  actions: {
    // Every step's onError: the run ends in `failed`, naming the step and keeping its error.
    recordFailure: assign(({ event }, params: { readonly step: ConsolidationStep }) => ({
      failure: { step: params.step, error: "error" in event ? event.error : event },
    })),
  },
  guards: {
    nothingPending: ({ context }) =>
      context.loaded.entries.length === 0 &&
      context.loaded.logged.length === 0 &&
      context.loaded.inbox.length === 0,
    resumesSavedPlan: ({ context }) => context.loaded.saved !== undefined && !context.dryRun,
    nothingReadable: ({ context }) =>
      context.fetched.sessions.length === 0 && context.loaded.inbox.length === 0,
    isDryRun: ({ context }) => context.dryRun,
  },
}).createMachine({
  id: "consolidate",
  context: ({ input }) => ({
    dryRun: input.dryRun === true,
    loaded: EMPTY_LOAD,
    fetched: EMPTY_FETCH,
    selected: undefined,
    answer: "",
    plan: null,
    repaired: false,
    written: EMPTY_WRITE,
    markedFiles: [],
    commit: null,
    failure: undefined,
  }),
  initial: "loadJournals",
  states: {
    loadJournals: {
      invoke: {
        src: "loadJournals",
        input: ({ context }) => ({ dryRun: context.dryRun }),
        onDone: { target: "routeLoaded", actions: assign({ loaded: ({ event }) => event.output }) },
        onError: failAt("loadJournals"),
      },
    },
    routeLoaded: {
      always: [
        { guard: "nothingPending", target: "done" },
        {
          guard: "resumesSavedPlan",
          target: "writeNotes",
          actions: assign({ plan: ({ context }) => context.loaded.saved?.plan ?? null }),
        },
        { target: "fetchSessions" },
      ],
    },
    fetchSessions: {
      invoke: {
        src: "fetchSessions",
        input: ({ context }) => ({
          entries: context.loaded.entries,
          logged: context.loaded.logged,
        }),
        onDone: {
          target: "routeFetched",
          actions: assign({ fetched: ({ event }) => event.output }),
        },
        onError: failAt("fetchSessions"),
      },
    },
    routeFetched: {
      always: [{ guard: "nothingReadable", target: "done" }, { target: "selectRelatedNotes" }],
    },
    selectRelatedNotes: {
      invoke: {
        src: "selectRelatedNotes",
        input: ({ context }) => ({
          sessions: context.fetched.sessions,
          inbox: context.loaded.inbox,
        }),
        onDone: { target: "runAgent", actions: assign({ selected: ({ event }) => event.output }) },
        onError: failAt("selectRelatedNotes"),
      },
    },
    runAgent: {
      invoke: {
        src: "runAgent",
        input: ({ context }) => ({
          prompt: context.selected?.prompt ?? { system: "", prompt: "" },
        }),
        onDone: {
          target: "parseOutput",
          actions: assign({ answer: ({ event }) => event.output.answer }),
        },
        onError: failAt("runAgent"),
      },
    },
    parseOutput: {
      invoke: {
        src: "parseOutput",
        input: ({ context }) => ({
          prompt: context.selected?.prompt ?? { system: "", prompt: "" },
          answer: context.answer,
          updatableIds: context.loaded.updatableIds,
          inboxIds: context.loaded.inbox.map((note) => note.id),
          ...shownNotes(context),
          ...(context.loaded.knownIds === undefined ? {} : { knownIds: context.loaded.knownIds }),
        }),
        onDone: {
          target: "routeParsed",
          actions: assign({
            plan: ({ event }) => event.output.plan,
            repaired: ({ event }) => event.output.repaired,
          }),
        },
        onError: failAt("parseOutput"),
      },
    },
    routeParsed: {
      always: [{ guard: "isDryRun", target: "done" }, { target: "writeNotes" }],
    },
    writeNotes: {
      invoke: {
        src: "writeNotes",
        input: ({ context }) => ({
          run: context.loaded.run,
          plan: context.plan ?? { creates: [], updates: [], inbox: [] },
          saved: context.loaded.saved,
          entryIds: consumedEntryIds(context),
          sessions: context.loaded.logged.map((session) => `${session.path}#${session.number}`),
          expected: { ...inboxHashes(context), ...context.selected?.hashes },
        }),
        onDone: {
          target: "markConsolidated",
          actions: assign({ written: ({ event }) => event.output }),
        },
        onError: failAt("writeNotes"),
      },
    },
    markConsolidated: {
      invoke: {
        src: "markConsolidated",
        input: ({ context }) => ({
          run: context.loaded.run,
          entryIds: consumedEntryIds(context),
          logged: context.loaded.logged,
          written: context.written,
          inboxHashes: inboxHashes(context),
          ...(context.loaded.inboxNow === undefined ? {} : { inboxNow: context.loaded.inboxNow }),
        }),
        onDone: {
          target: "commitRun",
          actions: assign({ markedFiles: ({ event }) => event.output.files }),
        },
        onError: failAt("markConsolidated"),
      },
    },
    commitRun: {
      invoke: {
        src: "commitRun",
        input: ({ context }) => ({
          run: context.loaded.run,
          entryIds: consumedEntryIds(context),
          logged: context.loaded.logged,
          written: context.written,
          files: [...context.written.files, ...context.markedFiles],
        }),
        onDone: { target: "done", actions: assign({ commit: ({ event }) => event.output.commit }) },
        onError: failAt("commitRun"),
      },
    },
    done: { type: "final" },
    failed: { type: "final" },
  },
  output: ({ context }): ConsolidationOutput => {
    if (context.failure !== undefined) return { status: "failed", ...context.failure };
    const wrote = !context.dryRun && context.written !== EMPTY_WRITE;
    return {
      status: "done",
      run: context.loaded.run,
      consumed: wrote ? consumedEntryIds(context) : [],
      consumedSessions: wrote ? context.loaded.logged.map((s) => `${s.path}#${s.number}`) : [],
      created: context.written.created,
      updated: context.written.updated,
      inbox: context.written.inbox,
      commit: context.commit,
      unreadable: context.fetched.unreadable,
      deferred: context.fetched.deferred,
      warnings: context.fetched.warnings ?? [],
      plan: context.plan,
      dryRun: context.dryRun,
      repaired: context.repaired,
      conflicts: context.written.conflicts ?? [],
      redactions: context.written.redactions,
      superseded: context.written.superseded ?? [],
      refused: context.written.refused ?? context.plan?.refused ?? [],
    };
  },
});

/**
 * The consolidation machine. Each step is a named actor; this declaration carries
 * placeholders, and `memory.consolidationMachine()` provides the defaults built from the
 * memory's ports. A host replaces any step with `machine.provide({ actors: { runAgent } })`
 * (an actor under a step's old name, such as `writeKbEntries`, replaces the renamed step
 * until the next release). A step that throws ends the run in `failed` naming the step;
 * nothing after it runs.
 */
export const consolidationMachine = acceptingRenamedActors(
  declaredMachine,
  RENAMED_CONSOLIDATION_STEPS,
);

/** A resumed run consumes what its key was computed from; a fresh one what could be read. */
function consumedEntryIds(context: ConsolidationRunData): readonly string[] {
  return context.loaded.saved !== undefined && !context.dryRun
    ? context.loaded.saved.entryIds
    : context.fetched.readEntryIds;
}

/** The versions of the inbox notes the prompt showed, by id. */
function inboxHashes(context: ConsolidationRunData): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const note of context.loaded.inbox) if (note.hash !== undefined) hashes[note.id] = note.hash;
  return hashes;
}

/**
 * Which notes the prompt showed whole (only those may be rewritten) and which cut (append
 * only). A host's selectRelatedNotes step that reports no cut notes is taken at its word.
 */
function shownNotes(context: ConsolidationRunData): {
  shownIds: readonly string[];
  cutIds: readonly string[];
} {
  const cut = [
    ...context.loaded.inbox.filter((note) => note.cut === true).map((note) => note.id),
    ...(context.selected?.cutIds ?? []),
  ];
  const cutSet = new Set(cut);
  const shown = [
    ...context.loaded.inbox.map((note) => note.id),
    ...(context.selected?.noteIds ?? []),
  ].filter((id) => !cutSet.has(id));
  return { shownIds: shown, cutIds: cut };
}
