/**
 * One exchange over a daemon's socket: connect, send a line, read the line that answers.
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

/**
 * Sends `request` to the daemon listening at `socketPath` and resolves with its reply, or
 * undefined when there is none: no daemon (a socket left by one that died refuses), a reply
 * that is not one, a connection closed early, or no reply within `timeoutMs`.
 *
 * @example
 * ```ts
 * const reply = await exchange("/home/me/notes/.agent-memory/daemon.sock", { kind: "status" }, 2_000);
 * ```
 */
export function exchange(
  socketPath: string,
  request: DaemonRequest,
  timeoutMs: number,
): Promise<DaemonReply | undefined> {
  return new Promise((done) => {
    const socket = connect(socketPath);
    let text = "";
    let settled = false;
    const finish = (reply: DaemonReply | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done(reply);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(encodeMessage(request)));
    socket.on("data", (chunk: string) => {
      text += chunk;
      const end = text.indexOf("\n");
      if (end >= 0) finish(decodeReply(text.slice(0, end)));
    });
    socket.on("error", () => finish(undefined));
    socket.on("close", () => finish(undefined));
  });
}
