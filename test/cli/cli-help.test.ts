import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/cli/commands/index.js";
import type { CliIo } from "../../src/cli/framework/cli-io.js";
import { runCli } from "../../src/cli/framework/run-cli.js";
import { createSandbox, jsonOf, type CliRun, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(() => sandbox.cleanup());

/**
 * Runs `memory <args>` in this process, as the executable does after asking for a daemon: the
 * same parser, help and error lines, for what no memory is needed for. A spawn costs about as
 * much CPU as the whole in-process run; the cases below that are about the process (exit code,
 * streams) spawn it.
 */
async function inProcess(args: readonly string[]): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    env: { ...sandbox.env },
    cwd: sandbox.dir,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    readStdin: async () => "",
  };
  const code = await runCli([...args], io);
  return { code, stdout, stderr };
}

/** Every line of stderr starts with "memory:" and there is exactly one. */
function oneErrorLine(stderr: string): string {
  const lines = stderr.split("\n").filter((line) => line !== "");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^memory: /);
  return lines[0] ?? "";
}

describe("memory --help", () => {
  it("lists every command; no arguments at all is bad usage", async () => {
    const help = await sandbox.cli(["--help"]);
    expect(help.code).toBe(0);
    for (const command of COMMANDS)
      expect(help.stdout).toMatch(new RegExp(`^  ${command.name} `, "m"));
    expect(help.stdout).toMatch(/Exit codes: 0 success, 1 refused/);
    const bare = await sandbox.cli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe(help.stdout);
  });

  it("the executable prints a command's help on stdout and exits 0", async () => {
    const [entry] = COMMANDS;
    if (entry === undefined) throw new Error("no command registered");
    const run = await sandbox.cli([entry.name, "--help", "--bogus-is-ignored-with-help"]);
    expect(run).toEqual({ code: 0, stdout: (await entry.load()).help, stderr: "" });
  });

  it.each(COMMANDS.map((command) => [command.name, command] as const))(
    "memory %s --help documents every option with an example",
    async (name, entry) => {
      const command = await entry.load();
      expect(command.name).toBe(name);
      const run = await inProcess([name, "--help", "--bogus-is-ignored-with-help"]);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe("");
      expect(run.stdout).toMatch(new RegExp(`^Usage: memory ${name} `));
      for (const option of command.optionNames) expect(run.stdout).toContain(`--${option}`);
      expect(run.stdout).toMatch(new RegExp(`Examples:\\n  memory ${name}`));
      expect(run.stdout).toBe(command.help);
    },
  );
});

describe("usage errors exit 2 with one line on stderr", () => {
  it("unknown command, unknown option, missing or extra argument, bad values", async () => {
    const cases: [string[], RegExp][] = [
      [["lst"], /unknown command "lst" \(did you mean "list"\?\)\. Run "memory --help"/],
      [["--root", "x", "list"], /put the command first/],
      [["list", "--bogus"], /unknown option --bogus\. Run "memory list --help"/],
      [["show"], /missing argument: memory show <id>/],
      [["show", "a", "b"], /unexpected argument "b" for "show"/],
      [["list", "--status"], /option --status needs a value/],
      [["list", "--json=yes"], /option --json takes no value/],
      [["list", "--status", "done"], /unknown status "done"/],
      [["move", "id__Kf9mNp", "done"], /unknown status "done"/],
      [["capture", "t", "--status", "later"], /unknown status "later"/],
      [["doctor", "--max-note-bytes", "big"], /take a whole number/],
    ];
    for (const [args, message] of cases) {
      const run = await inProcess(args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(oneErrorLine(run.stderr)).toMatch(message);
      expect(run.stdout).toBe("");
    }
  });

  it("the executable exits 2 with the one line on stderr and nothing on stdout", async () => {
    const run = await sandbox.cli(["lst"]);
    expect(run.code).toBe(2);
    expect(oneErrorLine(run.stderr)).toMatch(/unknown command "lst" \(did you mean "list"\?\)/);
    expect(run.stdout).toBe("");
  });

  it("with --json, stdout also carries the error as JSON", async () => {
    const run = await sandbox.cli(["list", "--bogus", "--json"]);
    expect(run.code).toBe(2);
    expect(jsonOf<{ error: { code: string } }>(run).error.code).toBe("USAGE");
  });
});

describe("the memory root", () => {
  it("comes from --root, else AGENT_MEMORY_ROOT, else the working directory", async () => {
    const fromFlag = join(sandbox.dir, "flag");
    const fromEnv = join(sandbox.dir, "env");
    const fromCwd = join(sandbox.dir, "cwd");
    await mkdir(fromCwd);
    type Init = { root: string; gitInitialized: boolean };
    expect(jsonOf<Init>(await sandbox.cli(["init", "--root", "flag", "--json"])).root).toBe(
      fromFlag,
    );
    const env = { AGENT_MEMORY_ROOT: fromEnv };
    expect(jsonOf<Init>(await sandbox.cli(["init", "--json"], { env })).root).toBe(fromEnv);
    // --root wins over the environment.
    expect(
      jsonOf<Init>(await sandbox.cli(["init", "--root", fromFlag, "--json"], { env })).root,
    ).toBe(fromFlag);
    expect(jsonOf<Init>(await sandbox.cli(["init", "--json"], { cwd: fromCwd })).root).toBe(
      fromCwd,
    );
  });

  it("must exist for every command but init", async () => {
    const run = await sandbox.cli(["list", "--root", "nowhere"]);
    expect(run.code).toBe(1);
    expect(oneErrorLine(run.stderr)).toMatch(
      /nowhere does not exist or is not a folder\. Create it with "memory init --root /,
    );
  });
});
