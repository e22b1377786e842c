/**
 * What each built entry point loads: `import "agent-memory"` must not pull memfs or
 * isomorphic-git (only hosts that ask for RAM or pure-JS git pay for them). Runs the built
 * package in a real node process with a resolution hook that records every module it loads.
 */
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

const repo = resolve(import.meta.dirname, "../..");
const hook = pathToFileURL(resolve(repo, "test/fixtures/record-resolutions.mjs")).href;

/** The npm packages a fresh node process resolves while importing `entry` (a dist file). */
function packagesLoadedBy(entry: string): Set<string> {
  const register = `import { register } from "node:module"; register(${JSON.stringify(hook)});`;
  const target = pathToFileURL(resolve(repo, entry)).href;
  const run = spawnSync(
    process.execPath,
    [
      "--import",
      `data:text/javascript,${encodeURIComponent(register)}`,
      "--input-type=module",
      "-e",
      `await import(${JSON.stringify(target)});`,
    ],
    { encoding: "utf8" },
  );
  // The stderr rides along so a failure shows why the import failed.
  expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
  const packages = [...run.stderr.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map(
    (match) => match[1] ?? "",
  );
  return new Set(packages);
}

describe("what an entry point loads", () => {
  it("the root entry loads neither memfs nor isomorphic-git", () => {
    const packages = packagesLoadedBy("dist/index.js");
    expect(packages.has("neverthrow")).toBe(true); // the hook sees packages at all
    expect(packages.has("memfs")).toBe(false);
    expect(packages.has("isomorphic-git")).toBe(false);
  });

  it("agent-memory/adapters loads neither memfs nor isomorphic-git", () => {
    const packages = packagesLoadedBy("dist/adapters.js");
    expect(packages.has("memfs")).toBe(false);
    expect(packages.has("isomorphic-git")).toBe(false);
  });

  it("agent-memory/adapters/in-memory does load both", () => {
    const packages = packagesLoadedBy("dist/adapters/in-memory.js");
    expect(packages.has("memfs")).toBe(true);
    expect(packages.has("isomorphic-git")).toBe(true);
  });

  it("agent-memory/testing loads vitest from the host's node_modules: a peer, not bundled", () => {
    const packages = packagesLoadedBy("dist/testing.js");
    expect(packages.has("vitest")).toBe(true);
  });
});
