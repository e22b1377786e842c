/**
 * Issue 35: the multi-clone harness. A bare remote on disk and 8 clones, each a loop of real
 * `memory` processes (capture, append to its own note and to one note every clone shares,
 * rename, tier, queue a journal entry) and `memory sync` with a stand-in model that
 * consolidates each entry into a note. Clones run their loops concurrently, two at a time
 * (the machine is shared). Then two rounds of syncs, and the checks: every clone at one commit
 * with one tree, every sentence written anywhere present exactly once, no duplicate id, no
 * conflict marker (raw or `> [!conflict]`), every journal entry consumed once, `git fsck`
 * clean, no lock and no MERGE_HEAD. `CONCURRENCY_FULL=1` runs more rounds.
 */
import { readFile, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSandbox, jsonOf, succeeded, type CliRun, type Sandbox } from "./cli-harness.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;
const CLONES = 8;
const ROUNDS = process.env["CONCURRENCY_FULL"] === "1" ? 6 : 2;
const AT_ONCE = 2;

let sandbox: Sandbox;
afterAll(() => sandbox.cleanup());

const figures = {
  operations: 0,
  syncs: 0,
  syncsStopped: 0,
  marked: 0,
  stopReasons: [] as string[],
};

async function pool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

describe("8 clones of one memory", { timeout: 1_800_000 }, () => {
  it("converge to one tree with every sentence once and nothing left to a person", async () => {
    const started = Date.now();
    sandbox = await createSandbox();
    const remote = join(sandbox.dir, "remote.git");
    const clones = Array.from({ length: CLONES }, (_, k) => join(sandbox.dir, `clone${k}`));
    const run = (clone: string, args: readonly string[]) => sandbox.cli([...args, "--root", clone]);
    const op = async (clone: string, args: readonly string[]) => {
      figures.operations++;
      return succeeded(await run(clone, args));
    };
    const sync = async (clone: string, mustPass: boolean): Promise<CliRun> => {
      figures.syncs++;
      const ran = await run(clone, [
        "sync",
        "--llm-cmd",
        llmCmd,
        "--defrag-every",
        "999999",
        "--json",
      ]);
      if (ran.code !== 0) {
        figures.syncsStopped++;
        figures.stopReasons.push(ran.stdout.slice(0, 300) + ran.stderr.slice(0, 300));
        if (mustPass) throw new Error(`sync failed in ${clone}: ${ran.stdout}${ran.stderr}`);
      } else {
        figures.marked += jsonOf<{ marked: unknown[] }>(ran).marked.length;
      }
      return ran;
    };
    await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
    const [first = ""] = clones;
    await sandbox.git(sandbox.dir, ["clone", "-q", remote, first]);
    succeeded(await run(first, ["init"]));
    const shared = jsonOf<{ note: { id: string } }>(
      await op(first, [
        "capture",
        "Shared",
        "--body",
        "Every clone appends here.",
        "--status",
        "active",
        "--json",
      ]),
    ).note.id;
    await sync(first, true);
    for (const clone of clones.slice(1)) {
      await sandbox.git(sandbox.dir, ["clone", "-q", remote, clone]);
      await sync(clone, true);
    }

    const sentences: string[] = ["Every clone appends here."];
    const entries: string[] = [];
    await pool(clones, AT_ONCE, async (clone) => {
      const k = clones.indexOf(clone);
      const own = jsonOf<{ note: { id: string } }>(
        await op(clone, [
          "capture",
          `Clone ${k} notes`,
          "--body",
          `Clone ${k} started.`,
          "--status",
          "active",
          "--json",
        ]),
      ).note.id;
      sentences.push(`Clone ${k} started.`);
      for (let round = 0; round < ROUNDS; round++) {
        const mine = `Clone ${k} wrote line ${round}.`;
        await op(clone, ["edit", own, "--append", mine]);
        const common = `Clone ${k} added to the shared note in round ${round}.`;
        await op(clone, ["edit", shared, "--append", common]);
        sentences.push(mine, common);
        await op(clone, ["rename", own, `Clone ${k} notes, round ${round}`]);
        await op(clone, ["tier", own, round % 2 === 0 ? "hot" : "warm"]);
        const entry = (
          await op(clone, [
            "journal",
            "add",
            "--harness",
            "manual",
            "--note",
            `clone ${k} round ${round}`,
          ])
        ).stdout.trim();
        entries.push(entry);
        await sync(clone, false);
      }
    });
    for (let final = 0; final < 2; final++) for (const clone of clones) await sync(clone, true);

    // One commit, one tree, everywhere; the remote at it too.
    const heads = await Promise.all(clones.map((c) => sandbox.git(c, ["rev-parse", "HEAD"])));
    expect(new Set(heads).size).toBe(1);
    expect(await sandbox.git(remote, ["rev-parse", "main"])).toBe(heads[0]);
    const notes = new Map<string, string>();
    for (const folder of ["inbox", "topics", "archive"]) {
      for (const name of await readdir(join(first, folder)).catch(() => [] as string[])) {
        if (name.endsWith(".md"))
          notes.set(`${folder}/${name}`, await readFile(join(first, folder, name), "utf8"));
      }
    }
    const ids = [...notes.keys()].map((path) => /id__[0-9A-Za-z]{6}/.exec(path)?.[0]);
    expect(ids.length).toBe(new Set(ids).size);
    const all = [...notes.values()].join("\n");
    const counts = sentences.map((sentence) => [sentence, all.split(sentence).length - 1] as const);
    expect(counts.filter(([, count]) => count !== 1)).toEqual([]);
    expect(all).not.toMatch(/^(<<<<<<<|>>>>>>>|=======)/m);
    expect(all).not.toContain("> [!conflict]");
    for (const entry of entries) {
      const done = JSON.parse(
        await readFile(join(first, "journal", "done", `${entry}.json`), "utf8"),
      );
      expect(done.consolidated.also).toBeUndefined();
    }
    for (const clone of clones) {
      expect(await sandbox.git(clone, ["status", "--porcelain"])).toBe("");
      await sandbox.git(clone, ["fsck", "--no-progress"]);
      expect(await readdir(join(clone, ".git"))).not.toContain("MERGE_HEAD");
      expect(await readdir(join(clone, ".git"))).not.toContain("index.lock");
      const locks = (
        await readdir(join(clone, ".agent-memory")).catch(() => [] as string[])
      ).filter((name) => name.endsWith(".lock"));
      expect(locks).toEqual([]);
    }
    // The figures docs/concurrency.md records.
    process.stdout.write(
      `many clones: ${CLONES} clones x ${ROUNDS} rounds, ${figures.operations} operations, ` +
        `${figures.syncs} syncs (${figures.syncsStopped} stopped and retried later), ` +
        `${entries.length} journal entries consumed once, ${notes.size} notes, ` +
        `${figures.marked} places marked for a person, ${Math.round((Date.now() - started) / 1000)} s\n` +
        figures.stopReasons.map((reason) => `  stopped: ${reason.replace(/\s+/g, " ")}\n`).join(""),
    );
  });
});
