/**
 * Where the CLI meets the environment: which folder is the memory root, whether it lies in
 * a git repository, and the ports over it (fsPersistence over node:fs, gitCli on the repo).
 *
 * @module
 */

import { execFile } from "node:child_process";
import * as fs from "node:fs";
import { stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { fsPersistence, gitCliIfRepository, gitProjectRepository } from "../../adapters/index.js";
import type {
  FreshnessOptions,
  Memory,
  Git,
  Llm,
  NotesMemory,
  NotesMemoryOptions,
  Persistence,
  SessionReaders,
} from "../../index.js";
import { INDEX_NOTE_PATH, STATUS_FOLDERS } from "../../model/index.js";
import type { CliFailure } from "./cli-failure.js";
import type { SpendBudget, SpendProgress } from "../../lifecycle/index.js";
import type { CliIo } from "./cli-io.js";
import { EXIT } from "./exit-codes.js";
import { resolveRoot, ROOT_VARIABLE } from "./root-variable.js";
import { ensurePrivateIgnored } from "./private-ignore-file.js";

/** A memory root with its ports and its note tier, as the CLI opened it. */
export interface OpenedNotes {
  /** Absolute path of the memory root. */
  readonly root: string;
  readonly persistence: Persistence;
  /** The git port, or undefined when the root is not inside a git work tree. */
  readonly git: Git | undefined;
  readonly memory: NotesMemory;
}

/** A memory root with its ports and the whole memory, lifecycle included. */
export interface OpenedMemory extends OpenedNotes {
  readonly memory: Memory;
}

/**
 * What a command adds to the memory it opens: the LLM (for consolidate) and session readers
 * beyond the built-in ones. Commands that need neither pass nothing.
 */
export interface OpenOptions {
  readonly llm?: Llm;
  readonly sessionReaders?: SessionReaders;
  /** For a long-lived command (the MCP server): when queries look at the files again. */
  readonly freshness?: FreshnessOptions;
  /**
   * Whether to add the ignore rule for `.agent-memory/` to the root's `.gitignore` (and commit
   * it) when it is missing. Default true; `migrate` opens a tree of legacy roots, not a memory.
   */
  readonly ignorePrivateFolder?: boolean;
  /** Spend caps over the library's defaults (consolidate, defrag, sync). */
  readonly budget?: Partial<SpendBudget>;
  /** Called after each model call (the progress line). */
  readonly onProgress?: (event: SpendProgress) => void;
}

/**
 * Opens the memory at the resolved root. A root that does not exist is an error with the
 * fix in it (init creates roots, so it opens them with {@link openPorts} instead).
 */
export async function openMemory(
  rootOption: string | undefined,
  io: CliIo,
  options: OpenOptions = {},
): Promise<Result<OpenedMemory, CliFailure>> {
  const root = await existingMemoryRoot(rootOption, io);
  if (root.isErr()) return err(root.error);
  return ok(await openPorts(root.value, io, options));
}

/**
 * Opens the note tier alone at the resolved root: what reading, listing, searching, linking
 * and the note mutations need. It loads neither the state machines nor the schema library,
 * and keeps the notes' facts in `.agent-memory/cache/` so the next call reads only what
 * changed.
 */
export async function openNotes(
  rootOption: string | undefined,
  io: CliIo,
): Promise<Result<OpenedNotes, CliFailure>> {
  const root = await existingMemoryRoot(rootOption, io);
  if (root.isErr()) return err(root.error);
  return ok(io.heldNotes?.(root.value) ?? (await openNotesAt(root.value)));
}

/**
 * Opens the note tier at `root`, known to be a memory, with the CLI's ports; a long-lived
 * process (the daemon) passes its freshness mode.
 */
export async function openNotesAt(
  root: string,
  freshness?: FreshnessOptions,
): Promise<OpenedNotes> {
  const { persistence, git, ports } = await cliPorts(root);
  const { createNotesMemory } = await import("../../notes-entry.js");
  const memory = createNotesMemory({ ...ports, ...(freshness === undefined ? {} : { freshness }) });
  if (git !== undefined) await ensurePrivateIgnored(root, memory, repositoryFreeEnv(process.env));
  return { root, persistence, git, memory };
}

/**
 * The resolved memory root when it exists and holds a memory; an error naming the fix when not.
 */
export async function existingMemoryRoot(
  rootOption: string | undefined,
  io: CliIo,
): Promise<Result<string, CliFailure>> {
  const root = resolveRoot(rootOption, io);
  const isFolder = await stat(root).then(
    (stats) => stats.isDirectory(),
    () => false,
  );
  if (!isFolder) {
    return err({
      code: "NOT_FOUND",
      message:
        `The memory root ${root} does not exist or is not a folder. ` +
        `Create it with "memory init --root ${root}", or point --root or ${ROOT_VARIABLE} at an existing memory.`,
      exitCode: EXIT.failed,
    });
  }
  if (!(await looksLikeMemory(root))) {
    return err({
      code: "NOT_FOUND",
      message:
        `${root} is not a memory: it has no index.md and no inbox/, topics/ or archive/ folder. ` +
        `Create one with "memory init --root ${root}", or point --root or ${ROOT_VARIABLE} at an existing memory.`,
      exitCode: EXIT.failed,
    });
  }
  return ok(root);
}

/**
 * Whether `root` holds a memory: `memory init` creates index.md and the status folders, and a
 * clone keeps index.md. Any other folder (a project's src/, a home directory) is refused, so a
 * command never writes or commits notes into it by mistake.
 */
async function looksLikeMemory(root: string): Promise<boolean> {
  for (const name of [INDEX_NOTE_PATH, ...Object.values(STATUS_FOLDERS)]) {
    if (
      await stat(join(root, name)).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/** The ports and the memory over `root`, with git when `root` lies in a repository. */
export async function openPorts(
  root: string,
  io: CliIo,
  options: OpenOptions = {},
): Promise<OpenedMemory> {
  const { persistence, git, ports } = await cliPorts(root);
  // Loaded on first use: the memory brings arktype, xstate and the rest of the library, which
  // `--help` and usage errors never need, so those answer without the wait.
  const { createMemory } = await import("../../index.js");
  const memory = createMemory({
    ...ports,
    // Listed only when a consolidation or defrag prompt asks (one git ls-files then).
    ...(git === undefined
      ? {}
      : { project: gitProjectRepository({ dir: root, memoryRoot: root }) }),
    ...(options.llm === undefined ? {} : { llm: options.llm }),
    ...(options.sessionReaders === undefined ? {} : { sessionReaders: options.sessionReaders }),
    ...(options.freshness === undefined ? {} : { freshness: options.freshness }),
    ...(options.budget === undefined ? {} : { budget: options.budget }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
  if (git !== undefined && options.ignorePrivateFolder !== false)
    await ensurePrivateIgnored(root, memory, repositoryFreeEnv(process.env));
  return { root, persistence, git, memory };
}

/** The CLI's ports over `root`, and the note tier's options: a CLI call is short-lived, so
 * the notes' facts are kept on disk for the next one. */
async function cliPorts(
  root: string,
): Promise<{ persistence: Persistence; git: Git | undefined; ports: NotesMemoryOptions }> {
  // No default watch: a CLI call looks once; the daemon and `memory mcp` run their own.
  const persistence = fsPersistence({ fs, root, watch: false });
  // One `git rev-parse` both tells whether there is a repository and locates it for the adapter.
  const git = await gitCliIfRepository({ dir: root });
  const ports: NotesMemoryOptions = {
    persistence,
    ...(git === undefined ? {} : { git }),
    cache: { persist: true },
  };
  return { persistence, git, ports };
}

/**
 * The top level of the git work tree holding `dir` (or its nearest existing ancestor), or
 * undefined when there is none or git is not installed.
 */
export async function findRepository(dir: string, io: CliIo): Promise<string | undefined> {
  const cwd = await nearestExisting(dir);
  return new Promise((done) => {
    execFile(
      "git",
      ["rev-parse", "--show-toplevel"],
      { cwd, env: repositoryFreeEnv(io.env) },
      (error, stdout) => done(error === null ? stdout.trim() : undefined),
    );
  });
}

async function nearestExisting(dir: string): Promise<string> {
  for (let folder = dir; ; folder = dirname(folder)) {
    const exists = await stat(folder).then(
      () => true,
      () => false,
    );
    if (exists || dirname(folder) === folder) return folder;
  }
}

/**
 * The environment without the variables that point git at another repository (set when the
 * CLI runs inside a git hook); the git adapter drops the same ones.
 */
export function repositoryFreeEnv(env: CliIo["env"]): NodeJS.ProcessEnv {
  const copy: NodeJS.ProcessEnv = { ...env };
  for (const name of [
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_PREFIX",
    "GIT_COMMON_DIR",
  ]) {
    delete copy[name];
  }
  return copy;
}
