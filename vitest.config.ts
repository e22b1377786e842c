import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

/** The tests of the pure layer (no I/O, no process state), run without isolation. */
const PURE = "test/model/**/*.test.ts";

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
    // The pure model's tests share one module graph per worker (no isolation): most of a
    // small file's CPU is evaluating its imports again, and the pure layer has no state to
    // leak from one file into the next. test/model: 61 CPU s isolated, 23 s shared, same tests.
    projects: [
      { extends: true, test: { name: "model", include: [PURE], isolate: false } },
      {
        extends: true,
        test: {
          name: "suite",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, PURE],
        },
      },
    ],
  },
});
