import * as fs from "node:fs";
import { readFile } from "node:fs/promises";
import { watchMemoryFiles } from "../../adapters/index.js";
import { join } from "node:path";
import { usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";
import { resolveRoot } from "../framework/root-variable.js";
import { packageVersion } from "../framework/version.js";

/** `memory mcp`: the MCP server on stdio, over one memory, until the client goes away. */
export const mcpCommand = defineCommand({
  name: "mcp",
  usage: "[--root PATH] [--no-commit] [--tools SET]",
  description:
    "Runs a Model Context Protocol server on stdin/stdout for one memory, until the client closes it.\n" +
    "Tools: capture, read, edit, search, list, links, forget, rename, move, merge, tier, context,\n" +
    "pickup, session_log, journal_add, doctor (--tools minimal: read, search, capture, edit).\n" +
    "Resources: memory://note/<id> and memory://index. Every\n" +
    "mutation is committed (its files only) when the root is in a git repository, unless --no-commit.\n" +
    "Errors are MCP tool errors whose text starts with the code (NOT_FOUND, INVALID_INPUT, ...).\n" +
    "A file watcher tells it when notes change, so queries do not re-check every file.\n" +
    "Configure it in a harness as the command `memory mcp --root /path/to/memory`; see the README.",
  options: { ...COMMON_OPTIONS, "no-commit": { type: "boolean" }, tools: { type: "string" } },
  optionHelp: [
    ["--no-commit", "Write files but never commit (the host commits)."],
    [
      "--tools SET",
      "default (every tool), minimal (read, search, capture, edit), or tool names: read,search,forget",
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    "memory mcp --root ~/notes",
    "memory mcp --tools minimal",
    "claude mcp add memory -- memory mcp --root ~/notes",
  ],
  async run({ values, out, io }) {
    const { createMcpServer, BoundedStdioTransport, toolsNamed } =
      await import("../../mcp/index.js");
    const tools = toolsNamed(values.tools ?? "default");
    if (tools.isErr()) return out.fail(usageFailure(`--tools: ${tools.error}`, "mcp"));
    // A long-lived host: queries answer from the last look at the files until the watcher
    // reports a change (bounded by maxMs in case it misses one), so a search costs no stat of
    // every note; each waits for the watcher's cookie first, so no answer predates an edit.
    // Where no watcher can start, a one-second re-check interval instead.
    const served: { memory?: { filesChanged(): void } } = {};
    const watcher = watchMemoryFiles({
      fs,
      root: resolveRoot(values.root, io),
      onChange: () => served.memory?.filesChanged(),
    });
    const opened = await openMemory(values.root, io, {
      freshness: watcher.isOk()
        ? { mode: "watch", maxMs: 30_000, settled: () => watcher.value.settled() }
        : { mode: "interval", ms: 1_000 },
    });
    if (opened.isErr()) {
      if (watcher.isOk()) watcher.value.close();
      return out.fail(opened.error);
    }
    const { memory, git, root } = opened.value;
    served.memory = memory;
    if (watcher.isErr()) io.stderr(`memory: ${watcher.error.message}\n`);
    const server = createMcpServer(memory, {
      ...(git === undefined || values["no-commit"] === true ? {} : { git }),
      readIndex: () => readFile(join(root, "index.md"), "utf8").catch(() => ""),
      version: packageVersion(),
      tools: tools.value,
    });
    // The client ends the session by closing our stdin (the SDK's client does, then kills).
    const closed = new Promise<void>((done) => {
      process.stdin.once("end", () => done());
      process.stdin.once("close", () => done());
    });
    await server.connect(new BoundedStdioTransport());
    io.stderr(`agent-memory MCP server on stdio for ${root}\n`);
    // The harness lists tools and starts its agent meanwhile: load the notes' facts and the
    // search index now, so the agent's first call does not pay for them (a call made during
    // the load waits for it, never repeats it). A failure here is the first call's to report.
    void memory.warmUp().match(
      () => undefined,
      (error) =>
        io.stderr(`memory: warming up failed (the first call will retry): ${error.message}\n`),
    );
    await closed;
    if (watcher.isOk()) watcher.value.close();
    await server.close();
    return EXIT.ok;
  },
});
