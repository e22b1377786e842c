/**
 * Issue 35: what git's merge leaves to a person although the note's id says what it is, and
 * what `memory sync` reports it merged by meaning (real git, a bare remote, two clones; each
 * command's first call a real CLI process, the rest in-process, the merge driver always a
 * process git runs). A note renamed to two titles on two clones is one note with one id:
 * one path and title by a rule both clones compute the same, the other title kept as text. A
 * note edited on one clone and deleted on the other is kept as edited (nothing written is
 * lost). Sync lists the files it merged by meaning (`merged`, text and --json); what still
 * stops names the files and the commands that finish it.
 */
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  succeeded,
  type CliRun,
  type Sandbox,
} from "./cli-harness.js";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/sync-llm.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;

let sandbox: Sandbox;
let a: string;
let b: string;

interface Merged {
  readonly path: string;
  readonly kind: string;
  readonly decisions: string[];
}
let cli: ReturnType<typeof firstOfEachSpawned>;
/**
 * `memory <args> --root <clone>`: each command's first call a real process, then in-process
 * (git still runs the merge driver as its own process: dist/cli.js, as configured).
 */
const run = (clone: string, args: readonly string[]) => cli([...args, "--root", clone]);
const sync = (clone: string, json = true) =>
  run(clone, [
    "sync",
    "--llm-cmd",
    llmCmd,
    "--defrag-every",
    "999999",
    ...(json ? ["--json"] : []),
  ]);
const mergedBy = (ran: CliRun) => jsonOf<{ merged: Merged[] }>(ran).merged;
/** The files holding `id`, by folder-relative path. */
const filesOf = async (clone: string, id: string) => {
  const found: Record<string, string> = {};
  for (const folder of ["inbox", "topics", "archive"]) {
    for (const name of await readdir(join(clone, folder)).catch(() => [] as string[])) {
      if (name.includes(id))
        found[`${folder}/${name}`] = await readFile(join(clone, folder, name), "utf8");
    }
  }
  return found;
};
const capture = async (clone: string, title: string, body: string) =>
  jsonOf<{ note: { id: string } }>(
    succeeded(await run(clone, ["capture", title, "--body", body, "--status", "active", "--json"])),
  ).note.id;

/** A file of the project beside the memory, committed by hand (sync commits only its own). */
async function commitFile(clone: string, path: string, text: string): Promise<void> {
  await writeFile(join(clone, path), text);
  await sandbox.git(clone, ["add", "--", path]);
  await sandbox.git(clone, [
    "-c",
    "user.name=P",
    "-c",
    "user.email=p@example.com",
    "commit",
    "-qm",
    path,
  ]);
}

async function expectSettled(): Promise<void> {
  const heads = await Promise.all([a, b].map((c) => sandbox.git(c, ["rev-parse", "HEAD"])));
  expect(heads[0]).toBe(heads[1]);
  for (const clone of [a, b]) {
    expect(await readdir(join(clone, ".git"))).not.toContain("MERGE_HEAD");
    expect(await sandbox.git(clone, ["status", "--porcelain"])).toBe("");
    await sandbox.git(clone, ["fsck", "--no-progress"]);
  }
}

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
}, scaledMs(600_000));
afterAll(() => sandbox.cleanup());

