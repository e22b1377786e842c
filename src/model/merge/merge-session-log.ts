/**
 * The merge by meaning of a session log (`sessions/YYYY/MM/DD/agentN.md`) both clones
 * appended to: the base's sessions, then the sessions each clone added, interleaved by their
 * time (each clone's own order kept; a tie goes to the text that sorts first), each once, and
 * numbered on from the base's highest number so every session keeps a number of its own.
 * A log edited in the middle on either side is merged as note text instead.
 *
 * @module
 */

import { mergeNoteText, type MergedText } from "./merge-note.js";

const SESSION_HEADER = /^## session (\d{1,6}) \((\d{2}:\d{2}) UTC\)[ \t]*$/gm;

interface Session {
  readonly time: string;
  /** The session without its header line. */
  readonly rest: string;
}

interface SessionLog {
  readonly head: string;
  readonly sessions: readonly Session[];
  readonly highest: number;
}

/**
 * Merges a session log appended to on two clones from their common `base`.
 *
 * @example
 * ```ts
 * const one = "## session 1 (09:30 UTC)\n\n### what\na\n";
 * mergeSessionLogText("", one, one.replace("09:30", "10:00")).text;
 * // both sessions, numbered 1 and 2
 * ```
 */
export function mergeSessionLogText(base: string, ours: string, theirs: string): MergedText {
  if (ours === theirs || base === theirs) return { text: ours, marked: 0, decisions: [] };
  if (base === ours) return { text: theirs, marked: 0, decisions: [] };
  const [b, o, t] = [base, ours, theirs].map((text) => sessionLog(text.replace(/\r\n/g, "\n"))) as [
    SessionLog,
    SessionLog,
    SessionLog,
  ];
  const appendedOnly = [o, t].every(
    (side) =>
      side.head === b.head &&
      b.sessions.every((session, i) => sameSession(session, side.sessions[i])),
  );
  if (!appendedOnly) return mergeNoteText(base, ours, theirs);
  const added = interleave(
    o.sessions.slice(b.sessions.length),
    t.sessions.slice(b.sessions.length),
  );
  let number = b.highest;
  const texts = [
    ...sessionTexts(base.replace(/\r\n/g, "\n")),
    ...added.map((session) => `## session ${++number} (${session.time} UTC)${session.rest}`),
  ];
  const body = texts.map((text) => text.replace(/\n+$/, "")).join("\n\n");
  return { text: `${b.head}${body}\n`, marked: 0, decisions: [] };
}

function sameSession(one: Session, two: Session | undefined): boolean {
  return two !== undefined && one.time === two.time && one.rest.trimEnd() === two.rest.trimEnd();
}

/** Two lists merged by time, each list's order kept; equal sessions once. */
function interleave(one: readonly Session[], two: readonly Session[]): Session[] {
  const out: Session[] = [];
  let i = 0;
  let j = 0;
  while (i < one.length || j < two.length) {
    const a = one[i];
    const b = two[j];
    if (a !== undefined && b !== undefined && sameSession(a, b)) {
      out.push(a);
      i++;
      j++;
    } else if (b === undefined || (a !== undefined && order(a, b) <= 0)) {
      if (a !== undefined && !out.some((s) => sameSession(a, s))) out.push(a);
      i++;
    } else {
      if (!out.some((s) => sameSession(b, s))) out.push(b);
      j++;
    }
  }
  return out;
}

function order(a: Session, b: Session): number {
  if (a.time !== b.time) return a.time < b.time ? -1 : 1;
  const x = a.rest.trimEnd();
  const y = b.rest.trimEnd();
  return x < y ? -1 : x > y ? 1 : 0;
}

function sessionLog(text: string): SessionLog {
  const starts = [...text.matchAll(SESSION_HEADER)];
  const head = text.slice(0, starts[0]?.index ?? text.length);
  const sessions = starts.map((match, i) => {
    const end = starts[i + 1]?.index ?? text.length;
    return { time: match[2] ?? "", rest: text.slice(match.index + match[0].length, end) };
  });
  const highest = starts.reduce((max, match) => Math.max(max, Number(match[1])), 0);
  return { head, sessions, highest };
}

/** Each session of `text` as written, header included. */
function sessionTexts(text: string): string[] {
  const starts = [...text.matchAll(SESSION_HEADER)];
  return starts.map((match, i) => text.slice(match.index, starts[i + 1]?.index ?? text.length));
}
