/**
 * How much longer than on an idle machine a wait may take now. A wall-clock limit written for
 * an idle machine (a test's timeout, a deadline on a spawned CLI) fails on a busy one for
 * reasons unrelated to the code under test: such limits are multiplied by this factor.
 *
 * `TEST_TIME_SCALE` (a number ≥ 1) sets it; otherwise it is the run queue per core, the larger
 * of the 1- and 5-minute load averages over the cores (a load that lasted minutes is likely to
 * last through the next file), never below 1 and at most {@link MAX_SCALE}, so a real hang still
 * ends. Read when called: a file that starts on a busier machine gets longer limits.
 */
import { availableParallelism, loadavg } from "node:os";

/** Beyond this a limit no longer waits for a slow machine but hides a hang. */
const MAX_SCALE = 10;

/** The factor wall-clock limits are multiplied by now (1 on an idle machine). */
export function timeScale(): number {
  const set = Number(process.env["TEST_TIME_SCALE"]);
  if (Number.isFinite(set) && set >= 1) return set;
  const [oneMinute = 0, fiveMinutes = 0] = loadavg();
  const perCore = Math.max(oneMinute, fiveMinutes) / Math.max(1, availableParallelism());
  return Math.min(MAX_SCALE, Math.max(1, perCore));
}

/** `ms`, an idle machine's wall-clock limit, scaled for the machine's load now. */
export function scaledMs(ms: number): number {
  return Math.round(ms * timeScale());
}
