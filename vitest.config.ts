import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
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
  },
});
