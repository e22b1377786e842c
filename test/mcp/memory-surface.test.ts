/**
 * Issue 29: every method of a memory is reachable by an agent over MCP, or says why not (and
 * where a person reaches it instead). The table is keyed by the Memory type, so a new method
 * does not compile until it is placed here; the test then checks the names against the running
 * memory and the server's tool list.
 */
import { describe, expect, it } from "vitest";
import { MCP_TOOLS } from "../../src/mcp/tool-sets.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { freshMemory } from "../helpers/fresh-memory.js";

/** An MCP tool that calls the method, or why no tool does. */
type Reach = { readonly mcpTool: string } | { readonly notInMcp: string };

const MEMORY_SURFACE = {
  filesChanged: { notInMcp: "a host's file watcher calls it; nothing an agent asks" },
  close: { notInMcp: "a host stops the default file watch when it is done; nothing an agent asks" },
  captureMany: {
    notInMcp: "a host's bulk write (memory import uses it); agents capture one note at a time",
  },
  cacheStats: { notInMcp: "CLI only: memory status prints it" },
  capture: { mcpTool: "capture" },
  read: { mcpTool: "read" },
  list: { mcpTool: "list" },
  listPage: { mcpTool: "list" },
  readAll: { notInMcp: "host only: bulk read for hosts (an agent reads by id or lists)" },
  update: { mcpTool: "edit" },
  append: { mcpTool: "edit" },
  tag: { mcpTool: "tag" },
  supersede: { mcpTool: "supersede" },
  commit: { notInMcp: "every MCP mutation commits itself; CLI commands commit the same way" },
  links: { mcpTool: "links" },
  why: { mcpTool: "why" },
  orphans: { notInMcp: "CLI only: memory orphans (curation, run by a person or defrag)" },
  deadEnds: { notInMcp: "CLI only: memory analyze reports them" },
  brokenLinks: { notInMcp: "CLI only: memory broken" },
  refresh: { notInMcp: "host only: rescans after changes made behind the library's back" },
  warmUp: { notInMcp: "the MCP server runs it itself once connected; nothing an agent asks" },
  rename: { mcpTool: "rename" },
  move: { mcpTool: "move" },
  archive: { mcpTool: "forget" },
  merge: { mcpTool: "merge" },
  reid: { notInMcp: "CLI only: memory reid repairs a duplicated id, a person's decision" },
  remove: { mcpTool: "forget" },
  doctor: { mcpTool: "doctor" },
  search: { mcpTool: "search" },
  updateVectors: {
    notInMcp: "host only: builds the embedding index a host supplies an embedder for",
  },
  analyze: { notInMcp: "CLI only: memory analyze" },
  index: { mcpTool: "tier" },
  journal: { mcpTool: "journal_add" },
  sessionLog: { mcpTool: "session_log" },
  consolidationMachine: { notInMcp: "host only: the xstate machine a host provides actors to" },
  consolidate: { notInMcp: "CLI only: memory consolidate (spends model tokens)" },
  defragMachine: { notInMcp: "host only: the xstate machine a host provides actors to" },
  defrag: { notInMcp: "CLI only: memory defrag (spends model tokens)" },
  agentsMd: { notInMcp: "CLI only: memory agents-md" },
  tokenizer: { notInMcp: "not an operation: the tokenizer the budgets count with" },
  spend: { notInMcp: "CLI only: memory status prints the spend" },
  run: { notInMcp: "CLI only: memory sync" },
} as const satisfies Record<keyof Memory, Reach>;

describe("every memory method", () => {
  it("is in the table, and the table names no method a memory lacks", async () => {
    const { persistence, git } = await freshMemory();
    const memory = createMemory({ persistence, git });
    expect(Object.keys(memory).toSorted()).toEqual(Object.keys(MEMORY_SURFACE).toSorted());
  });

  it("reaches an MCP tool the server lists, or says why not", () => {
    const tools = new Set(MCP_TOOLS.map((tool) => tool.name));
    const reaches: readonly Reach[] = Object.values(MEMORY_SURFACE);
    const unknownTools = reaches.flatMap((reach) =>
      "mcpTool" in reach && !tools.has(reach.mcpTool) ? [reach.mcpTool] : [],
    );
    const unexplained = reaches.filter((reach) => "notInMcp" in reach && reach.notInMcp === "");
    expect(unknownTools).toEqual([]);
    expect(unexplained).toEqual([]);
  });
});
