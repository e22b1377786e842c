/**
 * The layers of `src/` and which may import which: the one source of the dependency rule.
 * The architecture test checks every import against it, and docs/architecture.md's rule
 * table and picture are generated from it (`npm run docs:architecture`), so neither drifts.
 */

/** A layer of the source tree. */
export type Layer =
  | "errors"
  | "shared"
  | "layout"
  | "model"
  | "ports"
  | "notes"
  | "lifecycle"
  | "adapters"
  | "testing"
  | "migrate"
  | "composition"
  | "entries"
  | "mcp"
  | "view"
  | "cli";

/** One layer: where its files are, what it holds, and what it may import. */
export interface LayerRule {
  readonly layer: Layer;
  /** Path prefixes (or exact files) under the repository root. */
  readonly paths: readonly string[];
  readonly holds: string;
  /** Layers this one may import (besides itself). */
  readonly imports: readonly Layer[];
  /** Whether `node:*` imports are refused (all but `node:crypto`). */
  readonly pure: boolean;
}

/**
 * The package's public entry points (the `bun` conditions of package.json's exports). They
 * only re-export; the CLI may import nothing else of the library.
 */
export const ENTRY_FILES: readonly string[] = [
  "src/index.ts",
  "src/notes-entry.ts",
  "src/adapters/index.ts",
  "src/adapters/in-memory/index.ts",
  "src/adapters/isomorphic-git/index.ts",
  "src/model/index.ts",
  "src/lifecycle/index.ts",
  "src/migrate/index.ts",
  "src/testing/index.ts",
  "src/mcp/index.ts",
  "src/view/index.ts",
];

/** In order from the innermost layer out. */
export const LAYER_RULES: readonly LayerRule[] = [
  {
    layer: "errors",
    paths: ["src/errors.ts"],
    holds: "the tagged error classes",
    imports: [],
    pure: true,
  },
  {
    layer: "shared",
    paths: ["src/shared/"],
    holds: "helpers with no domain meaning (Promise to Result, serial queue, path checks)",
    imports: ["errors"],
    pure: true,
  },
  {
    // Ahead of model, whose folder holds it: the first rule whose path matches names the layer.
    layer: "layout",
    paths: ["src/model/layout.ts"],
    holds:
      "the memory's folder names and statuses (imports nothing, so the CLI's daemon client may load it before the library)",
    imports: [],
    pure: true,
  },
  {
    layer: "model",
    paths: ["src/model/"],
    holds:
      "pure note format: ids, slugs, filenames, tags, links, parse/serialize; markdown/, references/, merge/, supersession/, records/ (the memory's other files)",
    imports: ["errors", "shared", "layout"],
    pure: true,
  },
  {
    layer: "ports",
    paths: ["src/ports/"],
    holds: "the port interfaces hosts implement (types only)",
    imports: ["errors", "layout", "model"],
    pure: true,
  },
  {
    layer: "notes",
    paths: ["src/notes/"],
    holds:
      "the note tier: store/ (the store and its caches), ops/ (the safe operations), reads/, graph/, search/, analysis/, tiers/, verify/; the wiring and the lock at the top",
    imports: ["errors", "shared", "layout", "model", "ports"],
    pure: true,
  },
  {
    layer: "lifecycle",
    paths: ["src/lifecycle/"],
    holds: "journal, session log, consolidation, defrag, AGENTS.md, the whole run",
    imports: ["errors", "shared", "layout", "model", "ports", "notes"],
    pure: true,
  },
  {
    layer: "adapters",
    paths: ["src/adapters/"],
    holds: "the ports over node:fs, memfs, git, isomorphic-git, child processes, model SDKs",
    imports: ["errors", "shared", "layout", "model", "ports"],
    pure: false,
  },
  {
    layer: "testing",
    paths: ["src/testing/"],
    holds: "the contract suites every adapter passes, shipped to hosts",
    imports: ["errors", "shared", "layout", "model", "ports", "adapters"],
    pure: false,
  },
  {
    layer: "migrate",
    paths: ["src/migrate/"],
    holds: "the v1 to v2 migration, imports from other tools (import/)",
    imports: ["errors", "shared", "layout", "model", "ports", "notes", "lifecycle"],
    pure: true,
  },
  {
    layer: "composition",
    paths: ["src/memory.ts", "src/create-notes-memory.ts"],
    holds: "createMemory and createNotesMemory: wire ports, binders and defaults",
    imports: ["errors", "shared", "layout", "model", "ports", "notes", "lifecycle", "adapters"],
    pure: true,
  },
  {
    layer: "entries",
    paths: ENTRY_FILES,
    holds: "the root and subpath entry points (re-exports only)",
    imports: [
      "errors",
      "shared",
      "layout",
      "model",
      "ports",
      "notes",
      "lifecycle",
      "adapters",
      "testing",
      "migrate",
      "composition",
      "mcp",
      "view",
    ],
    pure: false,
  },
  {
    layer: "mcp",
    paths: ["src/mcp/"],
    holds: "the MCP server over a memory (tools, resources), an outer layer like the CLI",
    imports: ["entries"],
    pure: false,
  },
  {
    layer: "view",
    paths: ["src/view/"],
    holds:
      "the memory as a site (pages, graph, search in the page) and its server; browser/ runs in the page",
    // Over notes like the lifecycle, not over the entries like mcp: the page's search runs the
    // notes' own index and ranking (no store, no node:crypto), which no entry exposes.
    imports: ["errors", "shared", "layout", "model", "ports", "notes"],
    pure: false,
  },
  {
    layer: "cli",
    paths: ["src/cli/"],
    holds: "the memory command: framework/, commands/, render/, schedule/, daemon/",
    // Besides the entries, the two layers that hold no library behaviour: shared's helpers
    // and the folder names. The CLI used to keep copies of them (messageOf, PRIVATE_FOLDER),
    // since the daemon client must answer before any entry (and its markdown parser) loads.
    imports: ["entries", "shared", "layout"],
    pure: false,
  },
];

/**
 * The layer a path's folder belongs to, entry files included: an entry file inside a layer's
 * folder is that layer's public face, so it may import only what the layer may (issue 29: the
 * `format` entry used to reach into notes/ and lifecycle/, the `notes` entry into the
 * composition root).
 */
export function folderLayerOf(path: string): Layer | undefined {
  const rule = LAYER_RULES.find(
    (candidate) =>
      candidate.layer !== "entries" &&
      candidate.paths.some((prefix) =>
        prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix,
      ),
  );
  return rule?.layer;
}

/** The layer of a repository-relative path, or undefined outside `src/`. */
export function layerOf(path: string): Layer | undefined {
  // Entry files sit inside other layers' folders, so they are matched first.
  if (ENTRY_FILES.includes(path)) return "entries";
  const rule = LAYER_RULES.find((candidate) =>
    candidate.paths.some((prefix) =>
      prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix,
    ),
  );
  return rule?.layer;
}
