import { err, ok, ResultAsync, type Result } from "neverthrow";
import type { AgentsMdOptions, AgentsMdFunction } from "../agents-md/agents-md-api.js";
import type { AgentsMdResult } from "../agents-md/generate-agents-md.js";
import type { ConsolidationApi } from "../consolidate/consolidation-api.js";
import type { ConsolidationReport } from "../consolidate/run-consolidation.js";
import type { DefragApi, DefragReport } from "../defrag/defrag-api.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import {
  PipelineError,
  type ConflictError,
  type GitError,
  type LockError,
  type PersistenceError,
} from "../../errors.js";
import type { Git } from "../../ports/git.js";
import type { Persistence } from "../../ports/persistence.js";
import {
  defragDue,
  readLifecycleState,
  writeLifecycleState,
  type DefragSchedule,
} from "./lifecycle-state.js";

/** Options of one lifecycle run (`memory.run()`, `memory sync`). */
export interface RunOptions {
  /** Where to write the AGENTS.md section after consolidation (and defrag). */
  readonly agentsMd?: readonly Omit<AgentsMdOptions, "budgetTokens">[];
  /** Token budget of each AGENTS.md section. */
  readonly agentsMdBudgetTokens?: number;
  /** When defrag is due. */
  readonly defragEvery?: DefragSchedule;
  /** Stops the run; the step in flight is aborted. */
  readonly signal?: AbortSignal;
}

/** What a lifecycle run did. */
export interface RunReport {
  /** "unsupported" when the git adapter cannot pull (isomorphic-git), "none" without a remote. */
  readonly pulled: "none" | "up-to-date" | "merged" | "unsupported" | "no-git";
  readonly consolidation: ConsolidationReport;
  /** The defrag run, or null when it was not due. */
  readonly defrag: DefragReport | null;
  readonly agentsMd: readonly AgentsMdResult[];
  /** The final commit of the run (AGENTS.md sections, lifecycle state), or null. */
  readonly commit: string | null;
  readonly pushed: "none" | "pushed" | "unsupported" | "no-git";
}

/** What the run drives. */
export interface LifecycleDeps {
  readonly memory: NotesMemory &
    ConsolidationApi &
    DefragApi & { readonly agentsMd: AgentsMdFunction };
  readonly persistence: Persistence;
  readonly git: Git | undefined;
  readonly now: () => number;
  /**
   * Runs a task holding the memory's lock (in-process queue and cross-process lock), the one
   * every mutation takes: the pull must not interleave with a mutation's write and commit.
   */
  readonly exclusive: <T, E>(
    task: () => ResultAsync<T, E>,
  ) => ResultAsync<T, E | LockError | PersistenceError>;
}

type Step = "commit-local" | "pull" | "consolidate" | "defrag" | "agentsMd" | "commit" | "push";

const failAt = (step: Step, what: string) => (error: { message: string }) =>
  new PipelineError(step, `The sync stopped at ${step}: ${error.message}${what}`, { cause: error });

/**
 * The whole lifecycle: commit what people changed by hand, pull (a conflict stops the run
 * before anything else changes: nothing is lost), consolidate, defrag when it is due,
 * regenerate the AGENTS.md sections, commit, push.
 */
export function runLifecycle(
  deps: LifecycleDeps,
  options: RunOptions = {},
): ResultAsync<RunReport, PipelineError> {
  return new ResultAsync(run(deps, options));
}

async function run(
  deps: LifecycleDeps,
  options: RunOptions,
): Promise<Result<RunReport, PipelineError>> {
  const { memory, git } = deps;
  const signal = options.signal === undefined ? {} : { signal: options.signal };
  let pulled: RunReport["pulled"] = git === undefined ? "no-git" : "unsupported";
  if (git !== undefined) {
    const synced = await deps.exclusive(() => commitLocalThenPull(git));
    if (synced.isErr())
      return err(
        synced.error instanceof PipelineError
          ? synced.error
          : failAt("commit-local", "")(synced.error),
      );
    pulled = synced.value;
    if (pulled === "merged") await memory.refresh();
  }
  const consolidation = await memory.consolidate(signal);
  if (consolidation.isErr()) return err(failAt("consolidate", "")(consolidation.error));

  const state = await readLifecycleState(deps.persistence);
  if (state.isErr()) return err(failAt("defrag", "")(state.error));
  const consumed =
    consolidation.value.consumed.length + consolidation.value.consumedSessions.length > 0;
  let next = consumed
    ? { ...state.value, consolidationsSinceDefrag: state.value.consolidationsSinceDefrag + 1 }
    : state.value;
  let defrag: DefragReport | null = null;
  if (defragDue(next, options.defragEvery ?? {}, deps.now())) {
    const ran = await memory.defrag(signal);
    if (ran.isErr()) return err(failAt("defrag", "")(ran.error));
    defrag = ran.value;
    next = { consolidationsSinceDefrag: 0, lastDefragAt: new Date(deps.now()).toISOString() };
  }
  if (next !== state.value) {
    const written = await writeLifecycleState(deps.persistence, next);
    if (written.isErr()) return err(failAt("defrag", "")(written.error));
  }

  const agentsMd: AgentsMdResult[] = [];
  for (const target of options.agentsMd ?? []) {
    const budget =
      options.agentsMdBudgetTokens === undefined
        ? {}
        : { budgetTokens: options.agentsMdBudgetTokens };
    const result = await memory.agentsMd({ ...target, ...budget });
    if (result.isErr()) return err(failAt("agentsMd", "")(result.error));
    agentsMd.push(result.value);
  }

  let commit: string | null = null;
  if (git !== undefined) {
    const committed = await memory.commit("memory: sync (lifecycle state, AGENTS.md)");
    if (committed.isErr()) return err(failAt("commit", "")(committed.error));
    commit = committed.value;
  }
  let pushed: RunReport["pushed"] = git === undefined ? "no-git" : "unsupported";
  if (git?.push !== undefined) {
    const result = await git.push();
    if (result.isErr())
      return err(failAt("push", " (the commits are safe locally; push again later)")(result.error));
    pushed = result.value;
  }
  return ok({ pulled, consolidation: consolidation.value, defrag, agentsMd, commit, pushed });
}

/**
 * Commits what changed outside the library, then pulls, in one hold of the memory's lock: no
 * mutation of another process can land between them, nor inside the merge.
 */
function commitLocalThenPull(
  git: Git,
): ResultAsync<RunReport["pulled"], PipelineError | GitError | ConflictError> {
  return git
    .commit("memory: changes made outside the library")
    .mapErr(failAt("commit-local", ""))
    .andThen(() => {
      const pull = git.pull;
      if (pull === undefined) return ok<RunReport["pulled"], PipelineError>("unsupported");
      return pull().mapErr(failAt("pull", ""));
    });
}
