/**
 * Cold CLI calls answered by the daemon, this build against a baseline build of the CLI (an
 * earlier commit built elsewhere), on two copies of one memory of LoCoMo prose, each served
 * by its own build's daemon, calls turn about. Issue 28 made the client read the daemon's
 * card and check a proof on every call: this says what that costs.
 *
 * Run: `npx tsx bench/daemon-client.bench.ts <baseline dist/cli.js> [count]`.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { alternatingMediansMs, report } from "./measure.js";
import { hasLocomo, proseNotes } from "./prose-notes.js";
import { writeNotes } from "./synthetic-memory.js";

const cli = resolve(import.meta.dirname, "../dist/cli.js");
const RUNS = 7;

async function main(): Promise<void> {
  const [baseline, countText = "2000"] = process.argv.slice(2);
  if (baseline === undefined || !hasLocomo()) {
    console.log(
      "usage: npx tsx bench/daemon-client.bench.ts <baseline dist/cli.js> [count] (needs LoCoMo)",
    );
    return;
  }
  const count = Number(countText);
  const work = mkdtempSync(join(tmpdir(), "daemon-client-bench-"));
  const env = { ...process.env, HOME: work, GIT_CONFIG_NOSYSTEM: "1", AGENT_MEMORY_ROOT: "" };
  try {
    const notes = proseNotes(count, 0);
    const ours = join(work, "ours");
    writeNotes(ours, notes);
    for (const folder of ["inbox", "archive"]) mkdirSync(join(ours, folder), { recursive: true });
    writeFileSync(join(ours, "index.md"), "# Index\n");
    execFileSync("git", ["init", "-q", ours], { env });
    const theirs = join(work, "theirs");
    cpSync(ours, theirs, { recursive: true });
    const id = notes[Math.floor(count / 3)]?.id ?? "";
    const run = (build: string, root: string, args: readonly string[]) => () =>
      execFileSync(process.execPath, [build, ...args, "--root", root], { env, stdio: "ignore" });
    run(cli, ours, ["daemon", "start"])();
    run(baseline, theirs, ["daemon", "start"])();
    try {
      console.log(`\n## Cold calls through the daemon, ${count} notes, median of ${RUNS}`);
      for (const args of [["show", id], ["list"], ["search", "adoption", "agency"]]) {
        const [ms = 0, baseMs = 0, bareMs = 0] = await alternatingMediansMs(
          [
            run(cli, ours, args),
            run(baseline, theirs, args),
            () => execFileSync(process.execPath, ["-e", "0"]),
          ],
          RUNS,
        );
        report(`memory ${args[0]} via daemon, this build`, ms, "baseline build", baseMs);
        report(`memory ${args[0]} via daemon, this build`, ms, "node -e 0", bareMs);
      }
    } finally {
      run(cli, ours, ["daemon", "stop"])();
      run(baseline, theirs, ["daemon", "stop"])();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
