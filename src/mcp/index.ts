/**
 * `agent-memory/mcp`: the MCP server over a memory (tools for notes and the lifecycle, notes
 * as resources). `memory mcp` runs it on stdio; a host can run it on any transport. Kept out
 * of the root entry so `import "agent-memory"` never loads the MCP SDK.
 *
 * @example
 * ```ts
 * import { createMcpServer } from "agent-memory/mcp";
 * const server = createMcpServer(memory, { readIndex: async () => "# Index\n" });
 * ```
 * @module
 */
export { createMcpServer, MCP_TOOLS, type McpServerOptions } from "./mcp-server.js";
export type { McpTool, ToolDeps, ToolFailure } from "./mcp-tool.js";
export { INDEX_URI, noteUri } from "./note-resources.js";
