import { errAsync, type ResultAsync } from "neverthrow";
import { bindAgentsMd, type AgentsMdFunction } from "./lifecycle/agents-md/agents-md-api.js";
import { nodeLockHost } from "./adapters/lock-host/node-lock-host.js";
import { PIPELINE_LOCK_PATH } from "./lifecycle/machine/pipeline-lock.js";
import { runLifecycle, type RunOptions, type RunReport } from "./lifecycle/run/run-lifecycle.js";
import { analyzeMemory } from "./notes/analysis/analyze.js";
import { createIndexNoteApi } from "./notes/tiers/index-api.js";
import {
  bindConsolidation,
  type ConsolidationApi,
} from "./lifecycle/consolidate/consolidation-api.js";
import type { ConsolidationBudget } from "./lifecycle/consolidate/consolidation-deps.js";
import { bindDefrag, type DefragApi } from "./lifecycle/defrag/defrag-api.js";
import type { DefragGuardrails } from "./lifecycle/defrag/validate-decision.js";
import { runDoctor } from "./notes/graph/doctor.js";
import { loadGraph } from "./notes/graph/graph-view.js";
import { createLinkIndex } from "./notes/graph/link-index.js";
import { brokenLinks, deadEndIds, noteLinks, orphanIds } from "./notes/graph/link-queries.js";
import { generateId } from "./model/id.js";
import type { NotesMemory } from "./notes/notes-memory.js";
import { captureNote } from "./notes/capture.js";
import { commitMemory } from "./notes/commit-memory.js";
import { listNotes } from "./notes/list.js";
import { createMemoryLock, type LockOptions } from "./notes/memory-lock.js";
import { mergeNotes } from "./notes/merge.js";
import { moveNote } from "./notes/move.js";
import { createNoteStore } from "./notes/note-store.js";
import { serialized, type NotesContext } from "./notes/notes-context.js";
import { readNote } from "./notes/read.js";
import { removeNote } from "./notes/remove.js";
import { renameNote } from "./notes/rename.js";
import { createSerialQueue } from "./shared/serial-queue.js";
import { updateNote } from "./notes/update.js";
import { appendToNote } from "./notes/append.js";
import { GitError, InvalidInputError, type PipelineError } from "./errors.js";
import type { Git } from "./ports/git.js";
import type { Llm } from "./ports/llm.js";
import type { Persistence } from "./ports/persistence.js";
import { createSearchIndex } from "./notes/search/search-index.js";
import { searchNotes } from "./notes/search/search-notes.js";
import { createEmbeddings } from "./notes/search/embeddings.js";
import type { Embedder } from "./ports/embedder.js";
import type { SessionReaders } from "./ports/session-reader.js";

/** The ports and options a memory is built from. */
export interface MemoryOptions {
  /** Where the notes live. */
  readonly persistence: Persistence;
  /** Commits and timestamps; without it there are no commits and times come from mtimes. */
  readonly git?: Git;
  /** The model consolidation and defrag use; everything else works without it. */
  readonly llm?: Llm;
  /**
   * Turns on hybrid search: note vectors (cached in `.agent-memory/vectors/`) ranked beside
   * the words. Without it, search is lexical.
   */
  readonly embedder?: Embedder;
  /** The clock (epoch ms), for tests. Default `Date.now`. */
  readonly now?: () => number;
  /** The id source, for tests. Default: crypto-random base62 ids. */
  readonly generateId?: () => string;
  /** Tuning for the lock that keeps other processes out during a mutation. */
  readonly lock?: LockOptions;
  /**
   * Session readers by journal retrieval method. None by default: pass
   * `defaultSessionReaders({ fs })` from `agent-memory/adapters` for the `file` and `jsonl`
   * methods, plus any of your own ("command", "amp-thread", ...).
   */
  readonly sessionReaders?: SessionReaders;
  /** Token budgets of the consolidation prompt. */
  readonly consolidationBudget?: Partial<ConsolidationBudget>;
  /** Limits one defrag run may not exceed (archive and merge shares, tier sizes). */
  readonly defragGuardrails?: Partial<DefragGuardrails>;
}

/** A memory: the note operations over one memory root, then the lifecycle built on them. */
export type Memory = NotesMemory & ConsolidationApi & DefragApi & LifecycleApi;

/** The end of the lifecycle: the AGENTS.md section, and the whole run. */
export interface LifecycleApi {
  /** Writes the AGENTS.md section (hot notes inlined, warm listed) into a target file. */
  readonly agentsMd: AgentsMdFunction;
  /** Commit, pull, consolidate, defrag when due, AGENTS.md, commit, push. */
  run(options?: RunOptions): ResultAsync<RunReport, PipelineError>;
}

