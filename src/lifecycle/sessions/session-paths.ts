/**
 * Where the session log lives: `sessions/<YYYY>/<MM>/<DD>/agent<N>.md`, dated in UTC, so a
 * directory listing reads as a calendar and agents in different time zones agree on "today".
 */

/** The session log's folder, relative to the memory root. */
export const SESSIONS_FOLDER = "sessions";

const DAY_MS = 86_400_000;
const LOG_PATH = /^sessions\/(\d{4})\/(\d{2})\/(\d{2})\/agent(\d{1,6})\.md$/;

/**
 * A UTC calendar day as `YYYY-MM-DD`.
 *
 * @example
 * ```ts
 * utcDay(Date.UTC(2026, 3, 16, 23, 59)); // "2026-04-16"
 * ```
 */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/**
 * The UTC day before the day of `epochMs`, across month and year boundaries.
 *
 * @example
 * ```ts
 * previousUtcDay(Date.UTC(2026, 2, 1, 0, 5)); // "2026-02-28"
 * ```
 */
export function previousUtcDay(epochMs: number): string {
  return utcDay(Date.parse(`${utcDay(epochMs)}T00:00:00.000Z`) - DAY_MS);
}

/**
 * `HH:MM` of `epochMs` in UTC.
 *
 * @example
 * ```ts
 * utcTime(Date.UTC(2026, 3, 16, 9, 5)); // "09:05"
 * ```
 */
export function utcTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(11, 16);
}

/**
 * The log file of `agent` on `day` (`YYYY-MM-DD`).
 *
 * @example
 * ```ts
 * sessionLogPath(0, "2026-04-16"); // "sessions/2026/04/16/agent0.md"
 * ```
 */
export function sessionLogPath(agent: number, day: string): string {
  return `${SESSIONS_FOLDER}/${day.replaceAll("-", "/")}/agent${agent}.md`;
}

/**
 * The agent and day of a session log path, or undefined for any other file.
 *
 * @example
 * ```ts
 * parseSessionLogPath("sessions/2026/04/16/agent2.md"); // { agent: 2, day: "2026-04-16" }
 * ```
 */
export function parseSessionLogPath(path: string): { agent: number; day: string } | undefined {
  const match = LOG_PATH.exec(path);
  if (match === null) return undefined;
  const [, year, month, day, agent] = match;
  return { agent: Number(agent), day: `${year}-${month}-${day}` };
}
