/**
 * Hostile input to a real `memory mcp` process through the SDK's client (issue 28, findings 7
 * and 8): huge arguments, wrong types, path-like ids, and many calls at once. After each, the
 * server still answers and the memory holds exactly what the successful calls wrote.
 */
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { startMcp, type McpSession } from "../mcp/mcp-client.js";
import { scaledMs } from "../helpers/time-scale.js";

let sandbox: Sandbox;
let root: string;
let mcp: McpSession;
let id: string;
let path: string;

const clean = async () => (await sandbox.git(root, ["status", "--porcelain"])).trim();
const answersAtOnce = async () => {
  const listed = await mcp.ok<{ notes: unknown[] }>("list", {});
  expect(listed.notes.length).toBeGreaterThan(0);
};

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  mcp = await startMcp(sandbox, root);
  const captured = await mcp.ok<{ note: { id: string; path: string } }>("capture", {
    title: "The hostile target",
    body: "First line.",
  });
  ({ id, path } = captured.note);
});
afterAll(async () => {
  await mcp.close();
  await sandbox.cleanup();
});

describe("huge arguments", () => {
  it("refuses a 20 MB argument without reading it, and the next call answers", async () => {
    const huge = "x".repeat(20 * 1024 * 1024);
    const refused = mcp.client.callTool({ name: "capture", arguments: { title: "t", body: huge } });
    await expect(refused).rejects.toBeInstanceOf(McpError);
    await expect(refused).rejects.toThrow(/over the 4194304-byte limit and was not read/);
    await answersAtOnce();
    expect(await clean()).toBe("");
  });

  it("refuses an argument over a note's size before any work, as a tool error", async () => {
    const big = "word ".repeat(300_000);
    for (const [tool, args] of [
      ["capture", { title: "t", body: big }],
      ["search", { query: big }],
      ["edit", { id, kind: "append", text: big }],
      ["capture", { title: "t", tags: Array.from({ length: 20_000 }, () => "a") }],
    ] as const) {
      const error = await mcp.failure(tool, args);
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.message).toMatch(/arguments hold over \d+ (characters|values)/);
    }
    await answersAtOnce();
    expect(await clean()).toBe("");
  });
});

describe("wrong types and path-like ids", () => {
  it("answers INVALID_INPUT or NOT_FOUND and writes nothing", async () => {
    const wrong: readonly (readonly [string, Record<string, unknown>])[] = [
      ["read", { id: 5 }],
      ["read", { id: null }],
      ["read", { id: { $ne: 1 } }],
      ["capture", { title: ["a"] }],
      ["capture", { title: "t", tags: "not-a-list" }],
      ["edit", { id, kind: "append", text: 7 }],
      ["search", { query: "x", limit: "10" }],
      ["search", { query: "x", limit: 1.5 }],
      ["forget", { id, remove: "yes" }],
      ["list", { since: 1 }],
    ];
    for (const [tool, args] of wrong) {
      expect({ tool, args, code: (await mcp.failure(tool, args)).code }).toMatchObject({
        code: "INVALID_INPUT",
      });
    }
    const pathLike = [
      "../../etc/passwd",
      "/etc/passwd",
      "id__../../x",
      `topics/${path.split("/").pop() ?? ""}`,
      "index.md",
      "id__Kf9mNp/../../../x",
      "\u0000",
    ];
    for (const bad of pathLike) {
      for (const [tool, args] of [
        ["read", { id: bad }],
        ["edit", { id: bad, kind: "append", text: "x" }],
        ["forget", { id: bad }],
        ["forget", { id: bad, remove: true }],
        ["rename", { id: bad, title: "x" }],
      ] as const) {
        const { code } = await mcp.failure(tool, args);
        expect({ tool, bad, code }).toMatchObject({
          code: expect.stringMatching(/^(INVALID_INPUT|NOT_FOUND)$/),
        });
      }
      const resource = mcp.client.readResource({
        uri: `memory://note/${encodeURIComponent(bad)}`,
      });
      await expect(resource).rejects.toMatchObject({
        code: expect.toSatisfy((code: number) => code === -32002 || code === -32602),
      });
    }
    expect(await clean()).toBe("");
    expect(await readFile(join(root, path), "utf8")).toContain("First line.");
  });
});

describe("many calls at once", () => {
  it(
    "lands 40 concurrent appends (0 CONFLICT) beside concurrent reads, one commit each",
    async () => {
      const before = Number((await sandbox.git(root, ["rev-list", "--count", "HEAD"])).trim());
      const lines = Array.from({ length: 40 }, (_, n) => `- appended line ${n}`);
      const answers = await Promise.all([
        // Writes queue behind each other (each commits), so the last waits for 39 commits.
        ...lines.map((text) => mcp.call("edit", { id, kind: "append", text }, 280_000)),
        ...lines.map(() => mcp.call("read", { id })),
      ]);
      const failed = answers.filter((answer) => answer.isError === true);
      expect(failed.map((answer) => answer.content[0]?.text)).toEqual([]);
      const body = await readFile(join(root, path), "utf8");
      for (const line of lines) expect(body).toContain(line);
      const after = Number((await sandbox.git(root, ["rev-list", "--count", "HEAD"])).trim());
      expect(after - before).toBe(40);
      expect(await clean()).toBe("");
    },
    scaledMs(300_000),
  );

  it(
    "still refuses concurrent replacements of a stale version: one lands, the rest CONFLICT",
    async () => {
      const { note } = await mcp.ok<{ note: { hash: string } }>("read", { id });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) =>
          mcp.call(
            "edit",
            { id, kind: "replace-body", text: `Body ${n}.`, expectedHash: note.hash },
            scaledMs(110_000),
          ),
        ),
      );
      const codes = answers.map((answer) =>
        answer.isError === true
          ? (answer.structuredContent?.["error"] as { code?: string } | undefined)?.code
          : "OK",
      );
      expect(codes.filter((code) => code === "OK")).toHaveLength(1);
      expect(codes.filter((code) => code === "CONFLICT")).toHaveLength(9);
    },
    scaledMs(120_000),
  );
});
