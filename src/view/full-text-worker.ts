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
import type { SiteNote } from "./site-model.js";
import { indexNotes, type IndexedNotes } from "./site-search-files.js";
import { viewWorkerScript } from "./view-worker-script.js";

/** What the worker is given: the notes, the saved index to start from, where to answer. */
interface WorkerInput {
  readonly script: string;
  readonly notes: readonly Pick<SiteNote, "meta" | "parsed">[];
  readonly seed: SavedFullTextSearch | undefined;
  readonly port: MessagePort;
  /** Set to 1 (and notified) once the answer is on the port. */
  readonly signal: Int32Array;
}

/** The worker's answer: the index, or why there is none. */
type WorkerOutput = IndexedNotes | { readonly error: string };

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
  .then((module) => module.indexForSite(workerData))
  .then(answer, (error) => answer({ error: String(error && error.stack || error) }));
`;

/**
 * Indexes the notes for the site in a worker thread, so the pages are rendered and written
 * meanwhile (a machine's second core). Returns undefined when no worker can run (the script
 * is not built); else a function that waits for the worker (blocking this thread, which has
 * nothing else to do by then) and returns the index, or undefined when the worker failed.
 */
export function indexInWorker(
  notes: readonly SiteNote[],
  seed: SavedFullTextSearch | undefined,
): (() => IndexedNotes | undefined) | undefined {
  const script = viewWorkerScript("full-text-worker");
  if (script === undefined) return undefined;
  const { port1, port2 } = new MessageChannel();
  const signal = new Int32Array(new SharedArrayBuffer(4));
  // Only what the index and the shipped facts need: a note's pages are not the worker's.
  const input: WorkerInput = {
    script: script.href,
    notes: notes.map(({ meta, parsed }) => ({
      meta: { ...meta },
      parsed: { body: parsed.body, links: parsed.links },
    })),
    seed,
    port: port2,
    signal,
  };
  let worker: Worker;
  try {
    worker = new Worker(BOOTSTRAP, { eval: true, workerData: input, transferList: [port2] });
  } catch {
    return undefined;
  }
  // The process may end without waiting for it (a host that never asked for the search).
  worker.unref();
  return () => {
    Atomics.wait(signal, 0, 0);
    const answer = receiveMessageOnPort(port1)?.message as WorkerOutput | undefined;
    port1.close();
    return answer === undefined || "error" in answer ? undefined : answer;
  };
}

/**
 * The worker's work (called by the bootstrap in the worker thread): the notes indexed, from
 * the saved index when there is one.
 */
export function indexForSite(input: WorkerInput): WorkerOutput {
  return indexNotes(input.notes, createFullTextSearch(input.seed));
}
