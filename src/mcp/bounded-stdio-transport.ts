/**
 * The stdio transport of `memory mcp`, with a bound on each message. The SDK's own stdio
 * transport (1.32.2) joins every chunk into one growing buffer, and a message over its 10 MB
 * limit makes it close the connection: a 20 MB argument left the call and every later one
 * unanswered. Here a line over the bound is skipped as it streams in (only its first and last
 * bytes are kept, to find the request's id), answered with an error, and the next line is
 * read as usual.
 *
 * @module
 */

import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ErrorCode,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";

/** The largest message read, in bytes: a note (1 MiB) with room for JSON escapes. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const KEPT = 256;
const ID = String.raw`(-?\d{1,16}|"(?:[^"\\]|\\.){0,200}")`;
/** The id as the last member (the SDK's clients write `..."jsonrpc":"2.0","id":7}`). */
const ID_LAST = new RegExp(String.raw`"id"\s*:\s*${ID}\s*\}\s*$`);
/** The id as the first member, or right after "jsonrpc". */
const ID_FIRST = new RegExp(
  String.raw`^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*${ID}`,
);

interface SkippedLine {
  head: Buffer;
  tail: Buffer;
  bytes: number;
}

/**
 * A server transport on stdin/stdout that reads newline-delimited JSON-RPC, refusing any
 * message over `maxBytes` without reading it whole.
 *
 * @example
 * ```ts
 * await createMcpServer(memory, options).connect(new BoundedStdioTransport());
 * ```
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private chunks: Buffer[] = [];
  private size = 0;
  private skipped: SkippedLine | undefined;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxBytes: number = MAX_MESSAGE_BYTES,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    let rest = chunk;
    for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
      this.take(rest.subarray(0, newline));
      this.endLine();
      rest = rest.subarray(newline + 1);
    }
    if (rest.length > 0) this.take(rest);
  };

  private readonly onError = (error: Error): void => this.onerror?.(error);

  start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.on("error", this.onError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((done) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) done();
      else this.output.once("drain", () => done());
    });
  }

  close(): Promise<void> {
    this.input.off("data", this.onData);
    this.input.off("error", this.onError);
    if (this.input.listenerCount("data") === 0) this.input.pause();
    this.chunks = [];
    this.size = 0;
    this.skipped = undefined;
    this.onclose?.();
    return Promise.resolve();
  }

  private take(piece: Buffer): void {
    if (this.skipped !== undefined) {
      this.skipped.bytes += piece.length;
      this.skipped.tail = lastBytes(Buffer.concat([this.skipped.tail, piece]));
      return;
    }
    if (this.size + piece.length <= this.maxBytes) {
      this.chunks.push(piece);
      this.size += piece.length;
      return;
    }
    const head = Buffer.concat([...this.chunks, piece.subarray(0, KEPT)]).subarray(0, KEPT);
    this.skipped = { head, tail: lastBytes(piece), bytes: this.size + piece.length };
    this.chunks = [];
    this.size = 0;
  }

  private endLine(): void {
    const skipped = this.skipped;
    if (skipped !== undefined) {
      this.skipped = undefined;
      this.refuse(skipped);
      return;
    }
    const line = Buffer.concat(this.chunks, this.size).toString("utf8").replace(/\r$/, "");
    this.chunks = [];
    this.size = 0;
    if (line.trim() === "") return;
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(line));
    } catch (cause) {
      this.onerror?.(cause instanceof Error ? cause : new Error(String(cause)));
      return;
    }
    this.onmessage?.(message);
  }

  private refuse(line: SkippedLine): void {
    const message =
      `A message of ${line.bytes} bytes is over the ${this.maxBytes}-byte limit and was not read: ` +
      "a note is at most 1 MiB, so split the text into several notes.";
    this.onerror?.(new Error(message));
    const found =
      ID_LAST.exec(line.tail.toString("utf8"))?.[1] ??
      ID_FIRST.exec(line.head.toString("utf8"))?.[1];
    if (found === undefined) return;
    const id = JSON.parse(found) as string | number;
    void this.send({ jsonrpc: "2.0", id, error: { code: ErrorCode.InvalidRequest, message } });
  }
}

function lastBytes(buffer: Buffer): Buffer {
  return buffer.length <= KEPT ? buffer : buffer.subarray(buffer.length - KEPT);
}
