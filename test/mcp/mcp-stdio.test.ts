/**
 * Drives the real `memory mcp` server (dist/cli.js) over stdio with the SDK's own client, on
 * a memory on disk in a real git repository, HOME pointed at an empty folder.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, createSandbox, succeeded, type Sandbox } from "../cli/cli-harness.js";

let sandbox: Sandbox;
let root: string;
let client: Client;

interface ToolAnswer {
  readonly isError?: boolean;
  readonly content: readonly { type: string; text?: string }[];
  readonly structuredContent?: Record<string, unknown>;
}

const call = async (name: string, args: Record<string, unknown>): Promise<ToolAnswer> =>
  (await client.callTool({ name, arguments: args })) as ToolAnswer;

/** The structured result of a call that must succeed. */
async function ok<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const answer = await call(name, args);
  if (answer.isError === true) throw new Error(`${name} failed: ${answer.content[0]?.text ?? ""}`);
  return answer.structuredContent as T;
}

/** The code at the start of a failed call's text (and the structured one, which must agree). */
async function errorCode(name: string, args: Record<string, unknown>): Promise<string> {
  const answer = await call(name, args);
  expect(answer.isError).toBe(true);
  const text = answer.content[0]?.text ?? "";
  const code = /^([A-Z_]+): /.exec(text)?.[1] ?? `no code in: ${text}`;
  expect(answer.structuredContent).toEqual({ error: { code, message: expect.any(String) } });
  return code;
}

const subjects = async () => (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n");

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  client = new Client({ name: "mcp-stdio-test", version: "1.0.0" });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI, "mcp", "--root", root],
      env: sandbox.env,
      stderr: "pipe",
    }),
  );
});
afterAll(async () => {
  await client.close();
  await sandbox.cleanup();
});

