/**
 * A persistence and git wrapper that counts every mutating call (write, move, remove,
 * commit) and injects one fault at the k-th: "fail" returns an error from that call only
 * (a failed write, a full disk), "dead" never answers that call nor any after it (a process
 * killed mid-operation: nothing it would have done next happens).
 */
import { errAsync, ResultAsync } from "neverthrow";
import { GitError, PersistenceError } from "../../src/errors.js";
import type { Git } from "../../src/ports/git.js";
import type { Persistence } from "../../src/ports/persistence.js";

/** How the k-th mutating call goes wrong. */
export type FaultMode = "fail" | "dead";

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

const ioError = () => new PersistenceError("injected fault: the disk refused the write");

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: (() => void) | undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve: () => resolve?.() };
}

const never = <T, E>(): ResultAsync<T, E> => new ResultAsync(new Promise(() => {}));

/**
 * Wraps `persistence` and `git`. `createExclusive` is left out, so no cross-process lock
 * exists: a "dead" operation leaves no lock for the re-run to wait out (what it leaves on
 * disk is exactly what the test is about).
 */
export function faultyPorts(persistence: Persistence, git: Git, fault: Fault): FaultyPorts {
  let count = 0;
  let dead = false;
  const { promise: fired, resolve: fire } = deferred();
  const guard = <T, E>(makeError: () => E, call: () => ResultAsync<T, E>): ResultAsync<T, E> => {
    if (dead) return never();
    count++;
    if (count !== fault.at) return call();
    fire();
    if (fault.mode === "fail") return errAsync(makeError());
    dead = true;
    return never();
  };
  return {
    persistence: {
      list: (dir) => (dead ? never() : persistence.list(dir)),
      read: (path) => (dead ? never() : persistence.read(path)),
      write: (path, content) => guard(ioError, () => persistence.write(path, content)),
      move: (from, to) => guard(ioError, () => persistence.move(from, to)),
      remove: (path) => guard(ioError, () => persistence.remove(path)),
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
