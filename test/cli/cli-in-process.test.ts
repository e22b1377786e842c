/**
 * The in-process runner the CLI tests use for calls whose subject is the command: it prints
 * and returns what the executable does, and leaves nothing of a call behind in the process.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, succeeded, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
let root: string;
/** The process as this file found it, before any in-process call. */
const atLoad = {
  env: { ...process.env },
  cwd: process.cwd(),
  argv: [...process.argv],
  exitCode: process.exitCode,
  signals: process.listenerCount("SIGINT") + process.listenerCount("SIGTERM"),
};

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  succeeded(
    await sandbox.cliInProcess(["capture", "Deploys", "--body", "On Mondays.", "--root", root]),
  );
});
afterAll(() => sandbox.cleanup());

describe("sandbox.cliInProcess", () => {
  it("prints and returns what the executable does", async () => {
    for (const args of [
      ["list", "--json", "--root", root],
      ["search", "deploys", "--root", root],
      ["show", "Nope99", "--root", root],
      ["list", "--status", "nonsense", "--root", root],
      ["--version"],
    ]) {
      expect({ args, ...(await sandbox.cliInProcess(args)) }).toEqual({
        args,
        ...(await sandbox.cli(args)),
      });
    }
  });

  it("gives the call the sandbox's environment, cwd and stdin, then puts the process back", async () => {
    // AGENT_MEMORY_ROOT from the call's environment, a relative --session against its cwd,
    // the note's text from stdin.
    const logged = await sandbox.cliInProcess(["log", "--json"], {
      cwd: root,
      env: { AGENT_MEMORY_ROOT: root },
      input: "## what\nshipped\n## why\ndue\n## how\nby hand\n- next: rest\n",
    });
    expect(logged.code).toBe(0);
    const added = await sandbox.cliInProcess(
      ["journal", "add", "--harness", "manual", "--session", "notes/s.md", "--json"],
      { cwd: root, env: { AGENT_MEMORY_ROOT: root } },
    );
    expect(JSON.parse(added.stdout)).toMatchObject({
      retrieval: { sessionPath: join(root, "notes/s.md") },
    });
    // A call that fails and one that runs a model command with signal listeners.
    const inRoot = { cwd: root };
    expect((await sandbox.cliInProcess(["show", "Nope99"], inRoot)).code).toBe(1);
    expect((await sandbox.cliInProcess(["consolidate", "--llm-cmd", "false"], inRoot)).code).toBe(
      1,
    );
    expect({
      env: process.env,
      cwd: process.cwd(),
      argv: process.argv,
      exitCode: process.exitCode,
      signals: process.listenerCount("SIGINT") + process.listenerCount("SIGTERM"),
    }).toEqual(atLoad);
  });

  it("refuses the commands that own their process", async () => {
    for (const name of ["hook", "mcp", "daemon"]) {
      await expect(sandbox.cliInProcess([name, "--root", root])).rejects.toThrow(
        /owns its process: run it with sandbox\.cli/,
      );
    }
  });
});
