/**
 * A persistence and git wrapper that counts every mutating call (write, move, remove,
 * commit) and injects one fault at the k-th: "fail" returns an error from that call only
 * (a failed write, a full disk), "dead" never answers that call nor any after it (a process
 * killed mid-operation: nothing it would have done next happens), "torn" kills the process
 * inside that call: a write gets as far as its temp file and never renames it (what a kill
 * between the two steps of an atomic write leaves on disk); any other call dies as "dead".
 */
import { errAsync, ResultAsync } from "neverthrow";
import type { FsLike, FsPromisesLike } from "../../src/adapters/fs/fs-like.js";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { GitError, PersistenceError } from "../../src/errors.js";
import type { Git } from "../../src/ports/git.js";
import type { Persistence } from "../../src/ports/persistence.js";

/** How the k-th mutating call goes wrong. */
export type FaultMode = "fail" | "dead" | "torn";

/** The fault to inject; `at` counts mutating calls from 1; undefined: count only. */
export interface Fault {
  readonly at: number | undefined;
  readonly mode: FaultMode;
}

/** The wrapped ports and what happened to them. */
export interface FaultyPorts {
  readonly persistence: Persistence;
  readonly git: Git;
  /** Mutating calls made so far. */
  calls(): number;
  /** Resolves when the fault fires (never, if the operation ends first). */
  readonly fired: Promise<void>;
}

/** The files under the ports, for the "torn" mode's own persistence over them. */
export interface Disk {
  readonly fs: FsLike;
  readonly root: string;
}

const ioError = () => new PersistenceError("injected fault: the disk refused the write");

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: (() => void) | undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve: () => resolve?.() };
}

const never = <T, E>(): ResultAsync<T, E> => new ResultAsync(new Promise(() => {}));
const hang = <T>(): Promise<T> => new Promise<T>(() => {});

/**
 * `disk`'s filesystem, where the first rename after `tear()` fails and every call after it
 * never answers: the process dies between an atomic write's temp file and its rename. The
 * rename fails rather than hangs so the write ends (its in-flight record goes, as a dead
 * process's memory does); its cleanup of the temp file never answers.
 */
function tearableFs(disk: Disk): { fs: FsLike; tear(): void } {
  const p = disk.fs.promises;
  let tearing = false;
  let torn = false;
  const live = <T>(run: () => Promise<T>): Promise<T> => (torn ? hang() : run());
  const promises: FsPromisesLike = {
    readFile: (path, encoding) => live(() => p.readFile(path, encoding)),
    writeFile: (path, data, options) => live(() => p.writeFile(path, data, options)),
    rename: (from, to) => {
      if (!tearing || torn) return live(() => p.rename(from, to));
      torn = true;
      return Promise.reject(Object.assign(new Error("killed before the rename"), { code: "EIO" }));
    },
    link: (from, to) => live(() => p.link(from, to)),
    unlink: (path) => live(() => p.unlink(path)),
    mkdir: (path, options) => live(() => p.mkdir(path, options)),
    rmdir: (path) => live(() => p.rmdir(path)),
    readdir: (path, options) => live(() => p.readdir(path, options)),
    stat: (path) => live(() => p.stat(path)),
    lstat: (path) => live(() => p.lstat(path)),
  };
  return {
    fs: { promises },
    tear: () => {
      tearing = true;
    },
  };
}

/**
 * Wraps `persistence` and `git`. `createExclusive` is left out, so no cross-process lock
 * exists: a "dead" operation leaves no lock for the re-run to wait out (what it leaves on
 * disk is exactly what the test is about). With `disk`, writes go through a persistence of
 * its own over those files, so the "torn" mode can stop one halfway.
 */
export function faultyPorts(
  persistence: Persistence,
  git: Git,
  fault: Fault,
  disk?: Disk,
): FaultyPorts {
  let count = 0;
  let dead = false;
  const tearable = disk === undefined ? undefined : tearableFs(disk);
  const inner =
    disk === undefined || tearable === undefined
      ? persistence
      : fsPersistence({ fs: tearable.fs, root: disk.root });
  const { promise: fired, resolve: fire } = deferred();
  const guard = <T, E>(
    makeError: () => E,
    call: () => ResultAsync<T, E>,
    tearsInside = false,
  ): ResultAsync<T, E> => {
    if (dead) return never();
    count++;
    if (count !== fault.at) return call();
    fire();
    if (fault.mode === "fail") return errAsync(makeError());
    dead = true;
    if (fault.mode === "torn" && tearsInside && tearable !== undefined) {
      tearable.tear();
      return call();
    }
    return never();
  };
  return {
    persistence: {
      list: (dir) => (dead ? never() : inner.list(dir)),
      read: (path) => (dead ? never() : inner.read(path)),
      write: (path, content) => guard(ioError, () => inner.write(path, content), true),
      move: (from, to) => guard(ioError, () => inner.move(from, to)),
      remove: (path) => guard(ioError, () => inner.remove(path)),
    },
    git: {
      timestamps: (prefix) => (dead ? never() : git.timestamps(prefix)),
      commit: (message, paths) =>
        guard(
          () => new GitError("injected fault: the commit failed"),
          () => git.commit(message, paths),
        ),
    },
    calls: () => count,
    fired,
  };
}
