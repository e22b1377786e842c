/**
 * The source kinds `memory import` understands, one module each beside this file.
 *
 * @module
 */
import { agentsMdKind } from "./agents-md.js";
import { basicMemoryKind } from "./basic-memory.js";
import { claudeCodeKind } from "./claude-code.js";
import type { ImportKind, ImportKindName } from "./import-kind.js";
import { mcpMemoryKind } from "./mcp-memory.js";
import { mem0Kind } from "./mem0.js";
import { obsidianKind } from "./obsidian.js";

// Keyed by the union, so a kind named in ImportKindName but not registered does not compile.
const byName = {
  "claude-code": claudeCodeKind,
  "agents-md": agentsMdKind,
  "mcp-memory": mcpMemoryKind,
  "basic-memory": basicMemoryKind,
  obsidian: obsidianKind,
  mem0: mem0Kind,
} as const satisfies Record<ImportKindName, ImportKind>;

/**
 * Every source kind, in the order `memory import --help` lists them.
 *
 * @example
 * ```ts
 * importKinds.map((kind) => kind.name); // ["claude-code", "agents-md", ...]
 * ```
 */
export const importKinds: readonly ImportKind[] = Object.values(byName);
