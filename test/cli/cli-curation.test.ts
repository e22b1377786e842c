/**
 * Issue 33, part 3, through the built CLI and the MCP server on real git: `memory tag`, the
 * ignore rule that reaches clones (checked in a real `git clone`), and the archived-hot rule
 * in `tier`, `context`, the SessionStart hook and MCP.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CLI,
  createSandbox,
  jsonOf,
  scaledHookLimit,
  succeeded,
  type Sandbox,
} from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

let sandbox: Sandbox;
let root: string;
/** `memory <args> --root <root>` in this process; `spawned`, the executable (hooks, `tag` once). */
const memory = (args: readonly string[]) => sandbox.cliInProcess([...args, "--root", root]);
const spawned = (args: readonly string[], input?: string) =>
  sandbox.cli([...args, "--root", root], input === undefined ? {} : { input });
const subjects = async () => (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n");
const noteFile = async (id: string) => {
  const listed = jsonOf<{ id: string; path: string }[]>(await memory(["list", "--json"]));
  return join(root, listed.find((note) => note.id === id)?.path ?? "missing");
};

async function capture(title: string, args: readonly string[] = []): Promise<string> {
  const run = await memory(["capture", title, "--status", "active", ...args, "--json"]);
  return jsonOf<{ note: { id: string } }>(succeeded(run)).note.id;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await memory(["init"]));
});
afterAll(() => sandbox.cleanup());

describe("memory tag", () => {
  it(
    "adds and removes on the tag line in one commit; -TAG removes; bad tags change nothing",
    { timeout: scaledMs(90_000) },
    async () => {
      const id = await capture("Igor", [
        "--tag",
        "people",
        "--tag",
        "draft",
        "--body",
        "Designs. #inline",
      ]);
      const file = await noteFile(id);
      const run = succeeded(await spawned(["tag", id, "+work", "-draft", "+#reviewed"]));
      expect(run.stdout).toContain(`Tagged ${id} "Igor": +#work +#reviewed -#draft`);
      expect(await readFile(file, "utf8")).toBe(
        "# Igor\n\n#people #work #reviewed\n\nDesigns. #inline\n",
      );
      expect((await subjects())[0]).toBe(`memory: tag "Igor" +work +reviewed -draft (${id})`);
      expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");

      const before = await readFile(file, "utf8");
      const bad = await memory(["tag", id, "+two words"]);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(/contains whitespace/);
      const inline = await memory(["tag", id, "-inline"]);
      expect(inline.code).not.toBe(0);
      expect(inline.stderr).toMatch(/written in the note's text/);
      const word = await memory(["tag", id, "work"]);
      expect(word.stderr).toMatch(/"work" is not a tag change: write \+TAG/);
      expect(await readFile(file, "utf8")).toBe(before);
    },
  );
});

describe("the private folder in a clone", () => {
  it("init commits a root .gitignore rule; a clone that runs commands has nothing untracked", async () => {
    expect(await readFile(join(root, ".gitignore"), "utf8")).toBe("/.agent-memory/\n");
    expect(await sandbox.git(root, ["ls-files", ".gitignore"])).toBe(".gitignore\n");
    const clone = join(sandbox.dir, "clone");
    await sandbox.git(sandbox.dir, ["clone", "-q", root, clone]);
    succeeded(await sandbox.cliInProcess(["list", "--root", clone]));
    succeeded(await sandbox.cliInProcess(["capture", "From the clone", "--root", clone]));
    expect(await sandbox.git(clone, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
  });

  it(
    "a memory made before the rule gets it, committed, on its next command",
    { timeout: scaledMs(90_000) },
    async () => {
      const old = join(sandbox.dir, "old");
      succeeded(await sandbox.cliInProcess(["init", "--root", old]));
      // As init left a memory before: only the folder's own self-ignoring .gitignore.
      await sandbox.git(old, ["rm", "-q", ".gitignore"]);
      await sandbox.git(old, [
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@t.invalid",
        "commit",
        "-qm",
        "old layout",
      ]);
      succeeded(await sandbox.cliInProcess(["list", "--root", old]));
      expect(await sandbox.git(old, ["log", "-1", "--format=%s"])).toContain(
        "memory: ignore /.agent-memory/",
      );
      const clone = join(sandbox.dir, "old-clone");
      await sandbox.git(sandbox.dir, ["clone", "-q", old, clone]);
      succeeded(await sandbox.cliInProcess(["list", "--root", clone]));
      expect(await sandbox.git(clone, ["status", "--porcelain", "--untracked-files=all"])).toBe("");
    },
  );
});

describe("an archived note in the hot tier", () => {
  it(
    "tier refuses it; context, the SessionStart hook and MCP leave it out; doctor warns",
    { timeout: scaledMs(180_000) },
    async () => {
      const kept = await capture("Kept note", ["--body", "Current text."]);
      const old = await capture("Old note", ["--body", "Retired text."]);
      succeeded(await memory(["tier", kept, "hot"]));
      succeeded(await memory(["tier", old, "hot"]));
      succeeded(await memory(["archive", old]));

      const refused = await memory(["tier", old, "warm"]);
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toMatch(/is archived[\s\S]*memory move/);

      const context = succeeded(await memory(["context"]));
      expect(context.stdout).toContain("Current text.");
      expect(context.stdout).not.toContain(old);

      const hook = await readFile(
        resolve(
          import.meta.dirname,
          "../fixtures/hooks/claude-code/stdin.session-start.startup.json",
        ),
        "utf8",
      );
      const started = succeeded(
        await spawned(["hook", "claude-code", "session-start", ...scaledHookLimit()], hook),
      );
      expect(started.stdout).toContain("Current text.");
      expect(started.stdout).not.toContain(old);

      const doctor = await memory(["doctor", "--json"]);
      const findings = jsonOf<{ findings: { kind: string; id?: string }[] }>(doctor).findings;
      expect(findings).toContainEqual(expect.objectContaining({ kind: "archived-hot", id: old }));

      const client = new Client({ name: "curation-test", version: "1.0.0" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [CLI, "mcp", "--root", root],
          env: sandbox.env,
          stderr: "pipe",
        }),
      );
      try {
        const text = async (name: string, args: Record<string, unknown>) => {
          const answer = (await client.callTool({ name, arguments: args })) as {
            isError?: boolean;
            content: { text?: string }[];
          };
          return { isError: answer.isError === true, text: answer.content[0]?.text ?? "" };
        };
        const tier = await text("tier", { id: old, tier: "hot" });
        expect(tier).toMatchObject({
          isError: true,
          text: expect.stringMatching(/^INVALID_INPUT: .*archived/),
        });
        const mcpContext = await text("context", {});
        expect(mcpContext.text).toContain("Current text.");
        expect(mcpContext.text).not.toContain("Retired text.");
        const tagged = await text("tag", { id: kept, add: ["ops"] });
        expect(tagged.isError).toBe(false);
        expect(await readFile(await noteFile(kept), "utf8")).toContain("#ops");
        expect((await subjects())[0]).toBe(`memory: tag ${kept} (mcp)`);
        const badTag = await text("tag", { id: kept, add: ["123"] });
        expect(badTag).toMatchObject({
          isError: true,
          text: expect.stringMatching(/^INVALID_INPUT: .*all digits/),
        });
      } finally {
        await client.close();
      }
    },
  );
});
