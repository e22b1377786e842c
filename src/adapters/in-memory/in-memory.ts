/**
 * A whole memory in RAM: a fresh memfs volume with a git repository, and both ports over it.
 * Hosts use it for previews and sandboxes; tests use it to run everything without a disk.
 */
import * as git from "isomorphic-git";
import { memfs } from "memfs";
import { ok, type ResultAsync } from "neverthrow";
import { GitError } from "../../errors.js";
import type { Git, GitAuthor } from "../../ports/git.js";
import type { Persistence } from "../../ports/persistence.js";
import type { SessionReaders } from "../../ports/session-reader.js";
import type { FsLike } from "../fs/fs-like.js";
import { fsPersistence } from "../fs/fs-persistence.js";
import { isomorphicGit } from "../isomorphic-git/isomorphic-git.js";
import { defaultSessionReaders } from "../session-readers/default-session-readers.js";
import { safeAsync } from "../../shared/safe-async.js";

/**
 * Options of {@link inMemoryPorts}.
 *
 * @example
 * ```ts
 * await inMemoryPorts({ root: "/notes", now: () => Date.UTC(2024, 0, 1) });
 * ```
 */
export interface InMemoryPortsOptions {
  /** Where the memory lives on the in-memory volume; default `"/memory"`. */
  readonly root?: string;
  /** Who commits; default agent-memory. */
  readonly author?: GitAuthor;
  /** The clock for commit times, epoch ms; default: the system clock. */
  readonly now?: () => number;
}

/**
 * The ports of an in-memory memory, and the volume beneath them for inspection.
 *
 * @example
 * ```ts
 * const { fs, root, persistence, git } = (await inMemoryPorts())._unsafeUnwrap();
 * await fs.promises.writeFile(`${root}/topics/edited-behind-the-back id__Kf9mNp.md`, "# Edited\n");
 * ```
 */
export interface InMemoryPorts {
  /** The memfs filesystem (node-compatible), e.g. to edit notes behind the library's back. */
  readonly fs: FsLike;
  /** The memory root on `fs`; also the repository's top level. */
  readonly root: string;
  readonly persistence: Persistence;
  readonly git: Git;
  /** The `file` and `jsonl` session readers, reading transcripts from the same memfs. */
  readonly sessionReaders: SessionReaders;
}

/**
 * Creates a fresh memfs volume, runs `git init` at the root (branch `main`) and returns
 * fsPersistence, isomorphicGit and the session readers over it.
 *
 * @example
 * ```ts
 * import { createMemory } from "agent-memory";
 * import { inMemoryPorts } from "agent-memory/adapters/in-memory";
 *
 * const ports = await inMemoryPorts();
 * if (ports.isErr()) throw ports.error;
 * const memory = createMemory(ports.value);
 * ```
 */
export function inMemoryPorts(
  options: InMemoryPortsOptions = {},
): ResultAsync<InMemoryPorts, GitError> {
  const root = options.root ?? "/memory";
  return safeAsync(
    async () => {
      // memfs().fs rather than a bare Volume: it carries the `promises` API both adapters use.
      const { fs } = memfs();
      await fs.promises.mkdir(root, { recursive: true });
      await git.init({ fs, dir: root, defaultBranch: "main" });
      const author = options.author === undefined ? {} : { author: options.author };
      const now = options.now === undefined ? {} : { now: options.now };
      return ok({
        fs,
        root,
        persistence: fsPersistence({ fs, root }),
        git: isomorphicGit({ fs, dir: root, ...author, ...now }),
        sessionReaders: defaultSessionReaders({ fs }),
      });
    },
    (cause) =>
      new GitError(`Could not create an in-memory repository at ${root}: ${String(cause)}`, {
        cause,
      }),
  );
}
