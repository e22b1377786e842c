/**
 * Runs the built `memory` executable as a subprocess on temporary memories with real git.
 * HOME points at an empty folder and the system git config is off, so no global identity
 * is needed (the git adapter falls back to its default author) and nothing on the machine
 * leaks in.
 */
import { execFile, spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join, relative, resolve } from "node:path";
import { scaledMs } from "../helpers/time-scale.js";
import { ownsItsProcess, runCliInProcess } from "./cli-in-process.js";

/** The built executable. */
export const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

/** What one run of the CLI printed and returned. */
export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A temporary folder with an isolated git environment. */
export interface Sandbox {
  /** The temp folder; memories go below it. */
  readonly dir: string;
  /** The environment every process in the sandbox gets. */
  readonly env: Record<string, string>;
  /** Runs `memory <args>` with cwd `cwd` (default: the sandbox) and optional stdin. */
  cli(
    args: readonly string[],
    options?: { cwd?: string; input?: string; env?: Record<string, string> },
  ): Promise<CliRun>;
  /**
   * The same call run in this process (see cli-in-process.ts): for the calls whose subject is
   * the command, not the process; one at a time.
   */
  cliInProcess(
    args: readonly string[],
    options?: { cwd?: string; input?: string; env?: Record<string, string> },
  ): Promise<CliRun>;
  /** Runs git in `cwd`, returning stdout; throws on failure. */
  git(cwd: string, args: readonly string[]): Promise<string>;
  cleanup(): Promise<void>;
}

/** Creates a sandbox under the OS temp folder. */
export async function createSandbox(): Promise<Sandbox> {
  const dir = await mkdtemp(join(tmpdir(), "memory-cli-"));
  const home = join(dir, ".home");
  await mkdir(home);
  const env: Record<string, string> = {
    PATH: process.env["PATH"] ?? "",
    HOME: home,
    XDG_CONFIG_HOME: home,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CEILING_DIRECTORIES: dir,
    LANG: "C.UTF-8",
    // A read call would start the memory's daemon on demand, outliving the test: the tests
    // of that start turn it back on (and stop what they start).
    AGENT_MEMORY_DAEMON: "0",
    // Marks what the tests start, for the check that none is left running (global-setup.ts).
    AGENT_MEMORY_TEST_SANDBOX: dir,
    // Transcripts in these tests live in the sandbox and the repository's fixtures; the CLI
    // reads transcripts only from the harnesses' folders and the ones named here.
    AGENT_MEMORY_SESSION_ROOTS: [dir, resolve(import.meta.dirname, "../fixtures")].join(delimiter),
  };
  return {
    dir,
    env,
    cli: (args, options = {}) =>
      new Promise((done, fail) => {
        const child = spawn(process.execPath, [CLI, ...args], {
          cwd: options.cwd ?? dir,
          env: { ...env, ...options.env },
          stdio: ["pipe", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        child.on("error", fail);
        child.on("close", (code) => done({ code, stdout, stderr }));
        child.stdin.end(options.input ?? "");
      }),
    cliInProcess: (args, options = {}) =>
      runCliInProcess(args, {
        cwd: options.cwd ?? dir,
        env: { ...env, ...options.env },
        ...(options.input === undefined ? {} : { input: options.input }),
        executable: CLI,
      }),
    git: (cwd, args) =>
      new Promise((done, fail) => {
        execFile("git", [...args], { cwd, env }, (error, stdout) =>
          error === null ? done(stdout) : fail(error),
        );
      }),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * `--timeout-ms` for a hook whose subject is not its time limit: the hook's default (8 s)
 * scaled for the machine's load, so a busy machine makes the hook slower, never cut short
 * (a hook that gives up exits 0 with nothing printed).
 */
export function scaledHookLimit(): string[] {
  return ["--timeout-ms", String(scaledMs(8_000))];
}

/**
 * A runner for a file that checks many calls of a few commands: the first call of each
 * command runs the executable (its exit code and streams as a user gets them), the later
 * ones run in this process; a hook, the MCP server and the daemon always run the executable. Calls must be made in a fixed order (tests run in order).
 */
export function firstOfEachSpawned(
  sandbox: Sandbox,
): (
  args: readonly string[],
  options?: { cwd?: string; input?: string; env?: Record<string, string> },
) => Promise<CliRun> {
  const spawned = new Set<string>();
  return (args, options) => {
    const name = args[0] ?? "";
    if (spawned.has(name) && !ownsItsProcess(args)) return sandbox.cliInProcess(args, options);
    spawned.add(name);
    return sandbox.cli(args, options);
  };
}

/** Setup in a hook (where `expect` has no test): a run that failed throws with its stderr. */
export function succeeded(run: CliRun): CliRun {
  if (run.code !== 0) throw new Error(`the CLI exited ${String(run.code)}: ${run.stderr}`);
  return run;
}

/** Parses a run's stdout as JSON, failing with the whole run when it is not. */
export function jsonOf<T>(run: CliRun): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(
      `stdout is not JSON (exit ${String(run.code)}): ${run.stdout}\nstderr: ${run.stderr}`,
    );
  }
}

/**
 * Every file under `dir` with its content, keyed by `/`-separated relative path; outside .git
 * and `.agent-memory/cache/`, the derived facts any read may refresh (they are never the
 * memory's content: deleting them changes no answer).
 */
export async function readTree(dir: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {};
  const walk = async (folder: string): Promise<void> => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name === ".git") continue;
      const path = join(folder, entry.name);
      if (relative(dir, path).split("\\").join("/") === ".agent-memory/cache") continue;
      if (entry.isDirectory()) await walk(path);
      else tree[relative(dir, path).split("\\").join("/")] = await readFile(path, "utf8");
    }
  };
  await walk(dir);
  return tree;
}

/** Copies a fixture folder into the sandbox. */
export async function copyFixture(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true });
}
