/**
 * Timestamps for every note in one history walk, with each git adapter, against native
 * `git log --name-status` on the same repository.
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { join } from "node:path";
import { gitCli } from "../src/adapters/git-cli/git-cli.js";
import { isomorphicGit } from "../src/adapters/isomorphic-git/isomorphic-git.js";
import { medianMs, report } from "./measure.js";
import { syntheticNotes, writeHistory } from "./synthetic-memory.js";

/** Runs the benchmark in `workDir` with `count` notes and `commits` commits. */
export async function benchTimestamps(
  workDir: string,
  count: number,
  commits: number,
): Promise<void> {
  const root = join(workDir, `timestamps-${count}-${commits}`);
  const notes = syntheticNotes(count, 11);
  writeHistory(root, notes, commits);

  const native = await medianMs(() =>
    execFileSync("git", ["-C", root, "log", "--format=%H %at", "--name-status", "--no-renames"], {
      maxBuffer: 1 << 30,
    }),
  );
  const expectIds = (size: number) => {
    if (size < count) throw new Error(`expected ${count} ids, got ${size}`);
  };
  // A fresh adapter per run, persistTimestamps off: every run walks the whole history
  // (otherwise every run after the first reads the walk the first one saved in the git dir;
  // that case and the adapter's in-memory cache are measured separately below).
  const cliMs = await medianMs(async () => {
    const times = await gitCli({ dir: root, persistTimestamps: false }).timestamps();
    if (times.isErr()) throw times.error;
    expectIds(times.value.size);
  });
  report(
    `gitCli timestamps, ${count} notes / ${commits} commits (first call)`,
    cliMs,
    "git log --name-status",
    native,
  );

  // persistTimestamps off: every run walks, instead of reading the file the first run saved.
  const isoMs = await medianMs(
    async () => {
      const times = await isomorphicGit({ fs, dir: root, persistTimestamps: false }).timestamps();
      if (times.isErr()) throw times.error;
      expectIds(times.value.size);
    },
    3,
    0,
  );
  report(
    `isomorphicGit timestamps, ${count} notes / ${commits} commits (first call)`,
    isoMs,
    "git log --name-status",
    native,
    // Issue 16's target, for 2,000 notes x 1,000 commits (11.5 s before the walk was rewritten).
    "<= 1 s",
  );

  // The second process: a new adapter whose first call finds the walk saved in the git dir.
  for (const [name, adapter] of [
    ["gitCli", () => gitCli({ dir: root })],
    ["isomorphicGit", () => isomorphicGit({ fs, dir: root })],
  ] as const) {
    await adapter().timestamps();
    const persistedMs = await medianMs(async () => {
      const times = await adapter().timestamps();
      if (times.isErr()) throw times.error;
      expectIds(times.value.size);
    });
    report(
      `${name} timestamps, new adapter after a persisted walk (second process)`,
      persistedMs,
      "git log --name-status",
      native,
    );
  }

  for (const [name, git] of [
    ["gitCli", gitCli({ dir: root })],
    ["isomorphicGit", isomorphicGit({ fs, dir: root })],
  ] as const) {
    await git.timestamps();
    const again = await medianMs(async () => {
      const times = await git.timestamps();
      if (times.isErr()) throw times.error;
    });
    report(
      `${name} timestamps again, same HEAD (cached walk)`,
      again,
      "git log --name-status",
      native,
    );
  }
}
