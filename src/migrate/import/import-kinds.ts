/**
 * The source kinds `memory import` understands, one module each beside this file.
 *
 * @module
 */
import type { ImportKind } from "./import-kind.js";

// SEAM (issue 34): the six kinds are written on other branches and merged to main after this
// one. Each missing kind is one marked line below: replace it by the import and the entry.
//   claude-code   MISSING: import { claudeCodeKind } from "./claude-code.js";
//   agents-md     MISSING: import { agentsMdKind } from "./agents-md.js";
//   mcp-memory    MISSING: import { mcpMemoryKind } from "./mcp-memory.js";
//   basic-memory  MISSING: import { basicMemoryKind } from "./basic-memory.js";
//   obsidian      MISSING: import { obsidianKind } from "./obsidian.js";
//   mem0          MISSING: import { mem0Kind } from "./mem0.js";

/**
 * Every source kind, in the order `memory import --help` lists them.
 *
 * @example
 * ```ts
 * importKinds.map((kind) => kind.name); // ["claude-code", "agents-md", ...]
 * ```
 */
export const importKinds: readonly ImportKind[] = [
  // claudeCodeKind, agentsMdKind, mcpMemoryKind, basicMemoryKind, obsidianKind, mem0Kind
];
