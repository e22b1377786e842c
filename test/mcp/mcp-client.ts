/**
 * A real `memory mcp` server process (dist/cli.js) driven by the SDK's own client, for the
 * MCP tests: calls return the answer's structured content or its error code.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CLI, type Sandbox } from "../cli/cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

/** A tool call's answer as the client receives it. */
export interface ToolAnswer {
  readonly isError?: boolean;
  readonly content: readonly { type: string; text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
}

/** A connected client and shorthands over it. */
export interface McpSession {
  readonly client: Client;
  /** A call; `timeout` (ms) overrides 60 s (scaled for load) for calls queued behind many writes. */
  call(name: string, args: Record<string, unknown>, timeout?: number): Promise<ToolAnswer>;
  /** The structured answer of a call that must succeed. */
  ok<T>(name: string, args: Record<string, unknown>): Promise<T>;
  /** The error code and message of a call that must fail. */
  failure(name: string, args: Record<string, unknown>): Promise<{ code: string; message: string }>;
  close(): Promise<void>;
}

/** Starts `memory mcp --root <root> ...extra` and connects the SDK client to it. */
export async function startMcp(
  sandbox: Sandbox,
  root: string,
  extra: readonly string[] = [],
): Promise<McpSession> {
  const client = new Client({ name: "agent-memory-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--root", root, ...extra],
      env: sandbox.env,
      stderr: "pipe",
    }),
  );
  // The SDK's default limit (60 s) scaled for the machine's load, as every wait on a process.
  const call = async (name: string, args: Record<string, unknown>, timeout?: number) =>
    (await client.callTool({ name, arguments: args }, undefined, {
      timeout: timeout ?? scaledMs(60_000),
    })) as ToolAnswer;
  return {
    client,
    call,
    async ok<T>(name: string, args: Record<string, unknown>): Promise<T> {
      const answer = await call(name, args);
      if (answer.isError === true) {
        throw new Error(`${name} failed: ${answer.content[0]?.text ?? ""}`);
      }
      return answer.structuredContent as T;
    },
    async failure(name, args) {
      const answer = await call(name, args);
      if (answer.isError !== true) throw new Error(`${name} succeeded; a failure was expected`);
      const error = answer.structuredContent?.["error"] as { code: string; message: string };
      if (!(answer.content[0]?.text ?? "").startsWith(`${error.code}: `)) {
        throw new Error(`the text does not start with the code: ${answer.content[0]?.text ?? ""}`);
      }
      return error;
    },
    close: () => client.close(),
  };
}
