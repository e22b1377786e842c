import { readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunReport } from "../../src/lifecycle/run/run-lifecycle.js";
import { createSandbox, firstOfEachSpawned, jsonOf, type Sandbox } from "./cli-harness.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;
const IDENTITY = ["-c", "user.name=Other", "-c", "user.email=other@example.com"];

let sandbox: Sandbox;
/** The bare remote, the memory (a clone of it) and the AGENTS.md beside the clone. */
let remote: string;
let root: string;
let agentsMd: string;
let cli: ReturnType<typeof firstOfEachSpawned>;
/** `memory <args>` run from inside the memory root: each command's first call a real process. */
const inRoot = (args: readonly string[]) => cli(args, { cwd: root });

beforeAll(async () => {
  sandbox = await createSandbox();
  cli = firstOfEachSpawned(sandbox);
  remote = join(sandbox.dir, "remote.git");
  root = join(sandbox.dir, "work");
  agentsMd = join(sandbox.dir, "AGENTS.md");
  await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, root]);
  const init = await inRoot(["init"]);
  if (init.code !== 0) throw new Error(`memory init failed: ${init.stderr}`);
});
afterAll(() => sandbox.cleanup());

describe("memory sync", () => {
  it("consolidates, defrags when due, writes AGENTS.md, commits and pushes", async () => {
    const entry = (
      await inRoot(["journal", "add", "--harness", "manual", "--note", "deploys need the VPN"])
    ).stdout.trim();
    await writeFile(agentsMd, "# Rules\n\nRun the tests.\n");
    const run = await inRoot([
      "sync",
      "--llm-cmd",
      llmCmd,
      "--agents-md",
      "../AGENTS.md",
      "--defrag-every",
      "1",
      "--timeout",
      "60",
    ]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const [id] = await readdir(join(root, "topics"));
    const noteId = /id__\w{6}/.exec(id ?? "")?.[0] ?? "";
    const log = async (dir: string) =>
      (await sandbox.git(dir, ["log", "--format=%H %s"])).trim().split("\n");
    const local = await log(root);
    // The pending journal entry is committed first (journal add does not commit), then moved.
    expect(local.map((line) => line.slice(41))).toEqual([
      "memory: sync (lifecycle state, AGENTS.md)",
      "memory: defrag (0 actions)",
      "memory: consolidate 1 journal entry",
      "memory: changes made outside the library",
      "memory: init",
    ]);
    const hash = (subject: string) => local.find((line) => line.endsWith(subject))?.slice(0, 7);
    expect(run.stdout).toBe(
      [
        "Pull: nothing to pull (no remote, or the remote has no such branch yet).",
        "Consolidated 1 journal entry.",
        "Created 1 note:",
        `  ${noteId}  A fact`,
        `Committed ${hash("consolidate 1 journal entry")}.`,
        "Defrag:",
        "  Defragmented: 0 actions applied.",
        "  Hot tier (1):",
        `    ${noteId}  A fact`,
        "  Warm tier: none.",
        "  Snapshot before defrag: none needed, nothing was uncommitted.",
        `  Committed ${hash("defrag (0 actions)")}.`,
        "AGENTS.md: updated ../AGENTS.md (1 note inlined, 0 listed).",
        `Sync commit: ${hash("sync (lifecycle state, AGENTS.md)")}.`,
        "Push: pushed.",
        "",
      ].join("\n"),
    );
    expect(await readdir(join(root, "journal/pending"))).toEqual([]);
    expect(await readdir(join(root, "journal/done"))).toEqual([`${entry}.json`]);
    const written = await readFile(agentsMd, "utf8");
    expect(written).toMatch(
      /^# Rules\n\nRun the tests\.\n\n<!-- agent-memory:start -->\n[\s\S]*### A fact\n[\s\S]*Deploys need the VPN\.[\s\S]*<!-- agent-memory:end -->\n$/,
    );
    // The remote has every commit of the run.
    expect(await log(remote)).toEqual(local);
    expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");

    // Again, with nothing pending: defrag is not due, AGENTS.md is left alone.
    const again = jsonOf<RunReport>(
      await inRoot(["sync", "--llm-cmd", llmCmd, "--agents-md", agentsMd, "--json"]),
    );
    expect(again).toMatchObject({
      pulled: "up-to-date",
      defrag: null,
      agentsMd: [{ written: false, path: agentsMd }],
      commit: null,
      pushed: "pushed",
    });
    expect(again.consolidation.consumed).toEqual([]);
    expect(await readFile(agentsMd, "utf8")).toBe(written);
  });

  it("refuses a bad schedule as bad usage", async () => {
    const run = await inRoot(["sync", "--llm-cmd", llmCmd, "--defrag-every", "0"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^memory: --defrag-every takes a whole number from 1/);
  });

  // An edit against a deletion never reaches the merge driver (issue 35): git stops, and so
  // does the sync, with nothing half done.
  it("stops at a pull conflict: exit 1 naming the step, the merge aborted", async () => {
    const other = join(sandbox.dir, "other");
    await sandbox.git(sandbox.dir, ["clone", "-q", remote, other]);
    await sandbox.git(other, ["rm", "-q", "index.md"]);
    await sandbox.git(other, [...IDENTITY, "commit", "-q", "-m", "theirs"]);
    await sandbox.git(other, ["push", "-q"]);
    await writeFile(join(root, "index.md"), "# Index, ours\n");

    const run = await inRoot(["sync", "--llm-cmd", llmCmd]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    const lines = run.stderr.split("\n").filter((line) => line !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^memory: The sync stopped at pull: .*conflicts in index\.md/);
    // The hand edit was committed first and is still there; no merge is left half done.
    expect(await readFile(join(root, "index.md"), "utf8")).toBe("# Index, ours\n");
    expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");
    expect((await sandbox.git(root, ["log", "-1", "--format=%s"])).trim()).toBe(
      "memory: changes made outside the library",
    );
  });
});
