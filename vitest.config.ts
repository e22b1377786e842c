import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import LongestFirstSequencer from "./test/helpers/longest-first-sequencer.js";

/**
 * The files that run each in a fresh module graph: the static site's (they drive Chromium and
 * build sites; kept as they were). Every other file runs without isolation (below).
 */
const ISOLATED = "test/view/**/*.test.ts";

export default defineConfig({
  test: {
    // The CLI tests run dist/cli.js: build it when it is missing or older than src/.
    globalSetup: ["test/cli/global-setup.ts"],
    // Scales the two timeouts below for the machine's load when each file starts.
    // TEST_CPU_LOG=file: each test file's CPU seconds appended to that file (docs/benchmarks.md).
    setupFiles: [
      "test/helpers/time-scale-setup.ts",
      ...(process.env["TEST_CPU_LOG"] ? ["test/helpers/cpu-log-setup.ts"] : []),
    ],
    testTimeout: 30_000,
    // No read call of a spawned CLI starts a daemon that outlives the test (the sandbox sets
    // it too, for the tests that build their environment from scratch).
    env: { AGENT_MEMORY_DAEMON: "0" },
    hookTimeout: 60_000,
    // One file per core (vitest's default leaves one core out: a single file at a time on a
    // 2-core machine). Most files wait on spawned CLIs and git, which run outside the worker,
    // so a second file overlaps those waits.
    maxWorkers: availableParallelism(),
    // The files share one module graph per worker (no isolation): most of a small file's CPU
    // is starting its worker and evaluating its imports again (test/model: 61 CPU s isolated,
    // 23 s shared), and a file that runs the CLI in-process loads the whole library once per
    // worker instead of once per file. No test file mocks a module or leaves process state
    // behind (the in-process CLI runner puts the environment, cwd and argv back; the two
    // tests that set a variable or spy on Date.now restore it), so nothing leaks between files.
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: [ISOLATED] } },
    ],
    // The longest files start first (a fresh clone has no durations cached to order by).
    sequence: { sequencer: LongestFirstSequencer },
  },
});