/**
 * Wires the ports into a memory.
 *
 * @example
 * ```ts
 * const ports = await inMemoryPorts();
 * if (ports.isErr()) throw ports.error;
 * const memory = createMemory(ports.value);
 * const note = await memory.capture({ title: "Igor is a designer", body: "He works on [[id__Kf9mNp|console]]." });
 * ```
 */
export function createMemory(options: MemoryOptions): Memory {
  const lockOptions = { host: nodeLockHost(), ...options.lock };
  const acquirePipelineLock = createMemoryLock(options.persistence, {
    ...lockOptions,
    path: PIPELINE_LOCK_PATH,
    timeoutMs: 3_000,
  });
  const ctx: NotesContext = {
    persistence: options.persistence,
    git: options.git,
    store: createNoteStore(options.persistence),
    links: createLinkIndex(),
    queue: createSerialQueue(),
    acquireLock: createMemoryLock(options.persistence, lockOptions),
    now: options.now ?? Date.now,
    generateId: options.generateId ?? (() => generateId()),
  };
  const searchIndex = createSearchIndex();
  const embeddings =
    options.embedder === undefined
      ? undefined
      : createEmbeddings(ctx.persistence, options.embedder);
  const notes: NotesMemory = {
    capture: (input, captureOptions) => captureNote(ctx, input, captureOptions),
    read: (id) => readNote(ctx, id),
    list: (filter) => listNotes(ctx, filter),
    update: (id, patch, mutation) => updateNote(ctx, id, patch, mutation),
    append: (id, section, mutation) => appendToNote(ctx, id, section, mutation),
    commit: (message) => {
      const git = ctx.git;
      if (git === undefined) {
        return errAsync(
          new GitError(
            "This memory has no git port, so it cannot commit: pass `git` (gitCli or isomorphicGit) to createMemory.",
          ),
        );
      }
      if (message.trim() === "") {
        return errAsync(new InvalidInputError("A commit needs a message that says what changed."));
      }
      return serialized(ctx, () => commitMemory(git, message));
    },
    links: (id) => noteLinks(ctx, id),
    orphans: () => orphanIds(ctx),
    deadEnds: () => deadEndIds(ctx),
    brokenLinks: () => brokenLinks(ctx),
    refresh: () => {
      ctx.store.invalidate();
      return loadGraph(ctx).map(() => undefined);
    },
    rename: (id, title, mutation) => renameNote(ctx, id, title, mutation),
    move: (id, status, mutation) => moveNote(ctx, id, status, mutation),
    archive: (id, mutation) => moveNote(ctx, id, "archived", mutation),
    merge: (sourceIds, targetId, mergeOptions) =>
      mergeNotes(ctx, sourceIds, targetId, mergeOptions),
    remove: (id, removeOptions) => removeNote(ctx, id, removeOptions),
    doctor: (doctorOptions) => runDoctor(ctx, doctorOptions),
    search: (query, searchOptions) =>
      searchNotes(ctx, searchIndex, query, searchOptions, embeddings),
    updateVectors: () =>
      embeddings === undefined
        ? errAsync(
            new InvalidInputError(
              "This memory has no embedder, so it has no vectors: pass `embedder` to createMemory.",
            ),
          )
        : ctx.store.snapshot().andThen((snapshot) => embeddings.update(snapshot)),
    analyze: (analysisOptions) => analyzeMemory(ctx, analysisOptions),
    index: createIndexNoteApi(ctx),
  };
  const lifecycle = bindConsolidation(notes, {
    persistence: ctx.persistence,
    git: ctx.git,
    llm: options.llm,
    now: ctx.now,
    queue: ctx.queue,
    acquireLock: ctx.acquireLock,
    acquirePipelineLock,
    ...(options.sessionReaders === undefined ? {} : { sessionReaders: options.sessionReaders }),
    ...(options.consolidationBudget === undefined ? {} : { budget: options.consolidationBudget }),
  });
  const defrag = bindDefrag(notes, {
    persistence: ctx.persistence,
    git: ctx.git,
    llm: options.llm,
    now: ctx.now,
    acquirePipelineLock,
    ...(options.defragGuardrails === undefined ? {} : { guardrails: options.defragGuardrails }),
  });
  const agentsMd = bindAgentsMd(notes, ctx.persistence);
  const memory: Memory = {
    ...notes,
    ...lifecycle,
    ...defrag,
    agentsMd,
    run: (runOptions) =>
      runLifecycle(
        {
          memory,
          persistence: ctx.persistence,
          git: ctx.git,
          now: ctx.now,
          exclusive: (task) => serialized(ctx, task),
        },
        runOptions,
      ),
  };
  return memory;
}
