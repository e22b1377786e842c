/**
 * Issue 13, item 1: a sync that fails after a step applied says what it applied (a merge, a
 * commit) and which step failed, in its message and in `--json`; never a bare "failed".
 * Real git, a bare remote that refuses pushes or disappears while the sync runs.
 */
import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const IDENTITY = ["-c", "user.name=Other", "-c", "user.email=other@example.com"];

interface SyncFailure {
  readonly error: {
    readonly code: string;
    readonly step: string;
    readonly message: string;
    readonly done?: { pulled?: string; consolidation?: { commit: string | null } };
  };
}

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let remote: string;
let root: string;
let other: string;
const llmCmd = (script: string) => `${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`;

beforeEach(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  remote = join(sandbox.dir, "remote.git");
  root = join(sandbox.dir, "work");
  other = join(sandbox.dir, "other");
  await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, root]);
  succeeded(await memoryCli(["init"], { cwd: root }));
  succeeded(await memoryCli(["sync", "--llm-cmd", llmCmd(fixture)], { cwd: root }));
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, other]);
  // The remote moves on: another clone adds a note.
  await mkdir(join(other, "inbox"), { recursive: true });
  await writeFile(join(other, "inbox", "from-other id__Oth3r1.md"), "# From other\n");
  await sandbox.git(other, ["add", "-A"]);
  await sandbox.git(other, [...IDENTITY, "commit", "-q", "-m", "other"]);
  await sandbox.git(other, ["push", "-q"]);
});
afterEach(() => sandbox.cleanup());

const mergeHead = () =>
  sandbox.git(root, ["rev-parse", "-q", "--verify", "MERGE_HEAD"]).catch(() => "");

describe("a sync that fails after a step applied", () => {
  it("pull merged, push refused: the report says merged, and push failed", async () => {
    const hook = join(remote, "hooks", "pre-receive");
    await writeFile(hook, "#!/bin/sh\necho 'pushes are closed' >&2\nexit 1\n");
    await chmod(hook, 0o755);
    const run = await memoryCli(["sync", "--llm-cmd", llmCmd(fixture), "--json"], { cwd: root });
    expect(run.code).toBe(1);
    const { error } = jsonOf<SyncFailure>(run);
    expect(error).toMatchObject({ code: "PIPELINE", step: "push", done: { pulled: "merged" } });
    expect(run.stderr).toMatch(
      /^memory: The sync stopped at push: .*pushes are closed.*\)\. Applied before it, and kept: merged the remote's commits[;.].* The commits are safe locally/,
    );
    expect(await readFile(join(root, "inbox", "from-other id__Oth3r1.md"), "utf8")).toBe(
      "# From other\n",
    );
    expect(await mergeHead()).toBe("");
    expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");
  });

  it("the remote disappears during consolidation: merged and consolidated, push failed", async () => {
    succeeded(
      await memoryCli(["journal", "add", "--harness", "manual", "--note", "a fact"], {
        cwd: root,
      }),
    );
    // The model command moves the remote away, then answers.
    const script = join(sandbox.dir, "llm-then-remote-gone.mjs");
    await writeFile(
      script,
      `import { renameSync } from "node:fs";\n` +
        `try { renameSync(${JSON.stringify(remote)}, ${JSON.stringify(`${remote}.gone`)}); } catch {}\n` +
        `await import(${JSON.stringify(pathToFileURL(fixture).href)});\n`,
    );
    const run = await memoryCli(["sync", "--llm-cmd", llmCmd(script), "--json"], { cwd: root });
    expect(run.code).toBe(1);
    const { error } = jsonOf<SyncFailure>(run);
    expect(error).toMatchObject({ step: "push", done: { pulled: "merged" } });
    const consolidated = error.done?.consolidation?.commit ?? "";
    expect(consolidated).toMatch(/^[0-9a-f]{40}$/);
    expect(run.stderr).toContain(
      `merged the remote's commits; consolidated (${consolidated.slice(0, 7)})`,
    );
    expect((await sandbox.git(root, ["log", "--format=%H"])).split("\n")).toContain(consolidated);
    // Back online, the next sync pushes what the failed one kept.
    await rename(`${remote}.gone`, remote);
    succeeded(await memoryCli(["sync", "--llm-cmd", llmCmd(fixture)], { cwd: root }));
    expect(await sandbox.git(remote, ["log", "--format=%H"])).toContain(consolidated);
  });
});
