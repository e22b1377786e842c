/**
 * One exchange over a daemon's socket: connect, send a challenged line, check the
 * acknowledgement proves the daemon knows its card's secret, then read the line that answers.
 *
 * @module
 */

import { connect } from "node:net";
import {
  decodeReply,
  encodeMessage,
  MAX_REQUEST_BYTES,
  type DaemonReply,
  type DaemonRequest,
} from "./daemon-protocol.js";
import { cardPathOf, newChallenge, proves, readCard, type DaemonCard } from "./daemon-token.js";

/** How long an exchange waits. */
export interface ExchangeTimeouts {
  /** For the daemon to acknowledge the request (it does at once when it runs at all). */
  readonly ackMs: number;
  /** For the reply after the acknowledgement. */
  readonly answerMs: number;
  /**
   * Asked when a deadline passes: true while the daemon is busy loading or answering (its
   * busy marker, daemon-busy.ts), and the exchange then waits as long again instead of
   * giving up on a daemon that is not wedged but working.
   */
  readonly busy?: () => boolean;
}

/** For status and stop, which the daemon answers at once. */
export const QUICK: ExchangeTimeouts = { ackMs: 2_000, answerMs: 2_000 };

/** A daemon's answer proper (the acknowledgement is checked, not returned). */
export type FinalReply = Exclude<DaemonReply, { kind: "accepted" }>;

/**
 * How an exchange ended: a proven reply; `late` when the daemon took the connection but did
 * not acknowledge or answer in time (stopped, wedged, overloaded); `none` when there is no
 * daemon to believe (nothing listens, the listener cannot prove it is the memory's daemon,
 * the line is too long to send, the connection broke).
 */
export type ExchangeOutcome =
  | { readonly kind: "reply"; readonly reply: FinalReply }
  | { readonly kind: "late" }
  | { readonly kind: "none" };

/**
 * Sends `request` to the daemon listening at `socketPath` and resolves with its reply, or
 * undefined when there is none to believe (see {@link ExchangeOutcome}).
 *
 * @example
 * ```ts
 * const reply = await exchange("/home/me/notes/.agent-memory/daemon.sock", { kind: "status" }, QUICK);
 * ```
 */
export async function exchange(
  socketPath: string,
  request: DaemonRequest,
  timeouts: ExchangeTimeouts,
): Promise<FinalReply | undefined> {
  const card = readCard(cardPathOf(socketPath));
  if (card === undefined) return undefined;
  const outcome = await exchangeWith(socketPath, card, request, timeouts);
  return outcome.kind === "reply" ? outcome.reply : undefined;
}

/**
 * The exchange with the daemon `card` describes: its acknowledgement must carry the proof for
 * this exchange's challenge, or nothing it says is believed.
 */
export function exchangeWith(
  socketPath: string,
  card: DaemonCard,
  request: DaemonRequest,
  timeouts: ExchangeTimeouts,
): Promise<ExchangeOutcome> {
  const challenge = newChallenge();
  const line = encodeMessage({ ...request, challenge });
  if (Buffer.byteLength(line) > MAX_REQUEST_BYTES) return Promise.resolve({ kind: "none" });
  return new Promise((done) => {
    const socket = connect(socketPath);
    let text = "";
    let settled = false;
    let proven = false;
    const deadline = (ms: number): ReturnType<typeof setTimeout> =>
      setTimeout(() => {
        if (timeouts.busy?.() === true) timer = deadline(ms);
        else finish({ kind: "late" });
      }, ms);
    let timer = deadline(timeouts.ackMs);
    const finish = (outcome: ExchangeOutcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      done(outcome);
    };
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(line));
    socket.on("data", (chunk: string) => {
      text += chunk;
      for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n")) {
        const reply = decodeReply(text.slice(0, end));
        text = text.slice(end + 1);
        if (!proven) {
          // The first line must prove the listener is the card's daemon.
          if (reply?.kind !== "accepted" || !proves(card.token, challenge, reply.proof))
            return finish({ kind: "none" });
          proven = true;
          clearTimeout(timer);
          timer = deadline(timeouts.answerMs);
          continue;
        }
        return finish(
          reply === undefined || reply.kind === "accepted"
            ? { kind: "none" }
            : { kind: "reply", reply },
        );
      }
    });
    socket.on("error", () => finish({ kind: "none" }));
    socket.on("close", () => finish({ kind: "none" }));
  });
}
