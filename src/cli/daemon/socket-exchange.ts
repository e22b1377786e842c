/**
 * One exchange over a daemon's socket: connect, send a line, read the acknowledgement and
 * the line that answers.
 *
 * @module
 */

import { connect } from "node:net";
import {
  decodeReply,
  encodeMessage,
  type DaemonReply,
  type DaemonRequest,
} from "./daemon-protocol.js";

/** How long an exchange waits. */
export interface ExchangeTimeouts {
  /** For the daemon to acknowledge the request (it does at once when it runs at all). */
  readonly ackMs: number;
  /** For the reply after the acknowledgement. */
  readonly answerMs: number;
}

/** For status and stop, which the daemon answers at once. */
export const QUICK: ExchangeTimeouts = { ackMs: 2_000, answerMs: 2_000 };

/**
 * Sends `request` to the daemon listening at `socketPath` and resolves with its reply, or
 * undefined when there is none: no daemon (a socket left by one that died refuses), a reply
 * that is not one, a connection closed early, or a timeout.
 *
 * @example
 * ```ts
 * const reply = await exchange("/home/me/notes/.agent-memory/daemon.sock", { kind: "status" }, QUICK);
 * ```
 */
export function exchange(
  socketPath: string,
  request: DaemonRequest,
  timeouts: ExchangeTimeouts,
): Promise<Exclude<DaemonReply, { kind: "accepted" }> | undefined> {
  return new Promise((done) => {
    const socket = connect(socketPath);
    let text = "";
    let settled = false;
    let timer = setTimeout(() => finish(undefined), timeouts.ackMs);
    const finish = (reply: Exclude<DaemonReply, { kind: "accepted" }> | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done(reply);
    };
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(encodeMessage(request)));
    socket.on("data", (chunk: string) => {
      text += chunk;
      for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n")) {
        const reply = decodeReply(text.slice(0, end));
        text = text.slice(end + 1);
        if (reply?.kind !== "accepted") return finish(reply);
        clearTimeout(timer);
        timer = setTimeout(() => finish(undefined), timeouts.answerMs);
      }
    });
    socket.on("error", () => finish(undefined));
    socket.on("close", () => finish(undefined));
  });
}
