import { err, ok, type Result } from "neverthrow";
import { usageFailure, type CliFailure } from "../framework/cli-failure.js";

const DEFAULT_IDLE_MINUTES = 30;

/** How long a daemon waits for a call before it stops, when not told. */
export const DEFAULT_IDLE_MS = DEFAULT_IDLE_MINUTES * 60_000;

/** The option both `daemon start` and `daemon run` take. */
export const IDLE_OPTION = { "idle-minutes": { type: "string" } } as const;

/** Its line of help. */
export const IDLE_OPTION_HELP = [
  "--idle-minutes N",
  `Stop after N minutes without a call (default ${DEFAULT_IDLE_MINUTES}; fractions allowed).`,
] as const;

/** The idle time in ms, or a usage error naming what was wrong. */
export function idleMsOf(value: string | undefined, command: string): Result<number, CliFailure> {
  if (value === undefined) return ok(DEFAULT_IDLE_MS);
  const minutes = Number(value);
  if (value.trim() === "" || !Number.isFinite(minutes) || minutes <= 0 || minutes > 10_080) {
    return err(
      usageFailure(
        `--idle-minutes takes a number of minutes above 0 and at most 10080 (a week), not "${value}"`,
        command,
      ),
    );
  }
  return ok(Math.round(minutes * 60_000));
}
