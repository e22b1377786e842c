/**
 * The site's code is paid for only by a host that imports `agent-memory/view`: the root and
 * notes entries load neither commonmark nor cytoscape, and the view entry loads commonmark
 * (cytoscape is never loaded by node at all: it is bundled into the page script).
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
  expect({ status: run.status, stderr: run.stderr }).toMatchObject({ status: 0 });
  return new Set(
    [...run.stderr.matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)].map(
      (match) => match[1] ?? "",
    ),
  );
}

describe("what the view costs a host that does not use it", () => {
  it("the root and notes entries load neither commonmark nor cytoscape", () => {
    for (const entry of ["dist/index.js", "dist/notes.js"]) {
      const packages = packagesLoadedBy(entry);
      expect(packages.has("neverthrow")).toBe(true);
      expect(packages.has("commonmark")).toBe(false);
      expect(packages.has("cytoscape")).toBe(false);
    }
  });

  it("agent-memory/view loads commonmark, and cytoscape only inside the page script", () => {
    const packages = packagesLoadedBy("dist/view.js");
    expect(packages.has("commonmark")).toBe(true);
    expect(packages.has("cytoscape")).toBe(false);
  });
});
