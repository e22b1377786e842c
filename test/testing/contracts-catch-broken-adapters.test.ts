/**
 * The contract suites of `agent-memory/testing` check something: a host's test file
 * (test/fixtures/contracts/broken-adapters.contract-run.ts) runs the suites over deliberately
 * broken adapters and over real ones in a child vitest; the checks must fail on the first and
 * pass on the second. A suite that stopped checking would pass both.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";

const repo = resolve(import.meta.dirname, "../..");

interface AssertionResult {
  readonly ancestorTitles: readonly string[];
  readonly title: string;
  readonly status: string;
}
interface JsonReport {
  readonly testResults: readonly { readonly assertionResults: readonly AssertionResult[] }[];
}

describe("the contract suites, run by a host on broken and real adapters", () => {
  let scratch = "";
  let exitCode: number | null = null;
  let results: AssertionResult[] = [];

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), "agent-memory-contracts-"));
    const output = join(scratch, "report.json");
    // The child must not think it is a worker of this run.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !name.startsWith("VITEST")),
    );
    const run = spawnSync(
      process.execPath,
      [
        join(repo, "node_modules/vitest/vitest.mjs"),
        "run",
        "--config",
        join(repo, "test/fixtures/contracts/vitest.config.ts"),
        "--reporter=json",
        `--outputFile=${output}`,
      ],
      { cwd: repo, env, encoding: "utf8", timeout: scaledMs(120_000) },
    );
    exitCode = run.status;
    const report = JSON.parse(readFileSync(output, "utf8")) as JsonReport;
    results = report.testResults.flatMap((file) => file.assertionResults);
  }, scaledMs(150_000));

  afterAll(() => {
    if (scratch !== "") rmSync(scratch, { recursive: true, force: true });
  });

  /** The statuses of the checks in the suite named `suite`, by check title. */
  const statuses = (suite: string): Map<string, string> =>
    new Map(
      results
        .filter((result) => result.ancestorTitles.some((title) => title.startsWith(suite)))
        .map((result) => [`${result.ancestorTitles.join(" > ")} > ${result.title}`, result.status]),
    );

  it("exits non-zero: a host's CI goes red on a broken adapter", () => {
    expect(exitCode).not.toBe(0);
    expect(exitCode).not.toBeNull();
  });

  it.each([
    ["Llm contract", 5],
    ["SessionReader contract", 16],
    ["AgentsMdTarget contract", 30],
  ] as const)("%s: every check fails on the broken adapter", (suite, checks) => {
    const broken = statuses(`${suite}: broken`);
    expect(broken.size).toBe(checks);
    expect([...broken].filter(([, status]) => status !== "failed")).toEqual([]);
  });

  it("Persistence contract: every check fails on a naive map persistence but what a map gets right", () => {
    const broken = statuses("Persistence contract: broken");
    const passed = [...broken].filter(([, status]) => status === "passed").map(([name]) => name);
    expect(broken.size).toBe(26);
    expect(passed.map((name) => name.replace(/^.* > /, "")).toSorted()).toEqual([
      "lists a missing folder as empty",
      "skips .git folders and leftover temp files but keeps other dotfiles",
      "writes, reads back and overwrites UTF-8 content, creating parent folders",
    ]);
  });

  it.each([
    ["Persistence contract", 26, 0],
    ["Llm contract", 5, 0],
    ["SessionReader contract", 15, 1],
    ["AgentsMdTarget contract", 30, 0],
  ] as const)(
    "%s: every check passes on a real adapter (so the failures are the adapter's)",
    (suite, passing, skipped) => {
      const real = [...statuses(`${suite}: real`).values()];
      expect(real.filter((status) => status === "passed")).toHaveLength(passing);
      expect(real.filter((status) => status === "skipped")).toHaveLength(skipped);
      expect(real).toHaveLength(passing + skipped);
    },
  );
});
