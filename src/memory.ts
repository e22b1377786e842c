import type { ResultAsync } from "neverthrow";
import { bindAgentsMd, type AgentsMdFunction } from "./lifecycle/agents-md/agents-md-api.js";
import { nodeLockHost } from "./adapters/lock-host/node-lock-host.js";
import { gptTokenizer } from "./adapters/tokenizer/gpt-tokenizer.js";
import { PIPELINE_LOCK_PATH } from "./lifecycle/machine/pipeline-lock.js";
import { JOURNAL_LOCK_PATH } from "./lifecycle/journal/journal-paths.js";
import { runLifecycle, type RunOptions, type RunReport } from "./lifecycle/run/run-lifecycle.js";
import {
  bindConsolidation,
  type ConsolidationApi,
} from "./lifecycle/consolidate/consolidation-api.js";
import type { ConsolidationBudget } from "./lifecycle/consolidate/consolidation-deps.js";
import { bindDefrag, type DefragApi } from "./lifecycle/defrag/defrag-api.js";
import type { DefragGuardrails } from "./lifecycle/defrag/validate-decision.js";
import { createMemoryLock } from "./notes/memory-lock.js";
import { serialized } from "./notes/notes-deps.js";
import { committingUnderLock, type Exclusive } from "./notes/locked-git.js";
import type { NotesMemory } from "./notes/notes-memory.js";
import { createNotesTier, type NotesMemoryOptions } from "./create-notes-memory.js";
import type { PersistenceError, PipelineError } from "./errors.js";
import { readSpendSummary, type SpendSummary } from "./lifecycle/spend/spend-summary.js";
import { spendBudget } from "./lifecycle/spend/spend-budget.js";
import type { Llm } from "./ports/llm.js";
import type { SessionReaders } from "./ports/session-reader.js";
import type { Tokenizer } from "./ports/tokenizer.js";
import type { SpendBudget } from "./lifecycle/spend/spend-budget.js";
import type { SpendProgress } from "./lifecycle/spend/spend-meter.js";
import type { ProjectRepository } from "./ports/project-repository.js";
import { staleReferencesIn } from "./notes/verify/stale-references.js";

/** The ports and options a memory is built from: the note tier's, and the lifecycle's. */
export interface MemoryOptions extends NotesMemoryOptions {
  /** The model consolidation and defrag use; everything else works without it. */
  readonly llm?: Llm;
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
  /**
   * Counts tokens for the budgets of what the memory puts in an agent's context (AGENTS.md
   * section, session-start context, hook output). Default `gptTokenizer()` (o200k_base).
   */
  readonly tokenizer?: Tokenizer;
  /**
   * Caps on the tokens consolidation's and defrag's model calls spend: per run, per UTC day
   * (counted in `.agent-memory/spend.jsonl`), and the answer allowance each call is checked
   * with. Defaults `DEFAULT_SPEND_BUDGET` (agent-memory/lifecycle); `Infinity` turns a cap off. A call that would
   * cross a cap is not made: the run stops with BUDGET and keeps what it did.
   */
  readonly budget?: Partial<SpendBudget>;
  /** Called after every model call with its tokens and the run's and day's so far. */
  readonly onProgress?: (event: SpendProgress) => void;
  /**
   * The code repository the memory describes: consolidation and defrag then show the model
   * which references of the notes in their prompts the project no longer has (`memory verify`'s
   * findings), so it can correct or retire such a note. Absent: no such lines.
   */
  readonly project?: ProjectRepository;
}

/** A memory: the note operations over one memory root, then the lifecycle built on them. */
export type Memory = NotesMemory & ConsolidationApi & DefragApi & LifecycleApi;

/** The end of the lifecycle: the AGENTS.md section, and the whole run. */
export interface LifecycleApi {
  /** Writes the AGENTS.md section (hot notes inlined, warm listed) into a target file. */
  readonly agentsMd: AgentsMdFunction;
  /** The tokenizer the budgets are counted with (the one passed, or o200k_base). */
  readonly tokenizer: Tokenizer;
  /**
   * What the model calls spent, from the ledger: today (UTC) and the last seven days, beside
   * the caps.
   *
   * @example
   * ```ts
   * const spent = await memory.spend();
   * if (spent.isOk()) console.log(spent.value.today.tokens, "of", spent.value.perDay);
   * ```
   */
  spend(): ResultAsync<SpendSummary, PersistenceError>;
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
  const tokenizer = options.tokenizer ?? gptTokenizer();
  const spend = { tokenizer, budget: options.budget, onProgress: options.onProgress };
  const { notes, ctx } = createNotesTier(options);
  const acquirePipelineLock = createMemoryLock(ctx.persistence, {
    ...lockOptions,
    path: PIPELINE_LOCK_PATH,
    timeoutMs: 3_000,
  });
  const exclusive: Exclusive = (task) => serialized(ctx, task);
  // Consolidation and defrag commit under the memory's lock, like every mutation.
  const git = ctx.git === undefined ? undefined : committingUnderLock(ctx.git, exclusive);
  const staleReferences =
    options.project === undefined ? undefined : staleReferencesIn(options.project);
  const lifecycle = bindConsolidation(notes, {
    persistence: ctx.persistence,
    git,
    llm: options.llm,
    now: ctx.now,
    queue: ctx.queue,
    acquireLock: ctx.acquireLock,
    acquirePipelineLock,
    acquireJournalLock: createMemoryLock(ctx.persistence, {
      ...lockOptions,
      path: JOURNAL_LOCK_PATH,
    }),
    ...(options.sessionReaders === undefined ? {} : { sessionReaders: options.sessionReaders }),
    ...(options.consolidationBudget === undefined ? {} : { budget: options.consolidationBudget }),
    spend,
    ...(staleReferences === undefined ? {} : { staleReferences }),
  });
  const defrag = bindDefrag(notes, {
    persistence: ctx.persistence,
    git,
    llm: options.llm,
    now: ctx.now,
    acquirePipelineLock,
    ...(options.defragGuardrails === undefined ? {} : { guardrails: options.defragGuardrails }),
    spend,
    ...(staleReferences === undefined ? {} : { staleReferences }),
  });
  const agentsMd = bindAgentsMd(notes, ctx.persistence, tokenizer);
  const memory: Memory = {
    ...notes,
    ...lifecycle,
    ...defrag,
    agentsMd,
    tokenizer,
    spend: () => readSpendSummary(ctx.persistence, ctx.now(), spendBudget(options.budget)),
    run: (runOptions) =>
      runLifecycle(
        {
          memory,
          persistence: ctx.persistence,
          git: ctx.git,
          now: ctx.now,
          exclusive,
        },
        runOptions,
      ),
  };
  return memory;
}
