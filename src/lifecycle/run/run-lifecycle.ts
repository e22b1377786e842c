import { err, ok, okAsync, ResultAsync, type Result } from "neverthrow";
import type { AgentsMdOptions, AgentsMdFunction } from "../agents-md/agents-md-api.js";
import type { AgentsMdResult } from "../agents-md/generate-agents-md.js";
import type { ConsolidationApi } from "../consolidate/consolidation-api.js";
import type { ConsolidationReport } from "../consolidate/run-consolidation.js";
import type { DefragApi, DefragReport } from "../defrag/defrag-api.js";
import { commitMemory } from "../../notes/commit-memory.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import { stoppedAt, type RunProgress } from "./run-progress.js";
import { pushCatchingUp, type PushingGit } from "./push-catching-up.js";
import { PipelineError, type LockError, type PersistenceError } from "../../errors.js";
import type { Git } from "../../ports/git.js";
import type { Persistence } from "../../ports/persistence.js";
import type { SpendBudget } from "../spend/spend-budget.js";
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
  /**
   * Caps for this run over the memory's; `perRun` covers consolidation and defrag together
   * (defrag gets what consolidation left).
   */
  readonly budget?: Partial<SpendBudget>;
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

/**
 * The whole lifecycle: commit what people changed by hand, pull (a conflict stops the run
 * before anything else changes: nothing is lost), consolidate, defrag when it is due,
 * regenerate the AGENTS.md sections, commit, push. Every git step runs holding the memory's
 * lock; a step that fails returns a PipelineError whose message and `done` say what the
 * steps before it applied.
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
  let progress: RunProgress = {};
  let pulled: RunReport["pulled"] = git === undefined ? "no-git" : "unsupported";
  if (git !== undefined) {
    const synced = await deps.exclusive(() => commitLocalThenPull(git));
    if (synced.isErr()) {
      const { error } = synced;
      return err(
        error instanceof PipelineError ? error : stoppedAt("commit-local", error, progress),
      );
    }
    pulled = synced.value.pulled;
    progress = { localCommit: synced.value.localCommit, pulled };
    if (pulled === "merged") await memory.refresh();
  }
  const caps = options.budget === undefined ? {} : { budget: options.budget };
  const consolidation = await memory.consolidate({ ...signal, ...caps });
  if (consolidation.isErr()) return err(stoppedAt("consolidate", consolidation.error, progress));
  progress = { ...progress, consolidation: consolidation.value };

  const state = await readLifecycleState(deps.persistence);
  if (state.isErr()) return err(stoppedAt("defrag", state.error, progress));
  const consumed =
    consolidation.value.consumed.length + consolidation.value.consumedSessions.length > 0;
  let next = consumed
    ? { ...state.value, consolidationsSinceDefrag: state.value.consolidationsSinceDefrag + 1 }
    : state.value;
  let defrag: DefragReport | null = null;
  if (defragDue(next, options.defragEvery ?? {}, deps.now())) {
    const spent = consolidation.value.spend;
    const spentBefore =
      spent === undefined ? {} : { spentBefore: spent.inputTokens + spent.outputTokens };
    const ran = await memory.defrag({ ...signal, ...caps, ...spentBefore });
    if (ran.isErr()) return err(stoppedAt("defrag", ran.error, progress));
    defrag = ran.value;
    progress = { ...progress, defrag };
    // A defrag the cap stopped is not done: it stays due for the next run.
    if (defrag.budgetStop === undefined)
      next = { consolidationsSinceDefrag: 0, lastDefragAt: new Date(deps.now()).toISOString() };
  }
  if (next !== state.value) {
    const written = await writeLifecycleState(deps.persistence, next);
    if (written.isErr()) return err(stoppedAt("defrag", written.error, progress));
  }

  const agentsMd: AgentsMdResult[] = [];
  for (const target of options.agentsMd ?? []) {
    const budget =
      options.agentsMdBudgetTokens === undefined
        ? {}
        : { budgetTokens: options.agentsMdBudgetTokens };
    const result = await memory.agentsMd({ ...target, ...budget });
    if (result.isErr()) return err(stoppedAt("agentsMd", result.error, progress));
    agentsMd.push(result.value);
    progress = { ...progress, agentsMd: [...agentsMd] };
  }

  let commit: string | null = null;
  let pushed: RunReport["pushed"] = git === undefined ? "no-git" : "unsupported";
  if (git !== undefined) {
    // AGENTS.md sections written inside the root are this run's files too.
    const sections = (options.agentsMd ?? []).flatMap((option) =>
      typeof option.target === "string" ? [option.target] : [],
    );
    const committed = await deps.exclusive(() =>
      commitMemory(git, "memory: sync (lifecycle state, AGENTS.md)", sections),
    );
    if (committed.isErr()) return err(stoppedAt("commit", committed.error, progress));
    commit = committed.value;
    progress = { ...progress, commit };
    if (canPush(git)) {
      // Under the lock too: a push updates the remote-tracking ref a concurrent pull reads,
      // and a push refused because the remote moved pulls (merges) and pushes again.
      const merges = { merged: false };
      const result = await deps.exclusive(() => pushCatchingUp(git, merges));
      if (merges.merged) {
        pulled = "merged";
        progress = { ...progress, pulled };
        await memory.refresh();
      }
      if (result.isErr()) {
        const advice = "The commits are safe locally; run the sync again to push them.";
        return err(stoppedAt("push", result.error, progress, advice));
      }
      pushed = result.value;
    }
  }
  return ok({ pulled, consolidation: consolidation.value, defrag, agentsMd, commit, pushed });
}

function canPush(git: Git): git is PushingGit {
  return git.push !== undefined;
}

interface LocalThenPull {
  readonly localCommit: string | null;
  readonly pulled: RunReport["pulled"];
}

/**
 * Commits what changed outside the library, then pulls, in one hold of the memory's lock: no
 * mutation of another process can land between them, nor inside the merge.
 */
function commitLocalThenPull(git: Git): ResultAsync<LocalThenPull, PipelineError> {
  return commitMemory(git, "memory: changes made outside the library")
    .mapErr((error) => stoppedAt("commit-local", error, {}))
    .andThen((localCommit) => {
      const pull = git.pull?.bind(git);
      if (pull === undefined)
        return okAsync<LocalThenPull, PipelineError>({ localCommit, pulled: "unsupported" });
      return pull()
        .map((pulled) => ({ localCommit, pulled }))
        .mapErr((error) => stoppedAt("pull", error, { localCommit }));
    });
}
