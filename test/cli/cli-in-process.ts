/**
 * Runs `memory <args>` inside the test's own process, through the executable's own dispatcher
 * (`runCli`), as a spawned `node dist/cli.js` would run it: same environment (the process's
 * too, which git and the model command inherit), same working directory, same stdin, stdout
 * and stderr as text. A spawn costs 0.2-0.4 CPU s of loading the library before the command
 * does anything; a test file that makes dozens of calls pays it dozens of times, here once.
 *
 * What only a real process shows stays spawned (`Sandbox.cli`): exit codes and streams of the
 * executable itself, signals, the daemon, hooks (which may end their process), the MCP server
 * (stdio), and calls made at once by several processes. Each command keeps at least one
 * spawned test; this runner refuses the commands that own their process.
 *
 * Nothing leaks between calls: the environment, the working directory, `process.argv` (the
 * merge driver and the scheduler name the running CLI by `argv[1]`: here dist/cli.js, as in
 * a spawn), `process.exitCode` and the signal listeners are put back after each call, and
 * calls run one at a time (they share the process).
 */
import type { CliIo } from "../../src/cli/framework/cli-io.js";
import type { CliRun } from "./cli-harness.js";

/** Commands that own their process (exit, stdio, signals, a server): spawn them. */
const SPAWN_ONLY = new Set(["hook", "mcp", "daemon"]);

/** Variables of the test process a call keeps: vitest's and node's own, never the CLI's. */
const RUNNER_VARIABLE = /^(VITEST|NODE_|TEST_)/;

/** Whether `memory <args>` owns its process (a hook, the MCP server, the daemon): spawn it. */
export function ownsItsProcess(args: readonly string[]): boolean {
  return SPAWN_ONLY.has(args[0] ?? "");
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs the CLI in this process with exactly `env` (plus the test runner's own variables) and
 * `cwd`, `input` as stdin; resolves with what it printed and its exit code.
 */
export function runCliInProcess(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; input?: string; executable: string },
): Promise<CliRun> {
  if (ownsItsProcess(args)) {
    return Promise.reject(
      new Error(`memory ${args[0] ?? ""} owns its process: run it with sandbox.cli (a real spawn)`),
    );
  }
  const run = queue.then(() => runAlone(args, options));
  queue = run.catch(() => undefined);
  return run;
}

async function runAlone(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; input?: string; executable: string },
): Promise<CliRun> {
  // Loaded on the first call only: the library is what a spawn would load each time.
  const { runCli } = await import("../../src/cli/framework/run-cli.js");
  const saved = { ...process.env };
  const savedCwd = process.cwd();
  const savedArgv = process.argv;
  const savedExitCode = process.exitCode;
  const listeners = {
    SIGINT: process.listeners("SIGINT"),
    SIGTERM: process.listeners("SIGTERM"),
  };
  for (const key of Object.keys(process.env)) {
    if (!RUNNER_VARIABLE.test(key)) delete process.env[key];
  }
  Object.assign(process.env, options.env);
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    env: { ...options.env },
    cwd: options.cwd,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stderrIsTerminal: false,
    readStdin: async () => options.input ?? "",
    executable: [process.execPath, options.executable],
  };
  try {
    process.chdir(options.cwd);
    process.argv = [process.execPath, options.executable, ...args];
    const code = await runCli(args, io);
    return { code, stdout, stderr };
  } finally {
    process.chdir(savedCwd);
    process.argv = savedArgv;
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, saved);
    process.exitCode = savedExitCode;
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      for (const listener of process.listeners(signal)) {
        if (!listeners[signal].includes(listener)) process.off(signal, listener);
      }
    }
  }
}