describe(
  "memory sync settles one note by its id (two clones)",
  { timeout: scaledMs(400_000) },
  () => {
    it("reports the files the merge driver merged by meaning", async () => {
      const id = await capture(a, "Deploys", "We deploy on Mondays.");
      succeeded(await sync(a));
      succeeded(await sync(b));
      succeeded(await run(a, ["edit", id, "--append", "The VPN is needed."]));
      succeeded(await run(b, ["edit", id, "--append", "Igor reviews the release."]));
      expect(mergedBy(succeeded(await sync(a)))).toEqual([]);
      const merged = mergedBy(succeeded(await sync(b)));
      expect(merged).toEqual([
        { path: `topics/deploys ${id}.md`, kind: "note", marked: 0, decisions: [] },
      ]);
      succeeded(await sync(a));
      await expectSettled();
    });

    it("keeps a note renamed to two titles on two clones as one note, the other title kept", async () => {
      const id = await capture(a, "Standup", "Standup is at 9.");
      succeeded(await sync(a));
      succeeded(await sync(b));
      succeeded(await run(a, ["rename", id, "Daily standup"]));
      succeeded(await run(a, ["edit", id, "--append", "Bring the board."]));
      succeeded(await run(b, ["rename", id, "Morning meeting"]));
      succeeded(await sync(a));
      const ran = succeeded(await sync(b, false));
      expect(ran.stdout).toContain("Merged by meaning: 1 file (1 note renamed on both clones).");
      expect(ran.stdout).toContain(
        `topics/daily-standup ${id}.md: renamed or moved on both clones`,
      );
      succeeded(await sync(a));
      await expectSettled();
      for (const clone of [a, b]) {
        expect(await filesOf(clone, id)).toEqual({
          [`topics/daily-standup ${id}.md`]:
            "# Daily standup\n\nAlso titled: Morning meeting\n\nStandup is at 9.\n\nBring the board.\n",
        });
        expect(await run(clone, ["doctor"])).toMatchObject({ code: 0 });
      }
    });

    it("keeps one file for a note renamed and changed on both clones, a merge git calls clean", async () => {
      // Short and changed on both sides: git's rename detection pairs neither rename, so it
      // deletes the old path on both sides and adds both new ones, with no conflict at all.
      const id = await capture(a, "Lunch", "Noon.");
      succeeded(await sync(a));
      succeeded(await sync(b));
      succeeded(await run(a, ["rename", id, "Lunch at the canteen"]));
      succeeded(await run(a, ["edit", id, "--append", "Bring a badge."]));
      succeeded(await run(b, ["rename", id, "Team lunch"]));
      succeeded(await run(b, ["edit", id, "--append", "Fridays are pizza."]));
      succeeded(await sync(a));
      const merged = mergedBy(succeeded(await sync(b)));
      expect(merged.map((file) => file.kind)).toEqual(["rename-rename"]);
      succeeded(await sync(a));
      await expectSettled();
      for (const clone of [a, b]) {
        const files = await filesOf(clone, id);
        expect(Object.keys(files)).toEqual([`topics/lunch-at-the-canteen ${id}.md`]);
        const text = Object.values(files).join("");
        for (const kept of [
          "Also titled: Team lunch",
          "Noon.",
          "Bring a badge.",
          "Fridays are pizza.",
        ]) {
          expect(text.split(kept).length - 1).toBe(1);
        }
        expect(await run(clone, ["doctor"])).toMatchObject({ code: 0 });
      }
    });

    it("keeps a note edited on one clone and deleted on the other, whichever syncs first", async () => {
      const one = await capture(a, "Kept one", "First fact.");
      const two = await capture(a, "Kept two", "Second fact.");
      succeeded(await sync(a));
      succeeded(await sync(b));
      // one: the deletion reaches the remote first; two: the edit does.
      succeeded(await run(a, ["forget", one, "--remove"]));
      succeeded(await run(b, ["edit", one, "--append", "Edited on b."]));
      succeeded(await run(a, ["edit", two, "--append", "Edited on a."]));
      succeeded(await run(b, ["forget", two, "--remove"]));
      succeeded(await sync(a));
      const merged = mergedBy(succeeded(await sync(b)));
      expect(merged.map((file) => [file.path, file.kind])).toEqual([
        [`topics/kept-one ${one}.md`, "edit-delete"],
        [`topics/kept-two ${two}.md`, "edit-delete"],
      ]);
      expect(merged[0]?.decisions.join(" ")).toContain(`memory forget ${one} --remove`);
      succeeded(await sync(a));
      await expectSettled();
      for (const clone of [a, b]) {
        expect(Object.values(await filesOf(clone, one))).toEqual([
          "# Kept one\n\nFirst fact.\n\nEdited on b.\n",
        ]);
        expect(Object.values(await filesOf(clone, two))).toEqual([
          "# Kept two\n\nSecond fact.\n\nEdited on a.\n",
        ]);
      }
    });

    it("stops for a file it cannot merge by meaning, names it and the commands, and settles nothing", async () => {
      const id = await capture(a, "Renamed", "Renamed twice.");
      await commitFile(a, "team.txt", "owner: nobody\n");
      succeeded(await sync(a));
      succeeded(await sync(b));
      succeeded(await run(a, ["rename", id, "Renamed on a"]));
      succeeded(await run(b, ["rename", id, "Renamed on b"]));
      await commitFile(a, "team.txt", "owner: ana\n");
      await commitFile(b, "team.txt", "owner: bo\n");
      succeeded(await sync(a));
      const headBefore = await sandbox.git(b, ["rev-parse", "HEAD"]);
      const stopped = await sync(b, false);
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toContain("conflicts in team.txt");
      expect(stopped.stderr).toContain(`cd ${b} && git merge origin/main`);
      // Every conflicted file is named, the note's three paths too (git's rename/rename).
      expect(stopped.stderr).toContain(`\`git add -- team.txt 'topics/renamed ${id}.md'`);
      expect(stopped.stderr).toContain("&& git commit --no-edit`, then sync again.");
      // All or nothing: the note's rename was not settled alone; nothing is left mid-merge.
      expect(await sandbox.git(b, ["rev-parse", "HEAD"])).toBe(headBefore);
      expect(await readdir(join(b, ".git"))).not.toContain("MERGE_HEAD");
      expect(Object.keys(await filesOf(b, id))).toEqual([`topics/renamed-on-b ${id}.md`]);
      expect(await sandbox.git(b, ["status", "--porcelain"])).toBe("");
    });
  },
);
