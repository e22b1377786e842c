/**
 * `agent-memory/mcp`: the MCP server over a memory (tools for notes and the lifecycle, notes
 * as resources). `memory mcp` runs it on stdio; a host can run it on any transport. Kept out
 * of the root entry so `import "agent-memory"` never loads the MCP SDK.
 *
 * @example
 * ```ts
 * import { createMcpServer, MINIMAL_MCP_TOOLS } from "agent-memory/mcp";
 * const server = createMcpServer(memory, { readIndex: async () => "# Index\n", tools: MINIMAL_MCP_TOOLS });
 * ```
 * @module
 */
export { BoundedStdioTransport, MAX_MESSAGE_BYTES } from "./bounded-stdio-transport.js";
export { createMcpServer, type McpServerOptions } from "./mcp-server.js";
export type { McpTool, ToolDeps, ToolEffect, ToolFailure } from "./mcp-tool.js";
export { INDEX_URI, noteUri, RESOURCE_NOT_FOUND } from "./note-resources.js";
export { MCP_TOOLS, MINIMAL_MCP_TOOLS, toolsNamed } from "./tool-sets.js";
