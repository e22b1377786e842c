/**
 * The fault points of the sync sweep (sync-sweep.test.ts): scripts that a real `memory sync`
 * process and the git it runs call at each write, so a test can stop the whole run dead at
 * the k-th one. Git's writes are reached through its hooks (every ref update, prepared and
 * committed, through `reference-transaction`; the commit and merge hooks; pre-push); the merge
 * driver's own writes (its temporary file of %A, the rename over %A) through a module
 * preloaded into the driver's node process. Each point appends its name to `state/log` beside
 * the clone (`<clone>/../state`, so one copy of the scripts serves every copy of the world);
 * when its line number is `state/k`, it fires in `state/mode`:
 *
 * - **dead**: the sync process (pid in `state/cli.pid`) and git's whole process group (git,
 *   the hook, the driver) are killed with SIGKILL there: power lost, an OOM kill;
 * - **git-killed**: git's process group alone is killed: the sync process sees git die and
 *   goes on as it does;
 * - **torn** (the driver's temporary-file write only): the write gets half its bytes on disk,
 *   then everything dies as in "dead".
 */
import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** How the k-th point goes wrong. */
export type SyncFaultMode = "dead" | "git-killed" | "torn";

/** Git hooks that run at or around a write of a commit, a merge, a fetch or a push. */
const HOOKS = [
  "pre-commit",
  "prepare-commit-msg",
  "commit-msg",
  "post-commit",
  "pre-merge-commit",
  "post-merge",
  "pre-push",
] as const;

/** The point script (sh): `$1` is the point's name; cwd is the clone's work tree. */
const POINT = `state="$PWD/../state"
[ -d "$state" ] || exit 0
echo "$1" >> "$state/log"
n=$(wc -l < "$state/log" | tr -d ' ')
k=$(cat "$state/k" 2>/dev/null || echo 0)
[ "$n" = "$k" ] || exit 0
mode=$(cat "$state/mode")
echo "$1" > "$state/fired"
if [ "$mode" != git-killed ]; then kill -9 "$(cat "$state/cli.pid")" 2>/dev/null; fi
kill -9 0
`;

/** The preload of the driver's node process: points at its writes of %A. */
const PRELOAD = `import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { join } from "node:path";
const state = join(process.cwd(), "..", "state");
const file = process.argv[process.argv.length - 1];
const real = { writeFile: fs.promises.writeFile, rename: fs.promises.rename };
const read = (name, fallback) => {
  try { return fs.readFileSync(join(state, name), "utf8").trim(); } catch { return fallback; }
};
function point(name) {
  if (!fs.existsSync(state)) return undefined;
  fs.appendFileSync(join(state, "log"), name + "\\n");
  const n = fs.readFileSync(join(state, "log"), "utf8").split("\\n").filter(Boolean).length;
  return String(n) === read("k", "0") ? read("mode", "dead") : undefined;
}
function die(name, mode) {
  fs.writeFileSync(join(state, "fired"), name + "\\n");
  if (mode !== "git-killed") {
    try { process.kill(Number(read("cli.pid", "0")), "SIGKILL"); } catch {}
  }
  process.kill(0, "SIGKILL");
}
fs.promises.writeFile = async (path, data, options) => {
  const name = "driver " + file + ": write the temporary file";
  const mode = point(name);
  if (mode === "torn") {
    const text = String(data);
    fs.writeFileSync(path, text.slice(0, Math.floor(text.length / 2)));
  }
  if (mode !== undefined) die(name, mode);
  return real.writeFile(path, data, options);
};
fs.promises.rename = async (from, to) => {
  const before = "driver " + file + ": rename over %A";
  const mode = point(before);
  if (mode !== undefined) die(before, mode);
  await real.rename(from, to);
  const after = "driver " + file + ": renamed, before exit";
  const then = point(after);
  if (then !== undefined) die(after, then);
};
syncBuiltinESMExports();
`;

async function executable(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  await chmod(path, 0o755);
}

/**
 * Writes the scripts under `dir` and returns what a clone's git config needs to run them:
 * `core.hooksPath` and the merge driver's command (a wrapper, not the plain
 * `memory merge-driver` line, so `memory sync` keeps it instead of setting its own).
 */
export async function writeSyncPoints(
  dir: string,
  cli: string,
): Promise<{ hooksPath: string; driver: string }> {
  const hooksPath = join(dir, "hooks");
  await mkdir(hooksPath, { recursive: true });
  const point = join(dir, "point.sh");
  await writeFile(point, POINT);
  for (const hook of HOOKS)
    await executable(join(hooksPath, hook), `#!/bin/sh\nexec sh '${point}' '${hook}'\n`);
  // The refs being updated name the point; "aborted" is no write.
  await executable(
    join(hooksPath, "reference-transaction"),
    `#!/bin/sh\nrefs=$(awk '{print $3}' | tr '\\n' ' ')\n` +
      `case "$1" in prepared|committed) exec sh '${point}' "ref update $1: $refs" ;; esac\n`,
  );
  const preload = join(dir, "driver-points.mjs");
  await writeFile(preload, PRELOAD);
  const wrapper = join(dir, "driver.sh");
  await writeFile(
    wrapper,
    `exec '${process.execPath}' --import 'file://${preload}' '${cli}' merge-driver "$@"\n`,
  );
  return { hooksPath, driver: `sh '${wrapper}' %O %A %B %P` };
}
