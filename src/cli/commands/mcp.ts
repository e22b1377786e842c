import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";
import { packageVersion } from "../framework/version.js";

/** `memory mcp`: the MCP server on stdio, over one memory, until the client goes away. */
export const mcpCommand = defineCommand({
  name: "mcp",
  summary: "Serve the memory to an agent over MCP (stdio): tools and note resources.",
  usage: "[--root PATH] [--no-commit]",
  description:
    "Runs a Model Context Protocol server on stdin/stdout for one memory, until the client closes it.\n" +
    "Tools: capture, read, edit, search, list, links, rename, move, merge, tier, context, pickup,\n" +
    "session_log, journal_add, doctor. Resources: memory://note/<id> and memory://index. Every\n" +
    "mutation is committed (its files only) when the root is in a git repository, unless --no-commit.\n" +
    "Errors are MCP tool errors whose text starts with the code (NOT_FOUND, INVALID_INPUT, ...).\n" +
    "Configure it in a harness as the command `memory mcp --root /path/to/memory`; see the README.",
  options: { ...COMMON_OPTIONS, "no-commit": { type: "boolean" } },
  optionHelp: [["--no-commit", "Write files but never commit (the host commits)."]],
  positionals: { min: 0, max: 0 },
  examples: ["memory mcp --root ~/notes", "claude mcp add memory -- memory mcp --root ~/notes"],
  async run({ values, out, io }) {
    // ISSUE 16 (persisted index, freshness mode): this is the one place the server builds its
    // memory; pass the long-lived-host freshness option to openMemory here once it exists.
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory, git, root } = opened.value;
    const { createMcpServer } = await import("../../mcp/index.js");
    const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
    const server = createMcpServer(memory, {
      ...(git === undefined || values["no-commit"] === true ? {} : { git }),
      readIndex: () => readFile(join(root, "index.md"), "utf8").catch(() => ""),
      version: packageVersion(),
    });
    // The client ends the session by closing our stdin (the SDK's client does, then kills).
    const closed = new Promise<void>((done) => {
      process.stdin.once("end", () => done());
      process.stdin.once("close", () => done());
    });
    await server.connect(new StdioServerTransport());
    io.stderr(`agent-memory MCP server on stdio for ${root}\n`);
    await closed;
    await server.close();
    return EXIT.ok;
  },
});
