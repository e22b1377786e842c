/**
 * What `memory schedule` writes or prints for each scheduler: the files with their
 * destinations and the command that activates them. Pure.
 *
 * @module
 */

import { isAbsolute, join } from "node:path";
import { err, ok, type Result } from "neverthrow";
import { cronAddCommand, cronLine } from "./schedule-cron.js";
import { jobNames, jobProblem, type ScheduledJob } from "./schedule-job.js";
import { launchdInstall, launchdPlist } from "./schedule-launchd.js";
import { systemdInstall, systemdUnits } from "./schedule-systemd.js";

/** The schedulers `memory schedule` writes for. */
export const SCHEDULER_KINDS = ["launchd", "systemd", "cron"] as const;

/** One of {@link SCHEDULER_KINDS}. */
export type SchedulerKind = (typeof SCHEDULER_KINDS)[number];

/** A file of a schedule and where the scheduler expects it. */
export interface ScheduleFile {
  /** Absolute destination. */
  readonly path: string;
  readonly content: string;
}

/** A schedule ready to print or install. */
export interface SchedulePlan {
  readonly kind: SchedulerKind;
  /** The launchd label, the systemd unit name, or the cron job's name (the unit name). */
  readonly name: string;
  /** The files to install (none for cron: a crontab is edited, never written by memory). */
  readonly files: readonly ScheduleFile[];
  /** The crontab line, for cron. */
  readonly line?: string;
  /** The shell command that activates the schedule; memory never runs it. */
  readonly activate: string;
}

/** The folders the destinations are under, from the environment. */
export interface ScheduleHomes {
  /** $HOME. */
  readonly home: string;
  /** $XDG_CONFIG_HOME when set to an absolute path, else $HOME/.config. */
  readonly configHome: string;
}

/**
 * The folders of {@link ScheduleHomes} from an environment; undefined without an absolute HOME.
 *
 * @example
 * ```ts
 * scheduleHomes({ HOME: "/home/me" }); // { home: "/home/me", configHome: "/home/me/.config" }
 * ```
 */
export function scheduleHomes(
  env: Readonly<Record<string, string | undefined>>,
): ScheduleHomes | undefined {
  const home = env["HOME"];
  if (home === undefined || !isAbsolute(home)) return undefined;
  const xdg = env["XDG_CONFIG_HOME"];
  const configHome = xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, ".config");
  return { home, configHome };
}

/**
 * The schedule of `kind` for `job`. Fails when the job cannot be written (a line break in
 * a path) or cron cannot express the interval.
 *
 * @example
 * ```ts
 * schedulePlan("systemd", job, { home: "/home/me", configHome: "/home/me/.config" });
 * // Ok({ kind: "systemd", name: "agent-memory-1b2c3d4e", files: [service, timer], activate: "systemctl --user ..." })
 * ```
 */
export function schedulePlan(
  kind: SchedulerKind,
  job: ScheduledJob,
  homes: ScheduleHomes,
): Result<SchedulePlan, string> {
  const problem = jobProblem(job);
  if (problem !== undefined) return err(`${problem}; no scheduler can run it`);
  if (kind === "launchd") {
    const { path, activate } = launchdInstall(homes.home, job.root);
    const name = jobNames(job.root).label;
    return ok({ kind, name, files: [{ path, content: launchdPlist(job) }], activate });
  }
  if (kind === "systemd") {
    const units = systemdUnits(job);
    const paths = systemdInstall(homes.configHome, units.name);
    return ok({
      kind,
      name: units.name,
      files: [
        { path: paths.service, content: units.service },
        { path: paths.timer, content: units.timer },
      ],
      activate: paths.activate,
    });
  }
  return cronLine(job).map((line) => ({
    kind,
    name: jobNames(job.root).unit,
    files: [],
    line,
    activate: cronAddCommand(line),
  }));
}
