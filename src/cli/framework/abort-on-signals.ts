/**
 * Ctrl-C (SIGINT) and SIGTERM during a long command: the first one aborts the work through
 * an AbortSignal so it stops cleanly (the LLM process is killed, pending entries stay
 * pending); a second one exits at once.
 *
 * @module
 */

import { constants } from "node:os";

/** An abort signal tied to the process's signals, and how to let go of them. */
export interface SignalAbort {
  readonly signal: AbortSignal;
  /** Removes the listeners; call it when the work is over. */
  dispose(): void;
}

/**
 * Listens for SIGINT and SIGTERM until disposed.
 *
 * @example
 * ```ts
 * const abort = abortOnSignals();
 * try { await memory.consolidate({ signal: abort.signal }); } finally { abort.dispose(); }
 * ```
 */
export function abortOnSignals(
  names: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM"],
): SignalAbort {
  const controller = new AbortController();
  const handler = (name: NodeJS.Signals): void => {
    if (controller.signal.aborted) {
      process.exit(128 + (constants.signals[name] ?? 0));
    }
    controller.abort(new Error(`Stopped by ${name}.`));
  };
  for (const name of names) process.on(name, handler);
  return {
    signal: controller.signal,
    dispose: () => {
      for (const name of names) process.off(name, handler);
    },
  };
}
