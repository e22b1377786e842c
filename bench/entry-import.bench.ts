/**
 * Cold import of each built entry point in a fresh node process, beside `node -e 0` measured
 * in the same run: what a CLI call, a hook or a host pays before doing anything.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { medianMs, report } from "./measure.js";

const repo = resolve(import.meta.dirname, "..");

/** The subpath entries, as built by tsup into dist/. */
const ENTRIES: ReadonlyArray<readonly [string, string]> = [
  ["agent-memory", "dist/index.js"],
  ["agent-memory/notes", "dist/notes.js"],
  ["agent-memory/adapters", "dist/adapters.js"],
  ["agent-memory/adapters/in-memory", "dist/adapters/in-memory.js"],
  ["agent-memory/adapters/isomorphic-git", "dist/adapters/isomorphic-git.js"],
  ["agent-memory/format", "dist/format.js"],
  ["agent-memory/lifecycle", "dist/lifecycle.js"],
  ["agent-memory/migrate", "dist/migrate.js"],
  ["agent-memory/testing", "dist/testing.js"],
  ["agent-memory/mcp", "dist/mcp.js"],
];

function nodeRun(args: readonly string[]): void {
  execFileSync(process.execPath, args, { stdio: "ignore" });
}

export async function benchEntryImports(runs = 9): Promise<void> {
  if (!existsSync(resolve(repo, "dist/index.js"))) {
    execFileSync("npx", ["tsup"], { cwd: repo, stdio: "ignore" });
  }
  console.log("\n## Cold import of each entry point (fresh node process)");
  const bare = await medianMs(() => nodeRun(["-e", "0"]), runs);
  for (const [name, file] of ENTRIES) {
    const url = pathToFileURL(resolve(repo, file)).href;
    const ms = await medianMs(
      () => nodeRun(["--input-type=module", "-e", `await import(${JSON.stringify(url)});`]),
      runs,
    );
    report(`cold import ${name}`, ms, "node -e 0", bare);
  }
}
