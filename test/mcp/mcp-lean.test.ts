/**
 * Issue 32's MCP checks, on a real `memory mcp` process through the official SDK client:
 * the tool list's size in real tokens (o200k_base, the encoding of current OpenAI models),
 * the minimal set, errors that state the bound, the spec's resource-not-found error,
 * compare-and-swap by expectedHash, answers without link offsets, and forget.
 */
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { access } from "node:fs/promises";
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

const exists = (path: string) =>
  access(join(root, path)).then(
    () => true,
    () => false,
  );

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

describe("the tool list", () => {
  // 1,450 tokens for 17 tools (issue 32); issue 30 adds `supersede` (+81) and `why` (+55).
  it("costs under 1,650 tokens for the default set, and the minimal set offers four tools", async () => {
    const { tools } = await mcp.client.listTools();
    const tokens = countTokens(JSON.stringify({ tools }));
    expect(tools).toHaveLength(19);
    expect(tokens).toBeLessThan(1_650);
    const minimal = await startMcp(sandbox, root, ["--tools", "minimal"]);
    try {
      const few = (await minimal.client.listTools()).tools;
      expect(few.map((tool) => tool.name)).toEqual(["capture", "read", "edit", "search"]);
      expect(countTokens(JSON.stringify({ tools: few }))).toBeLessThan(tokens / 2);
      // A tool left out of the set is not callable either.
      expect((await minimal.failure("forget", { id: "id__Zz9Zz9" })).code).toBe("INVALID_INPUT");
    } finally {
      await minimal.close();
    }
  });

  it("refuses an unknown --tools name before starting", async () => {
    const run = await sandbox.cli(["mcp", "--root", root, "--tools", "read,frobnicate"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("unknown tool frobnicate");
  });
});

describe("errors", () => {
  it("state the bound, not the description", async () => {
    const zero = await mcp.failure("search", { query: "x", limit: 0 });
    expect(zero).toEqual({
      code: "INVALID_INPUT",
      message: "search: limit must be an integer between 1 and 100 (was 0).",
    });
    const many = await mcp.failure("capture", { title: "t", status: "trash", tittle: "x" });
    expect(many.message).toBe(
      'capture: status must be one of active, archived, inbox (was "trash"); unknown argument "tittle" (it takes title, body, status, tags).',
    );
    expect((await mcp.failure("session_log", { what: "x" })).message).toContain(
      "why is required: a non-empty string",
    );
  });

  it("answers a missing note resource with the spec's resource-not-found (-32002)", async () => {
    const read = mcp.client.readResource({ uri: "memory://note/id__Zz9Zz9" });
    await expect(read).rejects.toBeInstanceOf(McpError);
    await expect(read).rejects.toMatchObject({ code: -32002 });
    await expect(read).rejects.toThrow(/NOT_FOUND: .*id__Zz9Zz9/);
  });
});

describe("answers", () => {
  it("carry no link offsets unless asked, and compact JSON text", async () => {
    const target = await mcp.ok<Captured>("capture", { title: "Target note" });
    const source = await mcp.ok<Captured>("capture", {
      title: "Source note",
      body: `See [[${target.note.id}|the target]].`,
    });
    const answer = await mcp.call("read", { id: source.note.id });
    const text = answer.content[0]?.text ?? "";
    expect(text).not.toMatch(/\n|position|"size"|"committed"/);
    expect(JSON.parse(text)).toMatchObject({
      note: { id: source.note.id, hash: source.note.hash },
      outbound: [{ id: target.note.id, title: "Target note", displayText: "the target" }],
    });
    const asked = await mcp.ok<{ note: { links: { position: unknown }[] } }>("read", {
      id: source.note.id,
      positions: true,
    });
    expect(asked.note.links[0]?.position).toEqual({ start: 4, end: 29 });
  });
});

describe("compare-and-swap by expectedHash", () => {
  it("edits only the version read, and answers CONFLICT otherwise", async () => {
    const { note } = await mcp.ok<Captured>("capture", { title: "Versioned", body: "One." });
    const first = await mcp.ok<{ hash: string; changed: boolean }>("edit", {
      id: note.id,
      kind: "replace-body",
      text: "Two.",
      expectedHash: note.hash,
    });
    expect(first.changed).toBe(true);
    // A second agent still holding the first hash is refused, even with an edit that adds.
    for (const kind of ["replace-body", "append"]) {
      const stale = await mcp.failure("edit", {
        id: note.id,
        kind,
        text: "Three.",
        expectedHash: note.hash,
      });
      expect(stale.code).toBe("CONFLICT");
    }
    const read = await mcp.ok<{ note: { body: string; hash: string } }>("read", { id: note.id });
    expect(read.note).toMatchObject({ body: "Two.", hash: first.hash });
    const forget = await mcp.failure("forget", { id: note.id, expectedHash: note.hash });
    expect(forget.code).toBe("CONFLICT");
    expect(await exists(note.path)).toBe(true);
  });
});

describe("forget", () => {
  it("archives by default, keeping links; removes only an unlinked note; one commit each", async () => {
    const kept = await mcp.ok<Captured>("capture", { title: "Linked target" });
    await mcp.ok<Captured>("capture", {
      title: "Linking note",
      body: `About [[${kept.note.id}|it]].`,
    });
    const refused = await mcp.failure("forget", { id: kept.note.id, remove: true });
    expect(refused.code).toBe("CONFLICT");
    expect(refused.message).toMatch(/Forget it without remove to archive it/);
    expect(await exists(kept.note.path)).toBe(true);

    const archived = await mcp.ok<{ forgotten: string; path: string; commit: string }>("forget", {
      id: kept.note.id,
    });
    expect(archived).toMatchObject({
      forgotten: "archived",
      path: expect.stringMatching(/^archive\//),
    });
    const links = await mcp.ok<{ inbound: unknown[] }>("links", { id: kept.note.id });
    expect(links.inbound).toHaveLength(1);

    const lone = await mcp.ok<Captured>("capture", { title: "Nobody links here" });
    const removed = await mcp.ok<{ forgotten: string; commit: string }>("forget", {
      id: lone.note.id,
      remove: true,
      expectedHash: lone.note.hash,
    });
    expect(removed.forgotten).toBe("removed");
    expect(await exists(lone.note.path)).toBe(false);
    const subjects = (await sandbox.git(root, ["log", "--format=%s", "-2"])).trim().split("\n");
    expect(subjects).toEqual([
      `memory: forget ${lone.note.id} (remove, mcp)`,
      `memory: capture "Nobody links here" (mcp)`,
    ]);
    const shown = await sandbox.git(root, ["show", "--name-status", "--format=", removed.commit]);
    expect(shown.trim()).toBe(`D\t${lone.note.path}`);
  });
});
