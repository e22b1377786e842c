/**
 * Issue 16, item 4: the CLI loads only what a command needs. The built CLI runs in a real
 * node process with a module-resolution hook (node's `module.register`) that records every
 * module resolved; a `memory show`, `links` or `list` must not load the state machines, the
 * schema library, the search index, isomorphic-git or the MCP SDK.
 */
import { spawn } from "node:child_process";
import { statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, createSandbox, jsonOf, succeeded, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
let root: string;
let id: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  // The memory is made in this process; what is measured is a real CLI process below.
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  const captured = succeeded(
    await sandbox.cliInProcess([
      "capture",
      "A note",
      "--body",
      "Text with [[id__Zz9Zz9|a link]].",
      "--root",
      root,
      "--json",
    ]),
  );
  id = jsonOf<{ note: { id: string } }>(captured).note.id;
  await writeFile(
    join(sandbox.dir, "hooks.mjs"),
    [
      'import { appendFileSync } from "node:fs";',
      "export async function resolve(specifier, context, next) {",
      "  const resolved = await next(specifier, context);",
      "  appendFileSync(process.env.MODULE_LOG, resolved.url + '\\n');",
      "  return resolved;",
      "}",
    ].join("\n"),
  );
  await writeFile(
    join(sandbox.dir, "register.mjs"),
    'import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n',
  );
});
afterAll(() => sandbox.cleanup());

/** The modules a CLI run resolved. */
async function modulesOf(args: readonly string[]): Promise<string[]> {
  const log = join(sandbox.dir, `modules-${args[0] ?? "none"}.log`);
  await writeFile(log, "");
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--import", join(sandbox.dir, "register.mjs"), CLI, ...args, "--root", root],
      { env: { ...sandbox.env, MODULE_LOG: log }, stdio: "ignore" },
    );
    child.on("error", fail);
    child.on("close", done);
  });
  expect(code).toBe(0);
  return (await readFile(log, "utf8")).split("\n").filter(Boolean);
}

const HEAVY = [
  "/xstate/",
  "/arktype/",
  "/@ark/",
  "/minisearch/",
  "/stemmer/",
  "/isomorphic-git/",
  "/@modelcontextprotocol/",
  "/memfs/",
];

describe("what a note command loads", () => {
  it.each([["show"], ["links"], ["list"]])(
    "memory %s loads no machine, schema, index, git library or MCP SDK",
    async (command) => {
      const modules = await modulesOf(command === "list" ? [command] : [command, id]);
      expect(modules.some((url) => url.endsWith("/dist/cli.js"))).toBe(true);
      expect(modules.filter((url) => HEAVY.some((heavy) => url.includes(heavy)))).toEqual([]);
    },
  );

  it("while memory search loads the search index (the hook sees what it should)", async () => {
    const modules = await modulesOf(["search", "note"]);
    // The index is the library's own; the stemmer is the one package it brings.
    expect(modules.some((url) => url.includes("/stemmer/"))).toBe(true);
    const unwanted = ["/xstate/", "/arktype/", "/minisearch/"];
    expect(modules.filter((url) => unwanted.some((heavy) => url.includes(heavy)))).toEqual([]);
  });

  it.each([["--version"], ["--help"]])(
    "memory %s loads only the dispatcher: no note tier, adapter or package",
    async (flag) => {
      const modules = await modulesOf([flag]);
      const own = [...new Set(modules.filter((url) => url.includes("/dist/")))];
      expect(modules.filter((url) => url.includes("/node_modules/"))).toEqual([]);
      // cli.js, the daemon client and the few chunks they share with the commands (exit
      // codes, output, version), some 20 KB: not the model and micromark (over 200 KB) nor
      // the fs and git adapters the commands bring.
      const bytes = own.map((url) => statSync(fileURLToPath(url)).size);
      expect(bytes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(40_000);
    },
  );
});
