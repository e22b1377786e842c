import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // The CLI tests run dist/cli.js: build it when it is missing or older than src/.
    globalSetup: ["test/cli/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
