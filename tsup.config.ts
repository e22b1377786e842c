import { defineConfig, type Options } from "tsup";

/** The package's entry points: the root, one per subpath export, and the CLI. */
const entries = {
  index: "src/index.ts",
  notes: "src/notes-entry.ts",
  adapters: "src/adapters/index.ts",
  "adapters/in-memory": "src/adapters/in-memory/index.ts",
  "adapters/isomorphic-git": "src/adapters/isomorphic-git/index.ts",
  format: "src/model/index.ts",
  lifecycle: "src/lifecycle/index.ts",
  migrate: "src/migrate/index.ts",
  testing: "src/testing/index.ts",
  mcp: "src/mcp/index.ts",
  view: "src/view/index.ts",
};

// The CLI tests' global setup rebuilds a stale dist/cli.js alone (test/cli/global-setup.ts):
// bundled exactly as shipped, but without the other entries, their declarations or a clean.
const cliOnly = process.env.AGENT_MEMORY_BUILD === "cli";

/**
 * The site's page scripts (`memory view`): one self-contained script each for the browser,
 * cytoscape and the search code bundled in, so a site needs no network and no module loader.
 * Built in the CLI-only build too: `memory view` reads them at run time.
 */
const pageScripts: Options = {
  entry: {
    graph: "src/view/browser/page/graph-entry.ts",
    search: "src/view/browser/page/search-entry.ts",
  },
  outDir: "dist/view-assets",
  format: ["iife"],
  platform: "browser",
  target: "es2022",
  minify: true,
  dts: false,
  clean: false,
  sourcemap: false,
  noExternal: [/.*/],
  tsconfig: "src/view/browser/page/tsconfig.json",
  // tsup names an IIFE build .global.js; the site asks for graph.js and search.js.
  outExtension: () => ({ js: ".js" }),
};

/**
 * The view's worker threads, each one self-contained module beside the page scripts, which
 * the view finds at run time (and works without, in its own thread, when one is missing): the
 * one that indexes a large memory's notes for its site while the pages are written
 * (src/view/full-text-worker.ts), and the one that hashes and writes a large site's files
 * while its pages are rendered (src/view/site-writer-worker.ts).
 */
const viewWorker: Options = {
  entry: {
    "full-text-worker": "src/view/full-text-worker.ts",
    "site-writer-worker": "src/view/site-writer-worker.ts",
  },
  outDir: "dist/view-assets",
  format: ["esm"],
  platform: "node",
  target: "node20",
  dts: false,
  clean: false,
  sourcemap: false,
  noExternal: [/.*/],
  tsconfig: "tsconfig.build.json",
  // Each worker one file: no shared chunk beside the page scripts.
  splitting: false,
  outExtension: () => ({ js: ".js" }),
};

export default defineConfig([
  {
    // The CLI's shebang comes from the first line of src/cli/main.ts: esbuild keeps an entry's
    // hashbang, so only dist/cli.js gets it (and tsup marks that file executable).
    entry: cliOnly ? { cli: "src/cli/main.ts" } : { ...entries, cli: "src/cli/main.ts" },
    format: ["esm"],
    dts: cliOnly ? false : { entry: entries },
    // Both builds run at once: the clean leaves the page scripts' folder to theirs.
    clean: cliOnly ? false : ["!view-assets", "!view-assets/**"],
    sourcemap: true,
    target: "node20",
    tsconfig: "tsconfig.build.json",
    // The contract suites import vitest: a host's own, as an optional peer, never bundled.
    external: ["vitest"],
    // micromark is some sixty small ES modules: resolving and loading them one by one cost a
    // cold CLI call about 70 ms (more than half of `node -e 0`), bundled a few. No type of
    // theirs crosses the public API, so a host's own copy is never confused with this one.
    noExternal: [/^micromark/, "character-entities", "decode-named-character-reference"],
  },
  pageScripts,
  viewWorker,
]);