describe("memory mcp over stdio", () => {
  it("lists every tool with a JSON Schema generated from its arktype schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      "capture",
      "read",
      "edit",
      "search",
      "list",
      "links",
      "forget",
      "rename",
      "move",
      "merge",
      "tier",
      "tag",
      "supersede",
      "why",
      "context",
      "pickup",
      "session_log",
      "journal_add",
      "doctor",
    ]);
    const edit = tools.find((tool) => tool.name === "edit");
    expect(edit?.inputSchema).toMatchObject({
      type: "object",
      required: ["id", "kind", "text"],
      additionalProperties: false,
      properties: { kind: { enum: expect.arrayContaining(["append", "replace-section"]) } },
    });
  });

  it("captures, links, edits, searches, renames and reads back; each mutation is one commit", async () => {
    const igor = await ok<{ note: { id: string } }>("capture", {
      title: "Igor is a designer",
      body: "Works on the console.\n\n## Decisions\n\n- none yet",
      tags: ["people"],
      status: "active",
    });
    const console_ = await ok<{ note: { id: string } }>("capture", {
      title: "The console app",
      body: `Built by [[${igor.note.id}|Igor]].`,
    });
    const igorId = igor.note.id;
    await ok("edit", {
      id: igorId,
      kind: "replace",
      find: "the console",
      text: "the console app",
      all: true,
    });
    await ok("edit", {
      id: igorId,
      kind: "replace-section",
      heading: "Decisions",
      text: "- moved to platform",
    });
    await ok("edit", { id: igorId, kind: "append", text: "Prefers Figma." });
    await ok("edit", { id: igorId, kind: "prepend", text: "Summary: platform developer." });
    const found = await ok<{ results: { id: string }[] }>("search", {
      query: "figma",
      tag: "people",
    });
    expect(found.results.map((result) => result.id)).toEqual([igorId]);
    const renamed = await ok<{ title: string }>("rename", {
      id: igorId,
      title: "Igor is a developer",
    });
    expect(renamed.title).toBe("Igor is a developer");

    const read = await ok<{
      note: { title: string; body: string; status: string };
      backlinks: { id: string; title: string }[];
    }>("read", { id: igorId });
    expect(read.note.title).toBe("Igor is a developer");
    expect(read.note.body).toBe(
      "Summary: platform developer.\n\nWorks on the console app.\n\n## Decisions\n\n- moved to platform\n\nPrefers Figma.",
    );
    expect(read.backlinks).toEqual([
      expect.objectContaining({ id: console_.note.id, title: "The console app" }),
    ]);
    const back = await ok<{
      outbound: { id: string; title: string | null; displayText: string }[];
    }>("read", {
      id: console_.note.id,
    });
    // The rename rewrote the inbound link text only where it showed the old title ("Igor" stays).
    expect(back.outbound).toEqual([
      expect.objectContaining({ id: igorId, title: "Igor is a developer", displayText: "Igor" }),
    ]);
    const links = await ok<{ inbound: { id: string }[] }>("links", { id: igorId });
    expect(links.inbound.map((link) => link.id)).toEqual([console_.note.id]);

    const file = await readFile(join(root, "topics", `igor-is-a-developer ${igorId}.md`), "utf8");
    expect(file).toContain("Prefers Figma.");
    expect(await subjects()).toEqual([
      `memory: rename ${igorId} to "Igor is a developer" (mcp)`,
      `memory: edit ${igorId} (prepend, mcp)`,
      `memory: edit ${igorId} (append, mcp)`,
      `memory: edit ${igorId} (replace-section, mcp)`,
      `memory: edit ${igorId} (replace, mcp)`,
      'memory: capture "The console app" (mcp)',
      'memory: capture "Igor is a designer" (mcp)',
      "memory: init",
    ]);
  });

  it("tiers a note, lists recent notes, gives the context and serves notes as resources", async () => {
    const { notes } = await ok<{ notes: { id: string; title: string }[] }>("list", {
      recent: true,
      since: "1h",
    });
    const igor = notes.find((note) => note.title === "Igor is a developer");
    expect(igor).toBeDefined();
    const id = igor?.id ?? "";
    const tiers = await ok<{ hot: { id: string }[]; commit: string | null }>("tier", {
      id,
      tier: "hot",
    });
    expect(tiers.hot.map((entry) => entry.id)).toEqual([id]);
    expect(tiers.commit).toMatch(/^[0-9a-f]{40}$/);
    await ok("session_log", {
      what: "met Igor",
      why: "onboarding",
      how: "a call",
      next: "send him the docs",
    });
    const context = await ok<{ text: string; inlined: string[]; listed: string[] }>("context", {});
    expect(context.text).toContain("next: send him the docs");
    expect(context.text).toContain("Prefers Figma.");
    expect(context.inlined).toEqual([id]);

    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(
      expect.arrayContaining([`memory://note/${id}`, "memory://index"]),
    );
    const note = await client.readResource({ uri: `memory://note/${id}` });
    expect(note.contents[0]).toMatchObject({
      mimeType: "text/markdown",
      text: expect.stringMatching(/^# Igor is a developer\n/),
    });
    const index = await client.readResource({ uri: "memory://index" });
    expect(index.contents[0]).toMatchObject({ text: expect.stringContaining(`[[${id}|`) });
  });

  it("returns every tool's failure as an MCP tool error carrying the tagged code", async () => {
    const missing = "id__Zz9Zz9";
    expect(await errorCode("capture", { title: "" })).toBe("INVALID_INPUT");
    expect(await errorCode("capture", {})).toBe("INVALID_INPUT");
    expect(await errorCode("read", { id: missing })).toBe("NOT_FOUND");
    expect(await errorCode("edit", { id: missing, kind: "append", text: "x" })).toBe("NOT_FOUND");
    const { notes } = await ok<{ notes: { id: string }[] }>("list", {});
    const some = notes[0]?.id ?? "";
    expect(
      await errorCode("edit", { id: some, kind: "replace", find: "no such text", text: "x" }),
    ).toBe("INVALID_INPUT");
    expect(
      await errorCode("edit", { id: some, kind: "replace-section", heading: "Nope", text: "x" }),
    ).toBe("INVALID_INPUT");
    expect(await errorCode("edit", { id: some, kind: "shuffle", text: "x" })).toBe("INVALID_INPUT");
    expect(await errorCode("search", { query: "x", limit: 0 })).toBe("INVALID_INPUT");
    expect(await errorCode("list", { recent: true, since: "last tuesday" })).toBe("INVALID_INPUT");
    expect(await errorCode("links", { id: missing })).toBe("NOT_FOUND");
    expect(await errorCode("rename", { id: missing, title: "x" })).toBe("NOT_FOUND");
    expect(await errorCode("move", { id: missing, status: "archived" })).toBe("NOT_FOUND");
    expect(await errorCode("move", { id: some, status: "trash" })).toBe("INVALID_INPUT");
    expect(await errorCode("merge", { sources: [missing], target: some })).toBe("NOT_FOUND");
    expect(await errorCode("tier", { id: missing, tier: "hot" })).toBe("INVALID_INPUT");
    expect(await errorCode("context", { budget: -1 })).toBe("INVALID_INPUT");
    expect(await errorCode("pickup", { agent: "zero" })).toBe("INVALID_INPUT");
    expect(await errorCode("session_log", { what: "x" })).toBe("INVALID_INPUT");
    expect(await errorCode("journal_add", { harness: "" })).toBe("INVALID_INPUT");
    expect(await errorCode("doctor", { unexpected: 1 })).toBe("INVALID_INPUT");
    expect(await errorCode("capture", { tittle: "typo" })).toBe("INVALID_INPUT");
    expect(await errorCode("no_such_tool", {})).toBe("INVALID_INPUT");
    // Nothing above wrote anything: the last commit is still the tier's.
    expect((await subjects())[0]).toMatch(/^memory: tier /);
  });

  it("sees a note edited behind its back (watch freshness) and its own writes at once", async () => {
    const titles = async () =>
      (await ok<{ notes: { title: string }[] }>("list", {})).notes.map((note) => note.title);
    const { note } = await ok<{ note: { id: string; path: string } }>("capture", {
      title: "Watched note",
      body: "Before the edit.",
    });
    expect(await titles()).toContain("Watched note");
    // The very next call sees each edit: the server waits for its watcher's cookie first.
    await writeFile(join(root, note.path), "# Retitled by hand\n\nAfter an edit made by hand.\n");
    expect(await titles()).toContain("Retitled by hand");
    expect(await titles()).not.toContain("Watched note");
    // Replaced by rename, as editors save; then deleted: both seen at once too.
    await writeFile(join(root, "topics/.saving"), "# Saved by an editor\n");
    await rename(join(root, "topics/.saving"), join(root, note.path));
    expect(await titles()).toContain("Saved by an editor");
    await unlink(join(root, note.path));
    expect(await titles()).not.toContain("Saved by an editor");
  });
});
