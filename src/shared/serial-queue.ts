/**
 * Runs async tasks one at a time, in the order they were queued.
 *
 * Mutations read the memory, decide, then write several files; two of them interleaving
 * could both pick the same slot or rewrite a file from a stale read, so each memory
 * funnels its mutations through one queue.
 */
export interface SerialQueue {
  /** Runs `task` after every task queued before it has settled. */
  run<T>(task: () => PromiseLike<T>): Promise<T>;
}

/** Creates an empty queue. */
export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => PromiseLike<T>): Promise<T> {
      const next = tail.then(task, task);
      // A failed task must not stop the queue: the next one waits for settlement only.
      tail = next.then(
        () => undefined,
        () => undefined,
      );
      return next;
    },
  };
}
