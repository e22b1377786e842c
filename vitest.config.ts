import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests run dist/cli.js: build it when it is missing or older than src/.
    globalSetup: ["test/cli/global-setup.ts"],
    testTimeout: 30_000,
    // No read call of a spawned CLI starts a daemon that outlives the test (the sandbox sets
    // it too, for the tests that build their environment from scratch).
    env: { AGENT_MEMORY_DAEMON: "0" },
    hookTimeout: 60_000,
  },
});
