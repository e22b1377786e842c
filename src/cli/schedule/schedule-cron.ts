/**
 * The crontab line of a scheduled consolidation. The CLI never edits a crontab: it prints
 * the line and a command that appends it.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import {
  jobArguments,
  jobLogPath,
  shellQuote,
  sortedEnv,
  type ScheduledJob,
} from "./schedule-job.js";

/**
 * The five time fields for "every N minutes": N dividing an hour, or whole hours dividing
 * a day (cron cannot express other intervals evenly).
 *
 * @example
 * ```ts
 * cronTimeFields(15);  // Ok("*\/15 * * * *")
 * cronTimeFields(120); // Ok("0 *\/2 * * *")
 * cronTimeFields(45).isErr(); // true
 * ```
 */
export function cronTimeFields(everyMinutes: number): Result<string, string> {
  if (everyMinutes < 60 && 60 % everyMinutes === 0) {
    return ok(everyMinutes === 1 ? "* * * * *" : `*/${everyMinutes} * * * *`);
  }
  const hours = everyMinutes / 60;
  if (Number.isInteger(hours) && 24 % hours === 0) {
    if (hours === 24) return ok("0 0 * * *");
    return ok(hours === 1 ? "0 * * * *" : `0 */${hours} * * *`);
  }
  return err(
    `cron cannot run every ${everyMinutes} minutes evenly: use a divisor of 60 ` +
      "(1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30) or whole hours dividing a day (60, 120, 180, 240, 360, 480, 720, 1440)",
  );
}

/**
 * The crontab line: time fields, the environment as shell assignments, the command with
 * every argument shell-quoted, output appended to the log. `%` (a newline to cron) is
 * escaped as `\%`.
 *
 * @example
 * ```ts
 * cronLine({ root: "/home/me/notes", node: "/usr/bin/node", cli: "/opt/m/dist/cli.js", everyMinutes: 60, env: {} });
 * // Ok("0 * * * * /usr/bin/node /opt/m/dist/cli.js consolidate --root /home/me/notes >> /home/me/notes/.agent-memory/consolidate.log 2>&1")
 * ```
 */
export function cronLine(job: ScheduledJob): Result<string, string> {
  return cronTimeFields(job.everyMinutes).map((time) => {
    const log = shellQuote(jobLogPath(job.root));
    const command = [
      ...sortedEnv(job).map(([name, value]) => `${name}=${shellQuote(value)}`),
      ...jobArguments(job).map(shellQuote),
      ">>",
      log,
      "2>&1",
    ].join(" ");
    return `${time} ${command.replaceAll("%", "\\%")}`;
  });
}

/**
 * A shell command that appends `line` to the user's crontab, keeping what is there. The
 * quoted here-document passes the line byte for byte.
 *
 * @example
 * ```ts
 * cronAddCommand("0 * * * * memory consolidate");
 * // "( crontab -l 2>/dev/null; cat <<'EOF'\n0 * * * * memory consolidate\nEOF\n) | crontab -"
 * ```
 */
export function cronAddCommand(line: string): string {
  return ["( crontab -l 2>/dev/null; cat <<'EOF'", line, "EOF", ") | crontab -"].join("\n");
}
