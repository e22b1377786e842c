import { MessageChannel, Worker, type MessagePort } from "node:worker_threads";
import { writeIfChanged, type FileToWrite } from "./site-file-write.js";
import { viewWorkerScript } from "./view-worker-script.js";

/**
 * Writes a site's files in turn, each unless its bytes are there already. `write` may throw
 * (the thread's writer) or keep the failure for `finish` (the worker's).
 */
export interface SiteFileWriter {
  write(file: FileToWrite): void;
  /**
   * Resolves once the writer has room for more: a render faster than the disk waits here
   * rather than holding the site's bytes in the queue.
   */
  room(): Promise<void>;
  /** Every file's hash in the order given, and how many were written; rejects on a failure. */
  finish(): Promise<{ readonly hashes: readonly string[]; readonly written: number }>;
}

/** Files handed to the worker in one message. */
const BATCH = 64;

/** Batches handed over and not yet answered, past which the render waits for the writer. */
const MAX_IN_FLIGHT = 8;

/** The writer in the calling thread. */
export function threadWriter(): SiteFileWriter {
  const hashes: string[] = [];
  let written = 0;
  return {
    write(file) {
      const done = writeIfChanged(file);
      hashes.push(done.hash);
      if (done.wrote) written++;
    },
    room: () => Promise.resolve(),
    finish: () => Promise.resolve({ hashes, written }),
  };
}

/** What the worker answers: a batch's hashes and writes, the end, or why it stopped. */
type WriterAnswer =
  | { readonly hashes: readonly string[]; readonly written: number }
  | { readonly done: true }
  | { readonly error: string };

// Runs in the worker before anything else: a script that cannot load still answers.
const BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
import(workerData.script)
  .then((module) => module.serveSiteWrites(workerData.port))
  .catch((error) => workerData.port.postMessage({ error: String(error && error.stack || error) }));
`;

/**
 * A writer in a worker thread: this thread renders the pages while the worker hashes and
 * writes them (a machine's second core; the site's bytes are copied once, into the worker).
 * Undefined where no worker can run (see viewWorkerScript): the caller writes in its thread.
 */
export function workerWriter(): SiteFileWriter | undefined {
  const script = viewWorkerScript("site-writer-worker");
  if (script === undefined) return undefined;
  const { port1, port2 } = new MessageChannel();
  let worker: Worker;
  try {
    worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: { script: script.href, port: port2 },
      transferList: [port2],
    });
  } catch {
    return undefined;
  }
  const hashes: string[] = [];
  let written = 0;
  let failure: string | undefined;
  let batch: FileToWrite[] = [];
  let settled = false;
  let ended: (() => void) | undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  // The first word of how it ended counts: the exit that follows `done` is no failure.
  let inFlight = 0;
  let roomMade: (() => void) | undefined;
  const makeRoom = () => {
    roomMade?.();
    roomMade = undefined;
  };
  const settle = (why?: string) => {
    if (settled) return;
    settled = true;
    failure = why;
    ended?.();
    makeRoom();
  };
  port1.on("message", (answer: WriterAnswer) => {
    if ("error" in answer) settle(answer.error);
    else if ("done" in answer) settle();
    else {
      hashes.push(...answer.hashes);
      written += answer.written;
      inFlight--;
      if (inFlight < MAX_IN_FLIGHT) makeRoom();
    }
  });
  worker.on("error", (error) => settle(String(error)));
  worker.on("exit", (code) => settle(`the site's writer thread exited (code ${code})`));
  const send = () => {
    if (batch.length === 0 || failure !== undefined) return;
    const message = batchMessage(batch);
    port1.postMessage(message, [message.bytes.buffer]);
    inFlight++;
    batch = [];
  };
  return {
    write(file) {
      if (failure !== undefined) throw new Error(failure);
      batch.push(file);
      if (batch.length >= BATCH) send();
    },
    room() {
      if (settled || inFlight < MAX_IN_FLIGHT) return Promise.resolve();
      return new Promise<void>((resolve) => (roomMade = resolve));
    },
    async finish() {
      send();
      if (!settled) port1.postMessage({ end: true });
      await end;
      port1.close();
      await worker.terminate();
      if (failure !== undefined) throw new Error(failure);
      return { hashes, written };
    },
  };
}

/**
 * A batch as the worker gets it: the texts' UTF-8 bytes in one buffer, moved to the worker
 * rather than copied (a copy of the strings costs this thread as much as writing them), and
 * the rest beside it.
 */
interface BatchMessage {
  readonly paths: readonly string[];
  readonly previous: readonly (string | undefined)[];
  readonly present: readonly boolean[];
  /** Where each file's bytes end in `bytes`. */
  readonly ends: readonly number[];
  readonly bytes: Uint8Array<ArrayBuffer>;
}

const encoder = new TextEncoder();

function batchMessage(files: readonly FileToWrite[]): BatchMessage {
  let size = 0;
  for (const { text } of files)
    size += typeof text === "string" ? Buffer.byteLength(text) : text.length;
  const bytes = new Uint8Array(size);
  const ends: number[] = [];
  let at = 0;
  for (const { text } of files) {
    if (typeof text === "string") at += encoder.encodeInto(text, bytes.subarray(at)).written;
    else {
      bytes.set(text, at);
      at += text.length;
    }
    ends.push(at);
  }
  return {
    paths: files.map((file) => file.path),
    previous: files.map((file) => file.previous),
    present: files.map((file) => file.present),
    ends,
    bytes,
  };
}

/**
 * The worker's side (called by the bootstrap in the worker thread): each batch written in
 * order and answered; the first failure answered and the rest refused.
 */
export function serveSiteWrites(port: MessagePort): void {
  let failed = false;
  port.on("message", (message: BatchMessage | { readonly end: true }) => {
    // The thread stays until the other side closes the channel: `done` is the last word.
    if ("end" in message) {
      port.postMessage({ done: true });
      return;
    }
    if (failed) return;
    try {
      const hashes: string[] = [];
      let written = 0;
      let start = 0;
      for (let at = 0; at < message.paths.length; at++) {
        const end = message.ends[at] ?? start;
        const done = writeIfChanged({
          path: message.paths[at] ?? "",
          text: message.bytes.subarray(start, end),
          previous: message.previous[at],
          present: message.present[at] === true,
        });
        start = end;
        hashes.push(done.hash);
        if (done.wrote) written++;
      }
      port.postMessage({ hashes, written });
    } catch (error) {
      failed = true;
      port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  });
}
