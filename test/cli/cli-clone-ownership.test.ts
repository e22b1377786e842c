/**
 * Issue 35 on real git (a bare remote, two clones, the built CLI): a pending journal entry
 * synced to another clone is consumed only by the clone that queued it (one note, never two),
 * and `memory sync` reports the places the merge driver marked (`> [!conflict]`), in text and
 * in --json, on the clone that merged and on the one that pulled the merge.
 */
import { readFile, readdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;
const ID = ["-c", "user.name=T", "-c", "user.email=t@example.com"];

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let a: string;
let b: string;

const run = (clone: string, args: readonly string[]) => memoryCli([...args, "--root", clone]);
const syncArgs = ["sync", "--llm-cmd", llmCmd, "--defrag-every", "999999"];
interface SyncJson {
  readonly consolidation: { readonly created: string[] };
  readonly marked: { path: string; places: number; lines: number[] }[];
}
const sync = async (clone: string) =>
  jsonOf<SyncJson>(succeeded(await run(clone, [...syncArgs, "--json"])));

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  const remote = join(sandbox.dir, "remote.git");
  a = join(sandbox.dir, "a");
  b = join(sandbox.dir, "b");
  await sandbox.git(sandbox.dir, ["init", "-q", "--bare", "--initial-branch=main", remote]);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, a]);
  succeeded(await run(a, ["init"]));
  await sync(a);
  await sandbox.git(sandbox.dir, ["clone", "-q", remote, b]);
  await sync(b);
}, scaledMs(180_000));
afterAll(() => sandbox.cleanup());

describe("two clones, one memory", { timeout: scaledMs(400_000) }, () => {
  it("a synced pending entry is consumed only by the clone that queued it", async () => {
    const entry = (
      await run(a, ["journal", "add", "--harness", "manual", "--note", "deploys need the VPN"])
    ).stdout.trim();
    // The entry reaches the remote pending (a plain git push, before A consolidates it).
    await sandbox.git(a, ["add", "journal"]);
    await sandbox.git(a, [...ID, "commit", "-q", "-m", "queue an entry"]);
    await sandbox.git(a, ["push", "-q", "origin", "HEAD"]);
    // B pulls it and consolidates (its sync has a model): the entry is A's, left pending.
    const onB = await sync(b);
    const pending = join(b, "journal", "pending", `${entry}.json`);
    expect(JSON.parse(await readFile(pending, "utf8")).queued.clone).toMatch(/^c-[0-9a-f]{16}$/);
    expect(onB.consolidation.created).toEqual([]);
    // A consumes it; B receives the done record.
    const onA = await sync(a);
    expect(onA.consolidation.created).toHaveLength(1);
    const again = await sync(b);
    expect(again.consolidation.created).toEqual([]);
    for (const clone of [a, b]) {
      const done = JSON.parse(
        await readFile(join(clone, "journal", "done", `${entry}.json`), "utf8"),
      );
      expect(done.consolidated.notes).toEqual(onA.consolidation.created);
      expect(done.consolidated.also).toBeUndefined();
      const left = await readdir(join(clone, "journal", "pending")).catch(() => [] as string[]);
      expect(left).not.toContain(`${entry}.json`);
    }
  });

  it("sync reports the places the merge driver marked, in --json and in text", async () => {
    const captured = jsonOf<{ note: { id: string } }>(
      await run(a, [
        "capture",
        "Standup",
        "--body",
        "Standup is at 9.",
        "--status",
        "active",
        "--json",
      ]),
    ).note.id;
    await sync(a);
    await sync(b);
    succeeded(await run(a, ["edit", captured, "--replace", "at 9", "--with", "at 10"]));
    succeeded(await run(b, ["edit", captured, "--replace", "at 9", "--with", "at 11"]));
    expect((await sync(a)).marked).toEqual([]);
    // B merges A's change with its own: the driver keeps both versions and sync says where.
    const onB = await sync(b);
    expect(onB.marked).toHaveLength(1);
    expect(onB.marked[0]).toMatchObject({ places: 1 });
    expect(onB.marked[0]?.path).toMatch(new RegExp(`^topics/.*${captured}\\.md$`));
    const text = await readFile(join(b, onB.marked[0]?.path ?? ""), "utf8");
    expect(text.split("\n")[(onB.marked[0]?.lines[0] ?? 0) - 1]).toMatch(
      /^> \[!conflict\] Version 1 of 2/,
    );
    // A pulls the merge: its sync reports the same place, in text.
    const onA = succeeded(await run(a, syncArgs));
    expect(onA.stdout).toMatch(
      /^Merge: 1 place changed on two clones at once keeps both versions between > \[!conflict\] marks/m,
    );
    expect(onA.stdout).toContain(onB.marked[0]?.path);
    // Nothing new since: the next sync reports nothing.
    expect((await sync(b)).marked).toEqual([]);
  });
});
