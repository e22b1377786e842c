/**
 * `memory status --tokens`: what each surface of the memory costs an agent, in tokens of the
 * memory's tokenizer, beside its budget. Every figure is of the real output: the AGENTS.md
 * section as `agents-md` would write it (rendered into RAM, no file touched), the
 * SessionStart hook's JSON as the hook prints it, `memory context`, and the MCP server's
 * `tools/list` and typical tool answers through the official SDK client.
 *
 * @module
 */

import { okAsync } from "neverthrow";
import type { AgentsMdTarget, Memory } from "../../index.js";
import { HOOK_OUTPUT_MAX_CHARS, DEFAULT_CONTEXT_BUDGET_TOKENS } from "../hooks/hook-defaults.js";

/**
 * The default tool set's `tools/list` budget, in tokens: issue 32's 1,500 for 17 tools, plus
 * what issue 30's `supersede` and `why` cost (their schema wrappers alone are ~50 each).
 */
const MCP_TOOLS_LIST_TARGET = 1_650;

/** One surface's cost. */
export interface SurfaceTokens {
  readonly surface: string;
  readonly tokens: number;
  readonly characters: number;
  /** The budget the surface is held to by default, in tokens; null when it has none. */
  readonly budget: number | null;
  /** What the figure measures, or why it is missing. */
  readonly note: string;
}

/** What {@link surfaceTokens} needs besides the memory. */
export interface SurfaceOptions {
  /** The index note's text, for the MCP server's `memory://index` resource. */
  readonly readIndex: () => Promise<string>;
}

/**
 * Measures every surface. A surface that cannot be measured (an empty memory has no note to
 * read) is reported with 0 tokens and a note saying why.
 *
 * @example
 * ```ts
 * const rows = await surfaceTokens(memory, { readIndex: async () => "" });
 * for (const row of rows) console.log(row.surface, row.tokens, row.budget);
 * ```
 */
export async function surfaceTokens(
  memory: Memory,
  options: SurfaceOptions,
): Promise<SurfaceTokens[]> {
  const { DEFAULT_BUDGET_TOKENS, generateAgentsMd, sessionContext } =
    await import("../../lifecycle/index.js");
  const count = (text: string) => memory.tokenizer.countTokens(text);
  const row = (
    surface: string,
    text: string,
    budget: number | null,
    note: string,
  ): SurfaceTokens => ({ surface, tokens: count(text), characters: text.length, budget, note });
  const rows: SurfaceTokens[] = [];

  const target = ramTarget();
  const section = await generateAgentsMd({ notes: memory, tokenizer: memory.tokenizer, target });
  rows.push(
    section.isOk()
      ? row(
          "AGENTS.md section",
          target.written,
          DEFAULT_BUDGET_TOKENS,
          "memory agents-md, default budget",
        )
      : row(
          "AGENTS.md section",
          "",
          DEFAULT_BUDGET_TOKENS,
          `not rendered: ${section.error.message}`,
        ),
  );

  const { HOOKS } = await import("../hooks/session-hooks.js");
  const start = HOOKS["claude-code"]?.["session-start"];
  const hook =
    start === undefined
      ? undefined
      : await start(memory, {
          harness: "claude-code",
          payload: JSON.stringify({ session_id: "status", hook_event_name: "SessionStart" }),
          env: {},
          budget: DEFAULT_CONTEXT_BUDGET_TOKENS,
        });
  const printed = hook?.stdout ?? "";
  rows.push(
    {
      ...row(
        "SessionStart hook output",
        additionalContextOf(printed),
        DEFAULT_CONTEXT_BUDGET_TOKENS,
        `the additionalContext the model reads; the JSON printed is ${printed.length} of at most ${HOOK_OUTPUT_MAX_CHARS} characters`,
      ),
      characters: printed.length,
    },
    row("PreCompact hook output", "", null, "prints nothing: it queues the transcript"),
  );

  const context = await sessionContext(memory);
  rows.push(
    row(
      "memory context",
      context.isOk() ? context.value.text : "",
      DEFAULT_CONTEXT_BUDGET_TOKENS,
      "default budget",
    ),
  );
  rows.push(...(await mcpRows(memory, options, row)));
  return rows;
}

/** `tools/list` and typical answers, through the SDK client over an in-memory transport. */
async function mcpRows(
  memory: Memory,
  options: SurfaceOptions,
  row: (surface: string, text: string, budget: number | null, note: string) => SurfaceTokens,
): Promise<SurfaceTokens[]> {
  const { createMcpServer } = await import("../../mcp/index.js");
  const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
  const { InMemoryTransport } = await import("@modelcontextprotocol/sdk/inMemory.js");
  const server = createMcpServer(memory, { readIndex: options.readIndex });
  const client = new Client({ name: "memory status --tokens", version: "1" });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  try {
    const listed = await client.listTools();
    const rows = [
      row(
        "MCP tools/list",
        JSON.stringify(listed.tools),
        MCP_TOOLS_LIST_TARGET,
        `${listed.tools.length} tools: names, descriptions and schemas as a client receives them`,
      ),
    ];
    const sample = await sampleNote(memory);
    const answer = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      const content = Array.isArray(result.content) ? (result.content as unknown[]) : [];
      return content
        .map((part) =>
          typeof part === "object" && part !== null && "text" in part ? String(part.text) : "",
        )
        .join("\n");
    };
    if (sample === undefined) {
      rows.push(row("MCP read / search / links", "", null, "no note to read yet"));
    } else {
      const about = `note ${sample.id} (${sample.why})`;
      rows.push(
        row("MCP read answer", await answer("read", { id: sample.id }), null, about),
        row(
          "MCP search answer",
          await answer("search", { query: sample.title }),
          null,
          `its title as the query, default limit`,
        ),
        row("MCP links answer", await answer("links", { id: sample.id }), null, about),
      );
    }
    rows.push(
      row("MCP context answer", await answer("context", {}), null, "default budget, as JSON"),
    );
    return rows;
  } finally {
    await client.close();
    await server.close();
  }
}

/** The text a SessionStart hook's JSON hands the model. */
function additionalContextOf(stdout: string): string {
  try {
    const printed = JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: unknown } };
    const text = printed.hookSpecificOutput?.additionalContext;
    return typeof text === "string" ? text : "";
  } catch {
    return "";
  }
}

/** The note an agent most likely reads: the first hot note, else the first listed. */
async function sampleNote(
  memory: Memory,
): Promise<{ id: string; title: string; why: string } | undefined> {
  const tiers = await memory.index.get();
  const hot = tiers.isOk() ? tiers.value.hot[0] : undefined;
  if (hot !== undefined) return { id: hot.id, title: hot.title, why: "the first hot note" };
  const listed = await memory.list();
  const first = listed.isOk() ? listed.value[0] : undefined;
  return first === undefined
    ? undefined
    : { id: first.id, title: first.title, why: "the first note listed" };
}

/** A target in RAM: `agents-md` renders into it, and no file is touched. */
function ramTarget(): AgentsMdTarget & { written: string } {
  const target = {
    path: "AGENTS.md",
    memoryRootFromTarget: ".",
    written: "",
    read: () => okAsync(undefined),
    write: (content: string) => {
      target.written = content;
      return okAsync(undefined);
    },
  };
  return target;
}
