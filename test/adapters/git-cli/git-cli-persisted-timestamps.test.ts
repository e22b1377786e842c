/**
 * gitCli keeps its timestamp walk in `<gitdir>/agent-memory/`: a new adapter (a new process)
 * with the same HEAD runs no `git log`, and whatever happens to the file or the history, the
 * times equal those of an adapter that walks afresh.
 */
import { execFile } from "node:child_process";
import { chmod, cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { gitCli, gitCliIfRepository } from "../../../src/adapters/git-cli/git-cli.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);

/** A saved walk comes back as a Map over the packed file: compare entries, not classes. */
function plain<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
  return new Map(map);
}

describe("gitCli's persisted timestamp walk", () => {
  let base: string;
  let root: string;
  let env: Record<string, string>;
  let calls: string;
  let wrapper: string;
  const git = (...args: string[]) =>
    run("git", ["-c", "user.name=t", "-c", "user.email=t@x", ...args], {
      cwd: root,
      env: { ...process.env, ...env },
    });
  const commit = async (path: string, text: string, message: string, at: number) => {
    await writeFile(join(root, path), text);
    await git("add", "-A");
    await run("git", ["-c", "user.name=t", "-c", "user.email=t@x", "commit", "-qm", message], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        GIT_AUTHOR_DATE: `@${at} +0000`,
        GIT_COMMITTER_DATE: `@${at} +0000`,
      },
    });
  };
  /** The git subcommands the counted adapters ran since the last call. */
  const subcommands = async (): Promise<string[]> => {
    const lines = (await readFile(calls, "utf8").catch(() => ""))
      .trim()
      .split("\n")
      .filter(Boolean);
    await rm(calls, { force: true });
    return lines.map(
      (line) =>
        line.split(" ").find((word) => /^[a-z-]+$/.test(word) && !word.startsWith("-")) ?? "",
    );
  };
  const counted = () => gitCli({ dir: root, env, gitBinary: wrapper });
  const fresh = async () =>
    okOf(await gitCli({ dir: root, env, persistTimestamps: false }).timestamps());
  const savedFile = async () => {
    const folder = join(root, ".git", "agent-memory");
    const [name] = (await readdir(folder)).filter((file) => file.startsWith("cli-timestamps-"));
    return join(folder, name ?? "missing");
  };

  // The two-commit repository is built once; each test works on its own copy.
  let template: string;
  beforeAll(async () => {
    template = await mkdtemp(join(tmpdir(), "agent-memory-gitcli-saved-template-"));
    root = join(template, "repo");
    env = await isolatedGitEnv(template);
    await mkdir(join(root, "topics"), { recursive: true });
    await git("init", "-q", "-b", "main");
    await commit("topics/a id__AAAAAA.md", "a", "one", 1_700_000_000);
    await commit("topics/b id__BBBBBB.md", "b", "two", 1_700_000_100);
  });
  afterAll(() => rm(template, { recursive: true, force: true }));

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-gitcli-saved-"));
    root = join(base, "repo");
    env = await isolatedGitEnv(base);
    calls = join(base, "calls.log");
    wrapper = join(base, "git-wrapper.sh");
    await writeFile(wrapper, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${calls}'\nexec git "$@"\n`);
    await chmod(wrapper, 0o755);
    await cp(join(template, "repo"), root, { recursive: true });
    // The copies' stat data differs from the index's: refreshed, as a clone's would be.
    await git("update-index", "-q", "--refresh");
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it("lets a new adapter with the same HEAD answer without git log", async () => {
    const first = okOf(await counted().timestamps());
    expect(await subcommands()).toContain("log");
    expect(plain(okOf(await counted().timestamps()))).toEqual(first);
    // One process: the location and HEAD come from the same rev-parse.
    expect(await subcommands()).toEqual(["rev-parse"]);
    expect(plain(first)).toEqual(await fresh());
  });

  it("reads HEAD from the git dir's files in a long-lived adapter: no git process per lookup", async () => {
    const adapter = counted();
    okOf(await adapter.timestamps());
    await subcommands();
    const later = Date.now() + 1_500;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      // The located HEAD is too old to reuse: HEAD comes from .git/HEAD and the branch file.
      expect(plain(okOf(await adapter.timestamps()))).toEqual(await fresh());
      expect(await subcommands()).toEqual([]);
      // A commit made by git itself (the branch moves) is seen, and walked.
      await commit("topics/e id__EEEEEE.md", "e", "five", 1_700_000_400);
      await git("pack-refs", "--all");
      await subcommands();
      expect(okOf(await adapter.timestamps()).get("id__EEEEEE")?.createdAt).toBe(1_700_000_400_000);
      expect(await subcommands()).not.toContain("rev-parse");
    } finally {
      clock.mockRestore();
    }
  });

  it("reads HEAD again after its own commit, and when the located HEAD is over a second old", async () => {
    const adapter = counted();
    await writeFile(join(root, "topics/c id__CCCCCC.md"), "c");
    okOf(await adapter.commit("three", ["topics/c id__CCCCCC.md"]));
    expect(okOf(await adapter.timestamps()).has("id__CCCCCC")).toBe(true);

    const located = await gitCliIfRepository({ dir: root, env });
    if (located === undefined) throw new Error("expected a repository");
    await commit("topics/d id__DDDDDD.md", "d", "four", 1_700_000_300);
    const later = Date.now() + 1_500;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    try {
      expect(okOf(await located.timestamps()).has("id__DDDDDD")).toBe(true);
    } finally {
      clock.mockRestore();
    }
  });

  it("is undefined outside a repository, and works in one without commits", async () => {
    expect(await gitCliIfRepository({ dir: base, env })).toBeUndefined();
    const empty = join(base, "empty");
    await mkdir(empty);
    await run("git", ["init", "-q", "-b", "main"], { cwd: empty, env: { ...process.env, ...env } });
    const adapter = await gitCliIfRepository({ dir: empty, env });
    if (adapter === undefined) throw new Error("expected a repository");
    expect(okOf(await adapter.timestamps()).size).toBe(0);
    await writeFile(join(empty, "e id__EEEEEE.md"), "e");
    okOf(await adapter.commit("first", ["e id__EEEEEE.md"]));
    expect(okOf(await adapter.timestamps()).has("id__EEEEEE")).toBe(true);
  });

  it("walks only the new commits when HEAD moved forward", async () => {
    await counted().timestamps();
    await commit("topics/a id__AAAAAA.md", "a2", "three", 1_700_000_200);
    await subcommands();
    const adapter = counted();
    const times = okOf(await adapter.timestamps());
    expect(plain(times)).toEqual(await fresh());
    expect(times.get("id__AAAAAA")).toEqual({
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_200_000,
    });
    expect(await subcommands()).toContain("merge-base");
    // Asked again, the same adapter answers from the walk it just extended.
    expect(plain(okOf(await adapter.timestamps()))).toEqual(await fresh());
  });

  it("walks everything again when the history was rewritten and the old HEAD pruned", async () => {
    await counted().timestamps();
    await git("checkout", "-q", "--orphan", "other");
    await git("rm", "-rqf", ".");
    await mkdir(join(root, "topics"), { recursive: true });
    await commit("topics/c id__CCCCCC.md", "c", "unrelated", 1_700_001_000);
    await git("branch", "-D", "main");
    await git("reflog", "expire", "--expire=now", "--all");
    await git("gc", "-q", "--prune=now");
    const times = okOf(await counted().timestamps());
    expect([...times.keys()]).toEqual(["id__CCCCCC"]);
    expect(plain(times)).toEqual(await fresh());
  });

  it.each([
    ["truncated", (text: string) => text.slice(0, text.length / 2)],
    ["empty", () => ""],
    ["from another version", (text: string) => text.replace('"version":3', '"version":1')],
    ["with a forged time", (text: string) => text.replace(/"times":\[\d+,/, '"times":[-1e400,')],
    ["with its ids out of order", (text: string) => text.replace("id__AAAAAA", "id__ZZZZZZ")],
    ["with a malformed id", (text: string) => text.replace("id__BBBBBB", "id__BB-BBB")],
    [
      "for another HEAD that is not a commit",
      (text: string) => text.replace(/"head":"[0-9a-f]+"/, `"head":"${"0".repeat(40)}"`),
    ],
  ])("answers right from a saved walk that is %s, and rewrites it", async (_case, damage) => {
    await counted().timestamps();
    const file = await savedFile();
    await writeFile(file, damage(await readFile(file, "utf8")));
    expect(plain(okOf(await counted().timestamps()))).toEqual(await fresh());
    await subcommands();
    expect(plain(okOf(await counted().timestamps()))).toEqual(await fresh());
    expect(await subcommands()).toEqual(["rev-parse"]);
  });

  it("walks again over a saved walk of the fixed-width packing (version 2), never reading it", async () => {
    await counted().timestamps();
    const file = await savedFile();
    const saved = JSON.parse(await readFile(file, "utf8")) as { version: number; times: unknown };
    expect(saved.version).toBe(3);
    // What the version before wrote, with times that are not the repository's: trusted, the
    // answer would be wrong.
    const old = {
      ...saved,
      version: 2,
      times: { ids: "id__AAAAAA id__BBBBBB", times: [1, 2, 3, 4] },
    };
    await writeFile(file, JSON.stringify(old));
    await subcommands();
    expect(plain(okOf(await counted().timestamps()))).toEqual(await fresh());
    expect(await subcommands()).toContain("log");
    expect(JSON.parse(await readFile(file, "utf8"))).toMatchObject({ version: 3 });
  });

  it("writes nothing with persistTimestamps: false", async () => {
    await fresh();
    await expect(readdir(join(root, ".git", "agent-memory"))).rejects.toThrow(/ENOENT/);
  });
});
