/**
 * The order test files start in: the longest ones first, so no long file starts last and
 * holds the run's end on one core while the other idles. Vitest orders by the durations it
 * cached on an earlier run, but a fresh clone (CI, a newcomer's first `npm run check`) has
 * none and falls back to file size, which says little about time: the files below are the
 * ones that take longest (docs/benchmarks.md, "Test suite cost"); the rest keep vitest's order.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** The longest test files, longest first: their CPU, or their wall time spent waiting. */
export const LONGEST_FIRST: readonly string[] = [
  "test/integration/submodule-host.test.ts",
  "test/cli/cli-many-clones.test.ts",
  "test/torture/sync-sweep.test.ts",
  "test/cli/cli-concurrency.test.ts",
  "test/cli/cli-hooks-concurrent.test.ts",
  "test/cli/cli-sync-settle.test.ts",
  "test/cli/cli-merge-driver.test.ts",
  "test/cli/cli-daemon.test.ts",
  "test/cli/cli-daemon-on-demand.test.ts",
  "test/adapters/git.test.ts",
  "test/torture/torture.test.ts",
  "test/view/view-browser.test.ts",
  "test/cli/cli-agents.test.ts",
  "test/torture/mcp-hostile.test.ts",
  "test/skills/skills.test.ts",
];

/** Where `spec` stands in {@link LONGEST_FIRST}; after all of them when it is not listed. */
function rank(spec: TestSpecification): number {
  const at = LONGEST_FIRST.findIndex((path) => spec.moduleId.endsWith(`/${path}`));
  return at < 0 ? LONGEST_FIRST.length : at;
}

/** Puts {@link LONGEST_FIRST} ahead of every other file, in that order. */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // A stable sort: files of equal rank keep vitest's order.
    // oxlint-disable-next-line unicorn/no-array-sort -- BaseSequencer's sort, not Array#sort
    const ordered = await super.sort(files);
    return ordered.toSorted((a, b) => rank(a) - rank(b));
  }
}
