/**
 * The ports as the library calls them: a host's method that throws, returns a ResultAsync over
 * a rejecting promise, or settles to something other than a Result becomes an Err of the
 * port's error type carrying the cause. Every operation can then promise a Result: nothing a
 * host's port does escapes as a rejection past the caller's `isErr()` check.
 *
 * @module
 */
import { err, ResultAsync, type Result } from "neverthrow";
import { GitError, PersistenceError } from "../errors.js";
import type { Git } from "../ports/git.js";
import type { Persistence } from "../ports/persistence.js";
import { messageOf } from "../shared/message-of.js";

const guarded = new WeakSet<object>();

function isResult(value: unknown): value is Result<unknown, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    "isErr" in value &&
    typeof value.isErr === "function"
  );
}

/** `call` settled: an Err of `makeError` when it throws, rejects or settles to a non-Result. */
function settle<T, E>(
  call: () => PromiseLike<Result<T, E>>,
  makeError: (message: string, cause: unknown) => E,
): ResultAsync<T, E> {
  return new ResultAsync(
    Promise.resolve()
      .then(call)
      .then(
        (result): Result<T, E> =>
          isResult(result)
            ? result
            : err(makeError(`settled to ${String(result)} instead of a Result`, result)),
        (cause: unknown): Result<T, E> => err(makeError(messageOf(cause), cause)),
      ),
  );
}

/** Each method of `port` that is present, wrapped by `wrap`; absent optional methods stay absent. */
function wrapMethods<P extends object>(
  port: P,
  wrap: (name: string, method: (...args: unknown[]) => PromiseLike<unknown>) => unknown,
): P {
  if (guarded.has(port)) return port;
  const wrapped: Record<string, unknown> = {};
  for (const name of new Set([...Object.keys(port), ...methodNamesOfPrototype(port)])) {
    const value: unknown = Reflect.get(port, name);
    wrapped[name] =
      typeof value === "function"
        ? wrap(
            name,
            (...args: unknown[]) => Reflect.apply(value, port, args) as PromiseLike<unknown>,
          )
        : value;
  }
  guarded.add(wrapped);
  return wrapped as P;
}

/** A class-based port keeps its methods on the prototype. */
function methodNamesOfPrototype(port: object): string[] {
  const prototype: unknown = Object.getPrototypeOf(port);
  if (prototype === null || prototype === Object.prototype || typeof prototype !== "object")
    return [];
  return Object.getOwnPropertyNames(prototype).filter((name) => name !== "constructor");
}

/**
 * `persistence` whose every method settles to a Result.
 *
 * @example
 * ```ts
 * const safe = guardPersistence(hostPersistence);
 * await safe.read("index.md"); // Err(PersistenceError) even when the host's read throws
 * ```
 */
export function guardPersistence(persistence: Persistence): Persistence {
  return wrapMethods(
    persistence,
    (name, method) =>
      (...args: unknown[]) =>
        settle(
          () => method(...args) as PromiseLike<Result<unknown, unknown>>,
          (message, cause) =>
            new PersistenceError(`The persistence's ${name}() failed unexpectedly: ${message}`, {
              cause,
            }),
        ),
  );
}

/**
 * `git` whose every method settles to a Result.
 *
 * @example
 * ```ts
 * const safe = guardGit(hostGit);
 * await safe.commit("memory: x"); // Err(GitError) even when the host's commit throws
 * ```
 */
export function guardGit(git: Git): Git {
  return wrapMethods(
    git,
    (name, method) =>
      (...args: unknown[]) =>
        settle(
          () => method(...args) as PromiseLike<Result<unknown, unknown>>,
          (message, cause) =>
            new GitError(`The git port's ${name}() failed unexpectedly: ${message}`, { cause }),
        ),
  );
}
