/**
 * The CLI tests run the built executable, so build it first when dist/cli.js is missing or
 * older than a file under src/ (a stale build would test yesterday's code). Once per run.
 * Only the CLI entry is built, with tsup.config.ts (so chunks and bundled packages are those
 * shipped) but no type declarations and no clean (dist/index.* untouched): a second or two,
 * where the full build takes many, since this runs before every test run.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const repo = resolve(import.meta.dirname, "../..");

/** The newest modification time under `dir`, in ms. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function builtAt(): number {
  try {
    return statSync(join(repo, "dist/cli.js")).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The daemons of this checkout's CLI (`dist/cli.js ... daemon run`) that a test started after
 * `sinceMs` (their environment carries the sandbox's marker or vitest's own variable, so a
 * benchmark's or a user's daemon on the same build is left alone), by pid; read from /proc,
 * so empty where there is none (macOS).
 */
function daemonsStartedSince(sinceMs: number): number[] {
  const cli = join(repo, "dist/cli.js");
  let bootSeconds: number;
  let pids: string[];
  try {
    bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1]);
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of pids) {
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const at = args.indexOf(cli);
      if (at < 0 || args[at + 1] !== "daemon" || args[at + 2] !== "run") continue;
      const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (!environment.some((entry) => /^(AGENT_MEMORY_TEST_SANDBOX|VITEST)=/.test(entry))) {
        continue;
      }
      // Field 22 of stat, after the parenthesised command name: start time in clock ticks
      // (100 a second on Linux) since boot.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      const startedMs = (bootSeconds + Number(fields[19]) / 100) * 1000;
      if (startedMs >= sinceMs - 1_000) found.push(Number(pid));
    } catch {
      // Exited meanwhile.
    }
  }
  return found;
}

/**
 * Builds dist/cli.js with tsup when it is missing or stale. Returns the teardown, which fails
 * the run when a daemon a test started is still running (a read call starts one on demand
 * unless AGENT_MEMORY_DAEMON=0, which the sandbox sets), after ending it.
 */
export default function setup(): () => void {
  const startedAt = Date.now();
  const teardown = (): void => {
    const left = daemonsStartedSince(startedAt);
    if (left.length === 0) return;
    for (const pid of left) {
      try {
        process.kill(pid);
      } catch {
        // Gone meanwhile.
      }
    }
    // vitest reports an error thrown here and still exits 0: the exit code is set instead.
    console.error(
      `The tests left ${left.length} memory daemon(s) running (pid ${left.join(", ")}; now ended): a test that runs the CLI must stop what it starts, or set AGENT_MEMORY_DAEMON=0.`,
    );
    process.exitCode = 1;
  };
  if (builtAt() >= newestMtime(join(repo, "src"))) return teardown;
  try {
    // The project's own config (so the CLI is bundled as shipped), told to build the CLI alone.
    execFileSync("npx", ["tsup"], {
      cwd: repo,
      stdio: "pipe",
      env: { ...process.env, AGENT_MEMORY_BUILD: "cli" },
    });
  } catch (cause) {
    // Never block the other suites: the CLI tests fail on their own with the build's output.
    const output =
      typeof cause === "object" && cause !== null && "stderr" in cause
        ? String(cause.stderr)
        : String(cause);
    console.warn(`Could not build dist/cli.js for the CLI tests:\n${output}`);
  }
  return teardown;
}
