/**
 * Issue 35: the merge driver crashing at every point of its write, on real git through the
 * CLI adapter's pull (what `memory sync` runs). The built driver writes the merge to a
 * temporary file beside %A, renames it over %A, exits 0. A crash before the write, after the
 * temporary file, after the rename (before exit 0), a driver that tears %A half-written, and
 * one that merges the first file and dies on the second: each pull stops, the repository is
 * as before (HEAD, index, files, no MERGE_HEAD), both sides' text is kept; then the built
 * driver merges it all by meaning. Needs `npx tsup` (dist/cli.js).
 */
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, readdir, rm, writeFile, mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const run = promisify(execFile);
const ID = ["-c", "user.name=T", "-c", "user.email=t@example.com"];
const CLI = resolve(import.meta.dirname, "../../../dist/cli.js");
const REAL = `'${process.execPath}' '${CLI}' merge-driver %O %A %B %P`;
const ONE = "topics/deploys id__Ab3xYz.md";
const TWO = "topics/standup id__Cd4eFg.md";

/**
 * A driver that crashes at one point (sh; $1 mode, $2 log, $3..$6 = %O %A %B %P), and logs
 * the point it reached so the test knows the crash happened where it says.
 */
const CRASHING = `mode="$1"; log="$2"; shift 2
case "$mode" in
  before-write) echo before-write >> "$log"; kill -9 $$ ;;
  after-temp)
    cp "$3" "$(dirname "$2")/.$(basename "$2").1.tmp"; echo after-temp >> "$log"; kill -9 $$ ;;
  after-rename)
    "$NODE" "$CLI" merge-driver "$1" "$2" "$3" "$4" 2>/dev/null || exit 3
    grep -q Ours "$2" && grep -q Theirs "$2" && echo after-rename >> "$log"; kill -9 $$ ;;
  torn) head -c 7 "$3" > "$2"; echo torn >> "$log"; kill -9 $$ ;;
  second-file)
    case "$4" in
      *standup*) echo second-file >> "$log"; kill -9 $$ ;;
      *) "$NODE" "$CLI" merge-driver "$1" "$2" "$3" "$4" 2>/dev/null ;;
    esac ;;
esac
`;

/** Each crash point: the mode, and what the test calls it. */
const CRASHES: Record<string, string> = {
  "before-write": "before any write",
  "after-temp": "after the temporary file, before the rename",
  "after-rename": "after the rename, before exit 0",
  torn: "with %A torn half-written (a driver without the rename)",
  "second-file": "on the second file, after merging the first",
};

describe("the merge driver crashing at every point of its write", () => {
  let base: string;
  let root: string;
  let other: string;
  let env: Record<string, string>;
  const git = async (cwd: string, ...args: string[]) =>
    (await run("git", args, { cwd, env: { ...process.env, ...env } })).stdout;
  const commit = async (cwd: string, files: Record<string, string>, push = false) => {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(join(cwd, "topics"), { recursive: true });
      await writeFile(join(cwd, path), text);
    }
    await git(cwd, "add", "-A");
    await git(cwd, ...ID, "commit", "-q", "-m", "change");
    if (push) await git(cwd, "push", "-q", "origin", "HEAD");
  };
  const pull = () => {
    const adapter = gitCli({ dir: root, env });
    if (adapter.pull === undefined) throw new Error("the CLI adapter pulls");
    return adapter.pull();
  };

  // The three repositories are built once; each test pulls in its own copy of the clone (its
  // origin, the template's bare remote, is only read).
  let template: string;
  beforeAll(async () => {
    template = await mkdtemp(join(tmpdir(), "agent-memory-driver-faults-template-"));
    base = template;
    env = await isolatedGitEnv(template);
    const remote = join(template, "remote.git");
    root = join(template, "work");
    other = join(template, "other");
    await git(template, "init", "-q", "--bare", "--initial-branch=main", remote);
    await git(template, "clone", "-q", remote, root);
    await commit(
      root,
      {
        ".gitignore": ".agent-memory/\n",
        ".gitattributes": "/topics/*.md merge=agent-memory\n",
        [ONE]: "# Deploys\n\nWe deploy on Mondays.\n",
        [TWO]: "# Standup\n\nStandup is at 9.\n",
      },
      true,
    );
    await git(template, "clone", "-q", remote, other);
    await commit(
      other,
      {
        [ONE]: "# Deploys\n\nWe deploy on Mondays.\n\nTheirs one.\n",
        [TWO]: "# Standup\n\nStandup is at 9.\n\nTheirs two.\n",
      },
      true,
    );
    await commit(root, {
      [ONE]: "# Deploys\n\nWe deploy on Mondays.\n\nOurs one.\n",
      [TWO]: "# Standup\n\nStandup is at 9.\n\nOurs two.\n",
    });
  });
  afterAll(() => rm(template, { recursive: true, force: true }));
  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-driver-faults-"));
    env = await isolatedGitEnv(base);
    root = join(base, "work");
    await cp(join(template, "work"), root, { recursive: true });
    // The copies' stat data differs from the index's: refreshed, as a clone's would be.
    await git(root, "update-index", "-q", "--refresh");
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  for (const [mode, point] of Object.entries(CRASHES)) {
    it(`a crash ${point}: the pull stops, nothing lost, no merge left; the driver then merges`, async () => {
      const script = join(base, "crashing-driver.sh");
      const log = join(base, "reached.log");
      await writeFile(script, CRASHING);
      await git(
        root,
        "config",
        "merge.agent-memory.driver",
        `NODE='${process.execPath}' CLI='${CLI}' sh '${script}' ${mode} '${log}' %O %A %B %P`,
      );
      const before = (await git(root, "rev-parse", "HEAD")).trim();
      const error = errOf(await pull());
      expect(error.code).toBe("CONFLICT");
      expect(error.message).toMatch(/the merge was aborted|reset to the pre-merge commit/);
      expect((await git(root, "rev-parse", "HEAD")).trim()).toBe(before);
      expect(await git(root, "rev-parse", "-q", "--verify", "MERGE_HEAD").catch(() => "")).toBe("");
      // Tracked files as they were; a crashed driver's temporary file is the only thing left.
      const status = (await git(root, "status", "--porcelain", "--untracked-files=all"))
        .split("\n")
        .filter((line) => line !== "" && !/^\?\? \.\.merge_file_\w+\.1\.tmp$/.test(line));
      expect(status).toEqual([]);
      expect(await readFile(join(root, ONE), "utf8")).toContain("Ours one.");
      expect(await readFile(join(root, TWO), "utf8")).toContain("Ours two.");
      expect(await git(root, "show", `origin/main:${ONE}`)).toContain("Theirs one.");
      expect(await readdir(join(root, ".git"))).not.toContain("index.lock");
      // The driver crashed where the case says (once per file it was given).
      expect((await readFile(log, "utf8")).split("\n")[0]).toBe(mode);

      await git(root, "config", "merge.agent-memory.driver", REAL);
      expect(okOf(await pull())).toBeDefined();
      for (const [path, words] of [
        [ONE, "one"],
        [TWO, "two"],
      ] as const) {
        const text = await readFile(join(root, path), "utf8");
        expect(text).toContain(`Ours ${words}.`);
        expect(text).toContain(`Theirs ${words}.`);
        expect(text).not.toContain("<<<<<<<");
      }
    });
  }
});
