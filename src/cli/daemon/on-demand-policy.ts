/**
 * Whether a read call with no daemon to answer it starts one in the background (the way
 * Gradle, Bazel or tsserver start their daemons on first use), and how long that daemon waits
 * for the next call before it exits. Read from the environment alone, so the client decides
 * without loading anything.
 *
 * - `AGENT_MEMORY_DAEMON`: `0`/`off`/`false`/`no` never starts one; `1`/`on`/`true`/`yes`
 *   starts one even in CI; unset, empty or `auto` starts one unless the environment says it
 *   is a CI job. Any other value starts none, and `memory daemon status` says why.
 * - `AGENT_MEMORY_NO_DAEMON` (set, not "" or "0"): no daemon at all, neither used nor started.
 * - `AGENT_MEMORY_DAEMON_IDLE_MINUTES`: how long an on-demand daemon lives without a call
 *   (default {@link ON_DEMAND_IDLE_MINUTES}).
 *
 * @module
 */

import { NO_DAEMON_VARIABLE } from "./daemon-client.js";

/** The variable that turns the on-demand start off, on, or back to its default. */
export const DAEMON_VARIABLE = "AGENT_MEMORY_DAEMON";

/** The variable that sets an on-demand daemon's idle time, in minutes. */
export const IDLE_VARIABLE = "AGENT_MEMORY_DAEMON_IDLE_MINUTES";

/**
 * How long a daemon started by a read call waits for the next call: long enough to span an
 * agent's pauses between tool calls in one task, short enough that a memory nobody reads
 * gives its memory back soon.
 */
export const ON_DEMAND_IDLE_MINUTES = 15;

const OFF = new Set(["0", "off", "false", "no"]);
const ON = new Set(["1", "on", "true", "yes"]);

/**
 * Variables CI services set on every job (after the list `ci-info` checks, the package most
 * JavaScript tools use for this): `CI` (GitHub Actions, GitLab, CircleCI, Travis, Buildkite,
 * Bitbucket, AppVeyor...), `CONTINUOUS_INTEGRATION` (Travis), `BUILD_NUMBER` (Jenkins,
 * TeamCity), `RUN_ID` (TaskCluster), `TF_BUILD` (Azure Pipelines), `JENKINS_URL`,
 * `TEAMCITY_VERSION` and `CODEBUILD_BUILD_ARN` (AWS CodeBuild).
 */
const CI_VARIABLES = [
  "CI",
  "CONTINUOUS_INTEGRATION",
  "BUILD_NUMBER",
  "RUN_ID",
  "TF_BUILD",
  "JENKINS_URL",
  "TEAMCITY_VERSION",
  "CODEBUILD_BUILD_ARN",
] as const;

/** Whether a read call starts a daemon, and why (for `memory daemon status`). */
export interface OnDemandPolicy {
  readonly start: boolean;
  readonly because: string;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * What the environment says about starting a daemon on demand.
 *
 * @example
 * ```ts
 * onDemandPolicy({ CI: "true" }); // { start: false, because: "CI is set ..." }
 * onDemandPolicy({ CI: "true", AGENT_MEMORY_DAEMON: "1" }).start; // true
 * ```
 */
export function onDemandPolicy(env: Env): OnDemandPolicy {
  const bypass = env[NO_DAEMON_VARIABLE];
  if (bypass !== undefined && bypass !== "" && bypass !== "0") {
    return { start: false, because: `${NO_DAEMON_VARIABLE} is set: every call runs in-process` };
  }
  const raw = env[DAEMON_VARIABLE];
  const value = (raw ?? "").trim().toLowerCase();
  if (OFF.has(value)) return { start: false, because: `${DAEMON_VARIABLE}=${raw ?? ""}` };
  if (ON.has(value)) return { start: true, because: `${DAEMON_VARIABLE}=${raw ?? ""}` };
  if (value !== "" && value !== "auto") {
    return {
      start: false,
      because: `${DAEMON_VARIABLE}=${raw ?? ""} is not one of 0, off, 1, on or auto; read as off`,
    };
  }
  const ci = CI_VARIABLES.find((name) => {
    const set = (env[name] ?? "").trim().toLowerCase();
    return set !== "" && set !== "false" && set !== "0";
  });
  if (ci !== undefined) {
    return {
      start: false,
      because: `${ci} is set (a CI job); ${DAEMON_VARIABLE}=1 starts one anyway`,
    };
  }
  return { start: true, because: `by default; ${DAEMON_VARIABLE}=0 turns that off` };
}

/**
 * The idle time of a daemon started on demand, in minutes, as `--idle-minutes` takes it: the
 * variable's value when it is a number above 0 and at most a week, else the default.
 */
export function onDemandIdleMinutes(env: Env): number {
  const raw = env[IDLE_VARIABLE];
  const minutes = Number(raw);
  return raw !== undefined && raw.trim() !== "" && minutes > 0 && minutes <= 10_080
    ? minutes
    : ON_DEMAND_IDLE_MINUTES;
}
