/**
 * Issue 30: the MCP `supersede` tool on a real `memory mcp` process through the SDK client:
 * a compare-and-swap write, and `read` of the old note names its successor first.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { startMcp, type McpSession } from "./mcp-client.js";

let sandbox: Sandbox;
let root: string;
let mcp: McpSession;

interface Captured {
  readonly note: { id: string; path: string; hash: string };
}

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  mcp = await startMcp(sandbox, root);
});
afterAll(async () => {
  await mcp.close();
  await sandbox.cleanup();
});

describe("supersede over MCP", () => {
  it("marks the old note only at the version read, one commit, and read shows the successor first", async () => {
    const old = await mcp.ok<Captured>("capture", { title: "Deploy with scp", body: "We scp." });
    const current = await mcp.ok<Captured>("capture", { title: "Deploy with rsync" });
    const stale = await mcp.failure("supersede", {
      id: old.note.id,
      by: current.note.id,
      expectedHash: "0000000000000000",
    });
    expect(stale.code).toBe("CONFLICT");
    const done = await mcp.ok<{ changed: boolean; commit: string; date: string }>("supersede", {
      id: old.note.id,
      by: current.note.id,
      reason: "scp dropped partial files",
      expectedHash: old.note.hash,
    });
    expect(done).toMatchObject({ changed: true });
    expect(done.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(done.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(await readFile(join(root, old.note.path), "utf8")).toContain(
      `> Superseded by [[${current.note.id}|Deploy with rsync]] on ${done.date}: scp dropped partial files.\n\nWe scp.`,
    );
    const answer = await mcp.call("read", { id: old.note.id });
    expect(Object.keys(answer.structuredContent ?? {})[0]).toBe("supersededBy");
    expect(answer.structuredContent?.["supersededBy"]).toEqual({
      id: current.note.id,
      title: "Deploy with rsync",
      date: done.date,
      reason: "scp dropped partial files",
    });
    const self = await mcp.failure("supersede", { id: old.note.id, by: old.note.id });
    expect(self.code).toBe("INVALID_INPUT");
    const unknown = await mcp.failure("supersede", { id: old.note.id, with: current.note.id });
    expect(unknown.message).toContain('unknown argument "with"');
  });

  it("takes the date the fact changed, and refuses one that is not YYYY-MM-DD", async () => {
    const old = await mcp.ok<Captured>("capture", { title: "Builds run on Jenkins" });
    const current = await mcp.ok<Captured>("capture", { title: "Builds run on GitHub Actions" });
    const bad = await mcp.failure("supersede", {
      id: old.note.id,
      by: current.note.id,
      date: "14/03/2026",
    });
    expect(bad.code).toBe("INVALID_INPUT");
    expect(bad.message).toContain("YYYY-MM-DD");
    const done = await mcp.ok<{ date: string }>("supersede", {
      id: old.note.id,
      by: current.note.id,
      date: "2026-03-14",
    });
    expect(done.date).toBe("2026-03-14");
    expect(await readFile(join(root, old.note.path), "utf8")).toContain(
      `> Superseded by [[${current.note.id}|Builds run on GitHub Actions]] on 2026-03-14.`,
    );
  });
});
