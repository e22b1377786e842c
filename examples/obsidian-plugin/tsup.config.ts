import { resolve } from "node:path";
import { defineConfig } from "tsup";

const here = import.meta.dirname;

// Obsidian loads a plugin's main.js as CommonJS and provides the "obsidian" module itself.
export default defineConfig({
  entry: { main: resolve(here, "src/main.ts") },
  outDir: here,
  format: ["cjs"],
  outExtension: () => ({ js: ".js" }),
  platform: "browser",
  target: "es2022",
  external: ["obsidian"],
  dts: false,
  sourcemap: false,
  clean: false,
});
