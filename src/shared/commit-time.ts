/** The latest (and, negated, the earliest) time a JavaScript Date holds, in epoch ms. */
const DATE_LIMIT_MS = 8.64e15;

/**
 * A commit's time (git's seconds since the epoch) in epoch ms that a Date always holds. Git
 * accepts any date a committer sets (`GIT_COMMITTER_DATE="@9000000000000"`), far beyond a
 * Date's range, where `toISOString` throws: such a time is taken at the range's edge, and a
 * time that is no number at all at the epoch, so nothing that shows it can fail.
 *
 * @example
 * ```ts
 * commitTimeMs(1_700_000_000);     // 1_700_000_000_000
 * commitTimeMs(9_000_000_000_000); // 8.64e15 (+275760-09-13)
 * ```
 */
export function commitTimeMs(seconds: number): number {
  const ms = seconds * 1000;
  if (Number.isNaN(ms)) return 0;
  return Math.min(DATE_LIMIT_MS, Math.max(-DATE_LIMIT_MS, ms));
}
