/**
 * When a read call starts the daemon on demand, from the environment alone: on by default,
 * off with the opt-out or the bypass, off in CI unless asked, and an unknown value read as
 * off (and said so); the idle time from its variable, else 15 minutes.
 */
import { describe, expect, it } from "vitest";
import {
  onDemandIdleMinutes,
  onDemandPolicy,
  ON_DEMAND_IDLE_MINUTES,
} from "../../../src/cli/daemon/on-demand-policy.js";

describe("onDemandPolicy", () => {
  it.each([
    [{}, true],
    [{ AGENT_MEMORY_DAEMON: "" }, true],
    [{ AGENT_MEMORY_DAEMON: "auto" }, true],
    [{ AGENT_MEMORY_DAEMON: "0" }, false],
    [{ AGENT_MEMORY_DAEMON: "off" }, false],
    [{ AGENT_MEMORY_DAEMON: "OFF" }, false],
    [{ AGENT_MEMORY_DAEMON: "false" }, false],
    [{ AGENT_MEMORY_DAEMON: "no" }, false],
    [{ AGENT_MEMORY_DAEMON: "sometimes" }, false],
    [{ AGENT_MEMORY_NO_DAEMON: "1" }, false],
    [{ AGENT_MEMORY_NO_DAEMON: "0" }, true],
    [{ AGENT_MEMORY_NO_DAEMON: "1", AGENT_MEMORY_DAEMON: "1" }, false],
    [{ CI: "true" }, false],
    [{ CI: "1" }, false],
    [{ CI: "false" }, true],
    [{ CI: "0" }, true],
    [{ CI: "" }, true],
    [{ GITHUB_ACTIONS: "true", CI: "true" }, false],
    [{ TF_BUILD: "True" }, false],
    [{ JENKINS_URL: "https://ci.example/", BUILD_NUMBER: "12" }, false],
    [{ BUILD_NUMBER: "12" }, false],
    [{ CONTINUOUS_INTEGRATION: "true" }, false],
    [{ TEAMCITY_VERSION: "2024.1" }, false],
    [{ CODEBUILD_BUILD_ARN: "arn:aws:codebuild:x" }, false],
    [{ RUN_ID: "7" }, false],
    [{ CI: "true", AGENT_MEMORY_DAEMON: "1" }, true],
    [{ CI: "true", AGENT_MEMORY_DAEMON: "on" }, true],
    [{ CI: "true", AGENT_MEMORY_DAEMON: "yes" }, true],
  ] as const)("%j starts one: %s", (env, start) => {
    expect(onDemandPolicy(env).start).toBe(start);
  });

  it("says why, naming the variable that decided", () => {
    expect(onDemandPolicy({ CI: "true" }).because).toBe(
      "CI is set (a CI job); AGENT_MEMORY_DAEMON=1 starts one anyway",
    );
    expect(onDemandPolicy({ AGENT_MEMORY_DAEMON: "maybe" }).because).toBe(
      "AGENT_MEMORY_DAEMON=maybe is not one of 0, off, 1, on or auto; read as off",
    );
    expect(onDemandPolicy({}).because).toContain("AGENT_MEMORY_DAEMON=0");
  });
});

describe("onDemandIdleMinutes", () => {
  it.each([
    [undefined, ON_DEMAND_IDLE_MINUTES],
    ["", ON_DEMAND_IDLE_MINUTES],
    ["60", 60],
    ["0.5", 0.5],
    ["0", ON_DEMAND_IDLE_MINUTES],
    ["-3", ON_DEMAND_IDLE_MINUTES],
    ["soon", ON_DEMAND_IDLE_MINUTES],
    ["10081", ON_DEMAND_IDLE_MINUTES],
  ])("%j minutes -> %d", (value, minutes) => {
    const env = value === undefined ? {} : { AGENT_MEMORY_DAEMON_IDLE_MINUTES: value };
    expect(onDemandIdleMinutes(env)).toBe(minutes);
  });

  it("is 15 minutes by default", () => {
    expect(ON_DEMAND_IDLE_MINUTES).toBe(15);
  });
});
