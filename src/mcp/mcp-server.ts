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
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Git, Memory } from "../index.js";
import { oversize } from "./argument-size.js";
import type { McpTool, ToolDeps } from "./mcp-tool.js";
import { registerNoteResources } from "./note-resources.js";
import { MCP_TOOLS } from "./tool-sets.js";
import { ID_PLACEHOLDER } from "../model/index.js";

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
  /** The tools to offer: default `MCP_TOOLS`; `MINIMAL_MCP_TOOLS` for read, search, capture, edit. */
  readonly tools?: readonly McpTool[];
}

/**
 * Builds the MCP server; connect it to a transport (`BoundedStdioTransport` for `memory mcp`).
 *
 * @example
 * ```ts
 * const server = createMcpServer(memory, { git, readIndex: () => readFile("index.md", "utf8") });
 * await server.connect(new BoundedStdioTransport());
 * ```
 */
export function createMcpServer(memory: Memory, options: McpServerOptions): McpServer {
  const server = new McpServer(
    { name: "agent-memory", version: options.version ?? "0.0.0" },
    {
      instructions:
        "Linked markdown notes in git. Start with `context`; search before capturing; link notes as " +
        `[[${ID_PLACEHOLDER}|text]]; end with \`session_log\`.`,
    },
  );
  const tools = options.tools ?? MCP_TOOLS;
  const deps: ToolDeps = { memory, git: options.git };
  const listed: Tool[] = tools.map(listing);
  // Writes run one at a time: two appends from two agents both land instead of one failing
  // its compare-and-swap against the other; reads never wait for them.
  let writes: Promise<unknown> = Promise.resolve();
  server.server.registerCapabilities({ tools: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listed }));
  server.server.setRequestHandler(
    CallToolRequestSchema,
    async (request): Promise<CallToolResult> => {
      const tool = tools.find((candidate) => candidate.name === request.params.name);
      if (tool === undefined) {
        return toolError(
          "INVALID_INPUT",
          `No tool is named "${request.params.name.slice(0, 40)}"; the tools are ${tools.map((t) => t.name).join(", ")}.`,
        );
      }
      const args = request.params.arguments ?? {};
      const tooBig = oversize(args);
      if (tooBig !== undefined) return toolError("INVALID_INPUT", `${tool.name}: ${tooBig}.`);
      const run = () => answer(tool, args, deps);
      if (tool.effect === "read") return run();
      const result = writes.then(run);
      writes = result.catch(() => undefined);
      return result;
    },
  );
  registerNoteResources(server, memory, options.readIndex);
  return server;
}

function listing(tool: McpTool): Tool {
  // Only readOnlyHint, and only where it differs from the MCP default (false): every token
  // listed here is paid in every session of every host.
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema(),
    ...(tool.effect === "read" ? { annotations: { readOnlyHint: true } } : {}),
  };
}

async function answer(tool: McpTool, args: unknown, deps: ToolDeps): Promise<CallToolResult> {
  let result: Awaited<ReturnType<McpTool["call"]>>;
  try {
    result = await tool.call(args, deps);
  } catch (cause) {
    // Results carry every expected failure; a throw is a bug, still answered as a tool error.
    return toolError("INTERNAL", `The ${tool.name} tool failed unexpectedly: ${String(cause)}`);
  }
  if (result.isErr()) return toolError(result.error.code, result.error.message);
  return {
    content: [{ type: "text", text: JSON.stringify(result.value) }],
    structuredContent: { ...result.value },
  };
}

/** An MCP tool error: the tagged code first, so an agent can branch on it, then the fix. */
function toolError(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: `${code}: ${message}` }],
    structuredContent: { error: { code, message } },
  };
}
