import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from "node:worker_threads";
import {
  createFullTextSearch,
  type SavedFullTextSearch,
} from "../notes/search/full-text-search.js";
import { decodeSearchCache, encodeSearchCache } from "../notes/search/search-cache-file.js";
import { packNotes, unpackNotes, type PackedNotes } from "./searched-notes-transfer.js";
import { indexNotes, searchDataScript, type SearchedNote } from "./site-search-files.js";
import { viewWorkerScript } from "./view-worker-script.js";

/**
 * The index to start from: a saved one, or its text (search.json's format), decoded by the
 * worker (a torn, foreign or other-version text is no index).
 */
export type IndexSeed = SavedFullTextSearch | string | undefined;

/** What the worker is given: the notes, the saved index to start from, where to answer. */
interface WorkerInput {
  readonly script: string;
  readonly notes: PackedNotes;
  readonly seed: IndexSeed;
  readonly port: MessagePort;
  /** Set to 1 (and notified) once the answer is on the port. */
  readonly signal: Int32Array;
}

/**
 * The site's search as the worker made it: data/search.js, and, when indexing changed the
 * index, the index as saved (its text when it has one, which costs the waiting thread far less
 * to receive than the object).
 */
export interface IndexedSite {
  /** data/search.js: the index and the notes' facts. */
  readonly data: string;
  readonly changed: boolean;
  /** The changed index: its text (search.json's format), or the object when it has none. */
  readonly index: string | SavedFullTextSearch | undefined;
}

/** The worker's answer: the search, or why there is none. */
type WorkerOutput = IndexedSite | { readonly error: string };

// Runs in the worker before anything else: whatever happens to the script (not found, a
// throw, an answer that cannot be sent), the waiting thread is answered and woken.
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
const answer = (message) => {
  try { workerData.port.postMessage(message); }
  catch (error) { workerData.port.postMessage({ error: String(error) }); }
  Atomics.store(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
};
import(workerData.script)
  .then((module) => module.indexPackedForSite(workerData))
  .then(answer, (error) => answer({ error: String(error && error.stack || error) }));
`;

/**
 * Brings the index in step with the notes and makes the site's data/search.js in a worker
 * thread, so the pages are rendered and written meanwhile (a machine's second core). Returns
 * undefined when no worker can run (the script is not built); else a function that waits for
 * the worker (blocking this thread, which has nothing else to do by then) and returns its
 * answer, or undefined when the worker failed.
 */
export function indexInWorker(
  notes: readonly SearchedNote[],
  seed: IndexSeed,
  options: WorkerWaitOptions = {},
): (() => IndexedSite | undefined) | undefined {
  const script = options.script ?? viewWorkerScript("full-text-worker");
  if (script === undefined) return undefined;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  // Only what the index and the shipped facts need, packed: a note's pages are not the worker's.
  const packed = packNotes(notes);
  const input: WorkerInput = { script: script.href, notes: packed, seed, port: port2, signal };
  let worker: Worker;
  try {
    worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: input,
      transferList: [port2, packed.bytes.buffer, packed.ends.buffer],
    });
  } catch {
    return undefined;
  }
  // A worker that ends without answering (killed, out of memory: no JavaScript of its own
  // runs) wakes the waiting thread here, when it ended before the wait began.
  worker.on("exit", () => {
    Atomics.store(signal, 0, ENDED);
    Atomics.notify(signal, 0);
  });
  // The process may end without waiting for it (a host that never asked for the search).
  worker.unref();
  const deadline = options.deadlineMs ?? DEADLINE_MS + notes.length * DEADLINE_PER_NOTE_MS;
  return () => {
    // One that ends while this thread waits (its exit cannot be heard from here) is given up
    // at the deadline: the caller then indexes in this thread.
    const waited = Atomics.wait(signal, 0, 0, deadline);
    const answer = receiveMessageOnPort(port1)?.message as WorkerOutput | undefined;
    port1.close();
    if (waited === "timed-out") void worker.terminate();
    return answer === undefined || "error" in answer ? undefined : answer;
  };
}

/** How long a wait for the worker may last, and what it runs (tests give another script). */
export interface WorkerWaitOptions {
  readonly script?: URL;
  readonly deadlineMs?: number;
}

/** The signal's value once the worker ended without answering. */
const ENDED = 2;

// Far more than indexing takes in a worker (10,000 LoCoMo notes: 1.4-2.0 s on a loaded
// machine, the thread's start and the decoding of a saved index included).
const DEADLINE_MS = 60_000;
const DEADLINE_PER_NOTE_MS = 5;

/**
 * The worker's work (called by the bootstrap in the worker thread; the calling thread's when
 * no worker runs): the notes indexed, from the saved index when there is one, and the site's
 * data/search.js.
 */
export function indexForSite(input: {
  readonly notes: readonly SearchedNote[];
  readonly seed: IndexSeed;
}): IndexedSite {
  const seed = typeof input.seed === "string" ? decodeSearchCache(input.seed) : input.seed;
  const { saved, changed } = indexNotes(input.notes, createFullTextSearch(seed));
  return {
    data: searchDataScript(input.notes, saved),
    changed,
    index: changed ? (encodeSearchCache(saved) ?? saved) : undefined,
  };
}

/** {@link indexForSite} of the packed notes the worker was given (called by its bootstrap). */
export function indexPackedForSite(input: Pick<WorkerInput, "notes" | "seed">): IndexedSite {
  return indexForSite({ notes: unpackNotes(input.notes), seed: input.seed });
}
