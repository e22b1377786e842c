/**
 * The CLI tests run the built executable, so build it first when dist/cli.js is missing or
 * older than a file under src/ (a stale build would test yesterday's code). Once per run.
 * Only the CLI entry is built, with tsup.config.ts (so chunks and bundled packages are those
 * shipped) but no type declarations and no clean (dist/index.* untouched): a second or two,
 * where the full build takes many, since this runs before every test run.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
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

/** Builds dist/cli.js with tsup when it is missing or stale. */
export default function setup(): void {
  if (builtAt() >= newestMtime(join(repo, "src"))) return;
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
}
