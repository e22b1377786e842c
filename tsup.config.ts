import { defineConfig } from "tsup";

export default defineConfig({
  // The CLI's shebang comes from the first line of src/cli/main.ts: esbuild keeps an entry's
  // hashbang, so only dist/cli.js gets it (and tsup marks that file executable).
  entry: { index: "src/index.ts", cli: "src/cli/main.ts" },
  format: ["esm"],
  dts: { entry: { index: "src/index.ts" } },
  clean: true,
  sourcemap: true,
  target: "node20",
  tsconfig: "tsconfig.build.json",
});
