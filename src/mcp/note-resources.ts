/**
 * Notes as MCP resources: `memory://note/<id>` for each note (listed, and readable by id) and
 * `memory://index` for the index note. A resource is the note's markdown as stored.
 *
 * @module
 */

import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import type { Memory } from "../index.js";
import { INDEX_NOTE_PATH } from "../model/index.js";

/** The URI of a note's resource. */
export const noteUri = (id: string): string => `memory://note/${id}`;

/** The URI of the index note's resource. */
export const INDEX_URI = "memory://index";

/**
 * The MCP specification's code for a resource that does not exist (server/resources, Error
 * Handling); SDK 1.32.2 has no name for it in `ErrorCode`.
 */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * Registers the note template and the index note on a server.
 *
 * @example
 * ```ts
 * registerNoteResources(server, memory, () => persistence.read("index.md"));
 * ```
 */
export function registerNoteResources(
  server: McpServer,
  memory: Memory,
  readIndex: () => Promise<string>,
): void {
  server.registerResource(
    "note",
    new ResourceTemplate("memory://note/{id}", {
      list: async () => {
        const listed = await memory.list();
        if (listed.isErr()) throw new Error(`${listed.error.code}: ${listed.error.message}`);
        return {
          resources: listed.value.map((note) => ({
            uri: noteUri(note.id),
            name: note.title,
            description: `${note.status} note ${note.id} (${note.path})`,
            mimeType: "text/markdown",
          })),
        };
      },
    }),
    {
      title: "A note",
      description: "One note of the memory as markdown",
      mimeType: "text/markdown",
    },
    async (uri, variables) => {
      const id = String(variables["id"] ?? "");
      const note = await memory.read(decodeURIComponent(id));
      // The SDK answers a thrown error with its numeric `code`; the library's code leads the message.
      if (note.isErr()) {
        const { code, message } = note.error;
        const jsonRpcCode =
          code === "NOT_FOUND"
            ? RESOURCE_NOT_FOUND
            : code === "INVALID_INPUT"
              ? ErrorCode.InvalidParams
              : ErrorCode.InternalError;
        // Not an McpError, whose message would repeat "MCP error <code>" in the client's own.
        throw Object.assign(new Error(`${code}: ${message}`), {
          code: jsonRpcCode,
          data: { uri: uri.href },
        });
      }
      const n = note.value;
      const tags = n.tags.length === 0 ? "" : `${n.tags.map((tag) => `#${tag}`).join(" ")}\n\n`;
      return {
        contents: [
          { uri: uri.href, mimeType: "text/markdown", text: `# ${n.title}\n\n${tags}${n.body}` },
        ],
      };
    },
  );
  server.registerResource(
    "index",
    INDEX_URI,
    {
      title: "The index note",
      description: `${INDEX_NOTE_PATH}: the hot and warm tiers, what is top of mind`,
      mimeType: "text/markdown",
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: "text/markdown", text: await readIndex() }],
    }),
  );
}
