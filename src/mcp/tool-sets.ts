/**
 * Which tools a server offers: every tool by default, or a smaller set for hosts that count
 * each tool schema against their context window. A new tool joins `MCP_TOOLS` here.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { editTool } from "./edit-tool.js";
import { forgetTool } from "./forget-tool.js";
import { LIFECYCLE_TOOLS } from "./lifecycle-tools.js";
import type { McpTool } from "./mcp-tool.js";
import { NOTE_TOOLS } from "./note-tools.js";
import { STRUCTURE_TOOLS } from "./structure-tools.js";
import { SUPERSEDE_TOOL } from "./supersede-tool.js";
import { TAG_TOOL } from "./tag-tool.js";

/** Every tool, in the order clients list them: the default set. */
export const MCP_TOOLS: readonly McpTool[] = [
  ...NOTE_TOOLS.slice(0, 2),
  editTool,
  ...NOTE_TOOLS.slice(2),
  forgetTool,
  ...STRUCTURE_TOOLS,
  TAG_TOOL,
  SUPERSEDE_TOOL,
  ...LIFECYCLE_TOOLS,
];

/** The four tools an agent cannot do without: read, search, capture, edit. */
export const MINIMAL_MCP_TOOLS: readonly McpTool[] = MCP_TOOLS.filter((tool) =>
  ["read", "search", "capture", "edit"].includes(tool.name),
);

/**
 * The tools a `--tools` value names: `default` (all), `minimal`, or tool names separated by
 * commas. An unknown name is an error naming the known ones.
 *
 * @example
 * ```ts
 * toolsNamed("minimal"); // ok([read, search, capture, edit] in list order)
 * toolsNamed("read,forget"); // ok([read, forget])
 * ```
 */
export function toolsNamed(spec: string): Result<readonly McpTool[], string> {
  if (spec === "default" || spec === "all") return ok(MCP_TOOLS);
  if (spec === "minimal") return ok(MINIMAL_MCP_TOOLS);
  const names = spec
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const unknown = names.filter((name) => !MCP_TOOLS.some((tool) => tool.name === name));
  if (names.length === 0 || unknown.length > 0) {
    return err(
      `unknown tool${unknown.length === 1 ? "" : "s"} ${unknown.join(", ") || "(none named)"}: ` +
        `give default, minimal, or names from ${MCP_TOOLS.map((tool) => tool.name).join(", ")}`,
    );
  }
  return ok(MCP_TOOLS.filter((tool) => names.includes(tool.name)));
}
