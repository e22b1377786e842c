/**
 * The systemd user units of a scheduled consolidation: a oneshot `.service` running
 * `memory consolidate` and a `.timer` starting it every N minutes.
 *
 * @module
 */

import { join } from "node:path";
import {
  jobArguments,
  jobLogPath,
  jobNames,
  sortedEnv,
  type ScheduledJob,
} from "./schedule-job.js";

/**
 * One argument of ExecStart=: as is when plain, else double-quoted with `\` and `"`
 * escaped. `%` (unit specifiers) and `$` (variable expansion) are doubled everywhere.
 *
 * @example
 * ```ts
 * systemdQuote("/home/me/My Notes"); // '"/home/me/My Notes"'
 * systemdQuote("100%");              // "100%%"
 * ```
 */
export function systemdQuote(arg: string): string {
  const escaped = arg.replaceAll("%", "%%").replaceAll("$", () => "$$");
  if (/^[A-Za-z0-9_@%+=:,./$-]+$/.test(escaped)) return escaped;
  return `"${escaped.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * A value of a setting that takes the rest of the line as is (Description=,
 * StandardOutput=append:): only the `%` specifiers are escaped.
 *
 * @example
 * ```ts
 * systemdText("50% done"); // "50%% done"
 * ```
 */
export function systemdText(text: string): string {
  return text.replaceAll("%", "%%");
}

/** One `Environment=` assignment, quoted: `Environment="NAME=value"`. */
function environmentLine(name: string, value: string): string {
  const assignment = `${name}=${value}`.replaceAll("%", "%%");
  return `Environment="${assignment.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

/**
 * The two unit files and the unit name (without suffix).
 *
 * @example
 * ```ts
 * const units = systemdUnits(job);
 * units.service; // "[Unit]\nDescription=agent-memory: consolidate /home/me/notes\n\n[Service]\nType=oneshot\n..."
 * ```
 */
export function systemdUnits(job: ScheduledJob): {
  readonly name: string;
  readonly service: string;
  readonly timer: string;
} {
  const name = jobNames(job.root).unit;
  const log = systemdText(jobLogPath(job.root));
  const service = [
    "[Unit]",
    `Description=agent-memory: consolidate ${systemdText(job.root)}`,
    "",
    "[Service]",
    "Type=oneshot",
    ...sortedEnv(job).map(([key, value]) => environmentLine(key, value)),
    `ExecStart=${jobArguments(job).map(systemdQuote).join(" ")}`,
    `StandardOutput=append:${log}`,
    `StandardError=append:${log}`,
    "",
  ].join("\n");
  const timer = [
    "[Unit]",
    `Description=agent-memory: consolidate ${systemdText(job.root)} every ${job.everyMinutes} minutes`,
    "",
    "[Timer]",
    `OnActiveSec=${job.everyMinutes}min`,
    `OnUnitActiveSec=${job.everyMinutes}min`,
    `Unit=${name}.service`,
    "",
    "[Install]",
    "WantedBy=timers.target",
    "",
  ].join("\n");
  return { name, service, timer };
}

/**
 * Where the units go (the user unit folder under the config home) and the commands that
 * load and start the timer.
 *
 * @example
 * ```ts
 * systemdInstall("/home/me/.config", "agent-memory-1b2c3d4e");
 * // { service: "/home/me/.config/systemd/user/agent-memory-1b2c3d4e.service", timer: ".../agent-memory-1b2c3d4e.timer",
 * //   activate: "systemctl --user daemon-reload && systemctl --user enable --now agent-memory-1b2c3d4e.timer" }
 * ```
 */
export function systemdInstall(
  configHome: string,
  name: string,
): { readonly service: string; readonly timer: string; readonly activate: string } {
  const folder = join(configHome, "systemd", "user");
  return {
    service: join(folder, `${name}.service`),
    timer: join(folder, `${name}.timer`),
    activate: `systemctl --user daemon-reload && systemctl --user enable --now ${name}.timer`,
  };
}
