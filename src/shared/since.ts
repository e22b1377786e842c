/**
 * The `since` of "what changed recently": a duration back from now (`90m`, `24h`, `7d`,
 * `2w`) or a date or time (`2026-05-01`, `2026-05-01T09:00:00Z`).
 *
 * @module
 */

const DURATION = /^(\d+)\s*(m|h|d|w)$/;
const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/**
 * Epoch ms of `since` at `now`, or undefined when it is neither a duration nor a date.
 *
 * @example
 * ```ts
 * parseSince("24h", Date.UTC(2026, 4, 2)); // Date.UTC(2026, 4, 1)
 * parseSince("2026-05-01", 0); // Date.UTC(2026, 4, 1)
 * ```
 */
export function parseSince(since: string, now: number): number | undefined {
  const text = since.trim();
  const duration = DURATION.exec(text);
  if (duration !== null) {
    const unit = duration[2] as keyof typeof UNIT_MS;
    return now - Number(duration[1]) * UNIT_MS[unit];
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}
