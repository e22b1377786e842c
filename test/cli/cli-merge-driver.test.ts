/**
 * Issue 35: two clones of one memory change the same files and `memory sync` merges them by
 * meaning through the git merge driver (real git, a bare remote, the driver a real process; each
 * command's first call a real CLI process, the rest in-process): appends
 * to one note, one sentence changed on both, tiers, a session log (one synced journal entry:
 * cli-clone-ownership.test.ts). Sync completes without a person and doctor is clean (the one
 * sentence changed on both is kept twice and doctor points at it).
 */
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  succeeded,
  type CliRun,
  type Sandbox,
} from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;

let sandbox: Sandbox;
let a: string;
let b: string;

let cli: ReturnType<typeof firstOfEachSpawned>;
/**
 * `memory <args> --root <clone>`: each command's first call a real process, then in-process
 * (git runs the merge driver, dist/cli.js, as its own process either way).
 */
const run = (clone: string, args: readonly string[]) => cli([...args, "--root", clone]);
const sync = (clone: string) =>
  run(clone, ["sync", "--llm-cmd", llmCmd, "--defrag-every", "999999", "--json"]);
/** Both clones synced until they hold the same commit: A, B, then A again. */
async function syncBoth(): Promise<CliRun[]> {
  const runs = [await sync(a), await sync(b), await sync(a)];
  return runs;
}
const noteFile = async (clone: string, id: string) => {
  for (const folder of ["inbox", "topics", "archive"]) {
    const names = await readdir(join(clone, folder)).catch(() => [] as string[]);
    const name = names.find((n) => n.includes(id));
    if (name !== undefined) return readFile(join(clone, folder, name), "utf8");
  }
  return "";
};
const capture = async (clone: string, title: string, body: string) =>
  jsonOf<{ note: { id: string } }>(
    await run(clone, ["capture", title, "--body", body, "--status", "active", "--json"]),
  ).note.id;

beforeAll(async () => {
  sandbox = await createSandbox();
  cli = firstOfEachSpawned(sandbox);
  const remote = join(sandbox.dir, "remote.git");
  a = join(sandbox.dir, "a");
  b = join(sandbox.dir, "b");
  await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, a]);
  succeeded(await run(a, ["init"]));
  succeeded(await sync(a));
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, b]);
  succeeded(await sync(b));
}, scaledMs(120_000));
afterAll(() => sandbox.cleanup());

const session = (n: number, time: string, what: string) =>
  `## session ${n} (${time} UTC)\n\n### what\n${what}\n\n### why\nit was due\n\n### how\nby hand\n`;

async function expectSettled(runs: readonly CliRun[]): Promise<void> {
  expect(runs.filter((r) => r.code !== 0).map((r) => r.stderr)).toEqual([]);
  const heads = await Promise.all([a, b].map((c) => sandbox.git(c, ["rev-parse", "HEAD"])));
  expect(heads[0]).toBe(heads[1]);
  for (const clone of [a, b]) {
    expect(await readdir(join(clone, ".git"))).not.toContain("MERGE_HEAD");
    expect(await sandbox.git(clone, ["status", "--porcelain"])).toBe("");
  }
}

describe("memory sync with the merge driver (two clones)", { timeout: scaledMs(400_000) }, () => {
  it("init commits the .gitattributes rules and sets the clone's driver; doctor is clean", async () => {
    expect(await sandbox.git(a, ["ls-files", ".gitattributes"])).toBe(".gitattributes\n");
    for (const clone of [a, b]) {
      const driver = await sandbox.git(clone, ["config", "--get", "merge.agent-memory.driver"]);
      expect(driver).toMatch(/ merge-driver %O %A %B %P\n$/);
      expect(await run(clone, ["doctor"])).toMatchObject({ code: 0 });
    }
  });

  it("keeps both clones' appends to one note", async () => {
    const id = await capture(a, "Deploys", "We deploy on Mondays.");
    await expectSettled(await syncBoth());
    succeeded(await run(a, ["edit", id, "--append", "The VPN is needed."]));
    succeeded(await run(b, ["edit", id, "--append", "Igor reviews the release."]));
    await expectSettled(await syncBoth());
    for (const clone of [a, b]) {
      expect(await noteFile(clone, id)).toBe(
        "# Deploys\n\nWe deploy on Mondays.\n\nIgor reviews the release.\n\nThe VPN is needed.\n",
      );
      expect(await run(clone, ["doctor"])).toMatchObject({ code: 0 });
    }
  });

  it("keeps the same sentence changed on both clones as two marked versions, which doctor reports", async () => {
    const id = await capture(a, "Standup", "Standup is at 9.");
    await expectSettled(await syncBoth());
    succeeded(await run(a, ["edit", id, "--replace", "at 9", "--with", "at 10"]));
    succeeded(await run(b, ["edit", id, "--replace", "at 9", "--with", "at 11"]));
    await expectSettled(await syncBoth());
    const text = await noteFile(b, id);
    expect(text).toContain("Standup is at 10.");
    expect(text).toContain("Standup is at 11.");
    expect(text).toContain("> [!conflict] Version 1 of 2");
    expect(text).not.toContain("<<<<<<<");
    const doctor = await run(b, ["doctor", "--json"]);
    const kinds = jsonOf<{ findings: { kind: string }[] }>(doctor).findings.map((f) => f.kind);
    expect(kinds).toEqual(["merge-versions"]);
    // A person keeps one version: doctor is clean again.
    const file = (await readdir(join(b, "topics"))).find((n) => n.includes(id)) ?? "";
    await writeFile(join(b, "topics", file), "# Standup\n\nStandup is at 10.\n");
    await expectSettled(await syncBoth());
    expect(await run(a, ["doctor"])).toMatchObject({ code: 0 });
  });

  it("merges the tiers changed on both clones as sets", async () => {
    const one = await capture(a, "Tier one", "One.");
    const two = await capture(a, "Tier two", "Two.");
    await expectSettled(await syncBoth());
    succeeded(await run(a, ["tier", one, "hot"]));
    succeeded(await run(b, ["tier", two, "warm"]));
    await expectSettled(await syncBoth());
    const index = await readFile(join(b, "index.md"), "utf8");
    expect(index).toMatch(new RegExp(`## Hot\\n\\n- \\[\\[${one}\\|Tier one\\]\\]`));
    expect(index).toMatch(new RegExp(`## Warm\\n\\n- \\[\\[${two}\\|Tier two\\]\\]`));
    expect(await run(b, ["doctor"])).toMatchObject({ code: 0 });
  });

  it("keeps the sessions both clones appended to one session log", async () => {
    const path = "sessions/2026/11/27/agent0.md";
    await mkdir(join(a, "sessions/2026/11/27"), { recursive: true });
    await writeFile(join(a, path), session(1, "08:00", "started"));
    await expectSettled(await syncBoth());
    await writeFile(
      join(a, path),
      `${session(1, "08:00", "started")}\n${session(2, "10:00", "clone a")}`,
    );
    await writeFile(
      join(b, path),
      `${session(1, "08:00", "started")}\n${session(2, "09:00", "clone b")}`,
    );
    await expectSettled(await syncBoth());
    expect(await readFile(join(a, path), "utf8")).toBe(
      `${session(1, "08:00", "started")}\n${session(2, "09:00", "clone b")}\n${session(3, "10:00", "clone a")}`,
    );
  });
});
