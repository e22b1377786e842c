/**
 * The MCP server over one memory. The tools' input schemas are JSON Schema generated from
 * arktype schemas, which the SDK's `registerTool` (zod only) cannot take, so the tool list and
 * calls are answered on the underlying protocol server; resources use the high-level API.
 *
 * @module
 */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { Git, Memory } from "../index.js";
import { LIFECYCLE_TOOLS } from "./lifecycle-tools.js";
import type { McpTool, ToolDeps } from "./mcp-tool.js";
import { NOTE_TOOLS } from "./note-tools.js";
import { registerNoteResources } from "./note-resources.js";
import { TAG_TOOL } from "./tag-tool.js";

/** Every tool the server offers. */
export const MCP_TOOLS: readonly McpTool[] = [...NOTE_TOOLS, ...LIFECYCLE_TOOLS, TAG_TOOL];

/** What the server needs besides the memory. */
export interface McpServerOptions {
  /**
   * The git port of the memory's repository: with it every mutation is committed (only the
   * files it touched); without it mutations write files and leave committing to the host.
   */
  readonly git?: Pick<Git, "commit">;
  /** The index note's text (`index.md`), for the `memory://index` resource. */
  readonly readIndex: () => Promise<string>;
  /** The version the server reports to clients. */
  readonly version?: string;
}

/**
 * Builds the MCP server; connect it to a transport (stdio for `memory mcp`).
 *
 * @example
 * ```ts
 * import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
 * const server = createMcpServer(memory, { git, readIndex: () => readFile("index.md", "utf8") });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createMcpServer(memory: Memory, options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: "agent-memory", version: options.version ?? "0.0.0" },
    {
      instructions:
        "A durable memory of linked markdown notes in git. Start a session with `context`; search before " +
        "capturing; link notes by id ([[id__XXXXXX|text]]); end a session with `session_log` (what, why, how, next).",
    },
  );
  const deps: ToolDeps = { memory, git: options.git };
  server.server.registerCapabilities({ tools: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: MCP_TOOLS.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: inputSchemaOf(tool),
      annotations: { readOnlyHint: tool.readOnly, destructiveHint: false },
    })),
  }));
  server.server.setRequestHandler(
    CallToolRequestSchema,
    async (request): Promise<CallToolResult> => {
      const tool = MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
      if (tool === undefined) {
        return toolError(
          "INVALID_INPUT",
          `No tool is named "${request.params.name}"; the tools are ${MCP_TOOLS.map((t) => t.name).join(", ")}.`,
        );
      }
      let result: Awaited<ReturnType<McpTool["call"]>>;
      try {
        result = await tool.call(request.params.arguments ?? {}, deps);
      } catch (cause) {
        // Results carry every expected failure; a throw is a bug, still answered as a tool error.
        return toolError("INTERNAL", `The ${tool.name} tool failed unexpectedly: ${String(cause)}`);
      }
      if (result.isErr()) return toolError(result.error.code, result.error.message);
      return {
        content: [{ type: "text", text: JSON.stringify(result.value, null, 2) }],
        structuredContent: { ...result.value },
      };
    },
  );
  registerNoteResources(server, memory, options.readIndex);
  return server;
}

function inputSchemaOf(tool: McpTool): { type: "object"; [key: string]: unknown } {
  const { $schema: _dialect, ...schema } = tool.schema.toJsonSchema() as Record<string, unknown>;
  return { ...schema, type: "object" };
}

/** An MCP tool error: the tagged code first, so an agent can branch on it, then the fix. */
function toolError(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: `${code}: ${message}` }],
    structuredContent: { error: { code, message } },
  };
}
