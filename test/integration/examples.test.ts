/** The examples are part of the documentation: they must keep running. */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";

const repo = resolve(import.meta.dirname, "../..");
const run = (file: string) =>
  execFileSync(process.execPath, ["--import", "tsx", file], {
    cwd: repo,
    encoding: "utf8",
    timeout: scaledMs(60_000),
  });

describe("the examples", () => {
  it("quickstart runs the whole lifecycle in memory and ends with an AGENTS.md section", () => {
    const output = run("examples/quickstart.ts");
    for (const step of [
      "== consolidate ==",
      "== defrag ==",
      "== index note ==",
      "== AGENTS.md ==",
      "<!-- agent-memory:end -->",
    ]) {
      expect(output).toContain(step);
    }
    expect(output).toContain("broken links: 0");
  });

  it("host-actors consolidates with a host's own storage and actors", () => {
    const output = run("examples/host-actors.ts");
    expect(output).toMatch(/created id__[0-9A-Za-z]{6} from 1 journal entry/);
    expect(output).toContain("# Staging migrations need a 5 s lock timeout");
  });
});
