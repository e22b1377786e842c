/**
 * The spend ledger, `.agent-memory/spend.jsonl`: one JSON line per model call of the current
 * UTC day, and one line per earlier day summing that day's calls. The first write of a day
 * folds the earlier days' call lines into day lines and drops days older than
 * {@link LEDGER_DAYS}, so the file holds at most one day of calls plus a month of day lines.
 * Owner-only (0600) like every file under `.agent-memory/`; rewritten whole and atomically.
 *
 * @module
 */

import { type } from "arktype";
import { errAsync, okAsync, ResultAsync } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { ignorePrivateFolder } from "../private-folder-ignore.js";
import type { Persistence } from "../../ports/persistence.js";

/** Where the ledger lives, relative to the memory root. */
export const SPEND_LEDGER_PATH = `${PRIVATE_FOLDER}/spend.jsonl`;

/** How many days of day lines the ledger keeps. */
export const LEDGER_DAYS = 31;

/** How a call's tokens were counted: by the provider, or estimated with the tokenizer. */
export type TokenCounting = "provider" | "estimate";

/** One model call. */
export interface CallLine {
  /** When the call ended (ISO-8601, UTC). */
  readonly at: string;
  readonly op: string;
  /** The run the call belonged to. */
  readonly run: string;
  readonly in: number;
  readonly out: number;
  readonly counted: TokenCounting;
  /** The call failed; its prompt is counted, as the provider may have read it. */
  readonly failed?: true;
}

/** The calls of one earlier UTC day, summed. */
export interface DayLine {
  /** YYYY-MM-DD, UTC. */
  readonly day: string;
  readonly in: number;
  readonly out: number;
  readonly calls: number;
  readonly runs: number;
}

/** What the ledger holds. */
export interface Ledger {
  readonly calls: readonly CallLine[];
  readonly days: readonly DayLine[];
  /** Lines that were not a call or a day (kept out of every sum, dropped at the next fold). */
  readonly unreadable: number;
}

const count = "number.integer >= 0";
const callLine = type({
  at: "string",
  op: "string",
  run: "string",
  in: count,
  out: count,
  counted: "'provider' | 'estimate'",
  "failed?": "true",
});
const dayLine = type({
  day: /^\d{4}-\d{2}-\d{2}$/,
  in: count,
  out: count,
  calls: count,
  runs: count,
});

/** The UTC day of a time, YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Reads the ledger; a missing file is an empty one. */
export function readLedger(persistence: Persistence): ResultAsync<Ledger, PersistenceError> {
  return persistence
    .read(SPEND_LEDGER_PATH)
    .map((text): Ledger => parseLedger(text))
    .orElse((error) =>
      error.code === "NOT_FOUND"
        ? okAsync<Ledger, PersistenceError>({ calls: [], days: [], unreadable: 0 })
        : errAsync(error),
    );
}

/** The lines of a ledger file; a line that is neither kind is counted as unreadable. */
export function parseLedger(text: string): Ledger {
  const calls: CallLine[] = [];
  const days: DayLine[] = [];
  let unreadable = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unreadable += 1;
      continue;
    }
    const call = callLine(value);
    if (!(call instanceof type.errors) && !Number.isNaN(Date.parse(call.at))) {
      calls.push(call);
      continue;
    }
    const day = dayLine(value);
    if (day instanceof type.errors) unreadable += 1;
    else days.push(day);
  }
  return { calls, days, unreadable };
}

/**
 * The ledger with `call` added: earlier days' calls folded into day lines, days older than
 * {@link LEDGER_DAYS} dropped.
 */
export function withCall(ledger: Ledger, call: CallLine, now: number): Ledger {
  const today = utcDay(now);
  const oldest = utcDay(now - (LEDGER_DAYS - 1) * 86_400_000);
  const days = new Map(ledger.days.map((day) => [day.day, day]));
  const runs = new Map<string, Set<string>>();
  const calls: CallLine[] = [];
  for (const line of ledger.calls) {
    const day = utcDay(Date.parse(line.at));
    if (day >= today) {
      calls.push(line);
      continue;
    }
    const sum = days.get(day) ?? { day, in: 0, out: 0, calls: 0, runs: 0 };
    const seen = runs.get(day) ?? new Set<string>();
    const newRun = !seen.has(line.run);
    seen.add(line.run);
    runs.set(day, seen);
    days.set(day, {
      day,
      in: sum.in + line.in,
      out: sum.out + line.out,
      calls: sum.calls + 1,
      runs: sum.runs + (newRun ? 1 : 0),
    });
  }
  calls.push(call);
  const kept = [...days.values()]
    .filter((day) => day.day >= oldest)
    .toSorted((a, b) => a.day.localeCompare(b.day));
  return { calls, days: kept, unreadable: 0 };
}

/** The ledger as its file's text: day lines, then call lines. */
export function ledgerText(ledger: Ledger): string {
  const lines = [
    ...ledger.days.map((day) =>
      JSON.stringify({ day: day.day, in: day.in, out: day.out, calls: day.calls, runs: day.runs }),
    ),
    ...ledger.calls.map((call) => JSON.stringify(call)),
  ];
  return lines.map((line) => `${line}\n`).join("");
}

/**
 * Records one call: reads the ledger, adds the call and writes the whole file atomically.
 * Runs hold the pipeline lock, so two processes never write it at once.
 */
export function recordCall(
  persistence: Persistence,
  call: CallLine,
  now: number,
): ResultAsync<void, PersistenceError> {
  return readLedger(persistence)
    .andThen((ledger) =>
      persistence.write(SPEND_LEDGER_PATH, ledgerText(withCall(ledger, call, now))),
    )
    .andThen(() => ResultAsync.fromSafePromise(ignorePrivateFolder(persistence)));
}
