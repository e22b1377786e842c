import { execFile } from "node:child_process";
import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  NOTE_STATUSES,
  STATUS_FOLDERS,
  INDEX_NOTE_PATH,
  EMPTY_INDEX_NOTE,
  MEMORY_OWNED_PATHS,
  PRIVATE_FOLDER,
  ROOT_IGNORE_FILE,
  withPrivateIgnoreRule,
} from "../../model/index.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import { chooseCommit, commitPaths, describeCommit } from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { findRepository, openPorts, repositoryFreeEnv } from "../framework/open-memory.js";
import { resolveRoot } from "../framework/root-variable.js";
import { messageOf } from "../../shared/message-of.js";
import { ATTRIBUTES_FILE, ensureMergeDriver } from "../framework/merge-driver-setup.js";

/** `memory init`: the layout of a memory root, and a git repository when there is none. */
export const initCommand = defineCommand({
  name: "init",
  usage: "[options]",
  description:
    "Creates the memory root, its status folders and an index note (index.md, with empty ## Hot and\n" +
    "## Warm lists), adds /.agent-memory/ (the library's locks and caches) to the root's .gitignore so\n" +
    "no clone ever sees them, and commits both. When the root is not inside a git repository, runs\n" +
    "git init there (branch main), and sets up the merge by meaning (a committed .gitattributes rule\n" +
    "and this clone's git config merge.agent-memory.driver). Running it again only adds what is missing.",
  options: { ...COMMIT_OPTIONS, force: { type: "boolean" } },
  optionHelp: [
    [
      "--force",
      "Make a memory of a folder that already holds other files (a project's top folder): its\n" +
        "files stay and are never committed by the memory.",
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory init --root ~/notes", "AGENT_MEMORY_ROOT=~/notes memory init --json"],
  async run({ values, out, io }) {
    const root = resolveRoot(values.root, io);
    const foreign = await foreignEntries(root);
    if (foreign.length > 0 && values.force !== true) {
      const shown = foreign.slice(0, 5).join(", ") + (foreign.length > 5 ? ", ..." : "");
      return out.fail(
        failureFrom({
          code: "INVALID_INPUT",
          message:
            `${root} already holds files that are not a memory's (${shown}). ` +
            `Pick an empty or new folder (--root ${join(root, "memory")}), or pass --force to keep them beside the memory.`,
        }),
      );
    }
    const created: string[] = [];
    try {
      await mkdir(root, { recursive: true });
      // Git keeps no empty folders, so only the index note is committed; the library
      // recreates a missing status folder on its first write there.
      for (const status of NOTE_STATUSES) {
        const folder = STATUS_FOLDERS[status];
        if (await exists(join(root, folder))) continue;
        await mkdir(join(root, folder));
        created.push(`${folder}/`);
      }
      // The library's locks and caches: ignored by git, whatever the repository's own rules.
      if (!(await exists(join(root, PRIVATE_FOLDER, ".gitignore")))) {
        await mkdir(join(root, PRIVATE_FOLDER), { recursive: true });
        await writeFile(join(root, PRIVATE_FOLDER, ".gitignore"), "*\n");
      }
      // The rule that reaches clones: the root's own .gitignore, committed with the index note
      // (the folder's own .gitignore above ignores itself, so a clone never has it).
      const ignore = withPrivateIgnoreRule(
        await readFile(join(root, ROOT_IGNORE_FILE), "utf8").catch(() => undefined),
      );
      if (ignore !== undefined) {
        await writeFile(join(root, ROOT_IGNORE_FILE), ignore);
        created.push(ROOT_IGNORE_FILE);
      }
      if (!(await exists(join(root, INDEX_NOTE_PATH)))) {
        await writeFile(join(root, INDEX_NOTE_PATH), EMPTY_INDEX_NOTE, { flag: "wx" });
        created.push(INDEX_NOTE_PATH);
      }
    } catch (cause) {
      const reason = messageOf(cause);
      return out.fail(
        failureFrom({
          code: "PERSISTENCE",
          message: `Could not create the memory at ${root}: ${reason}`,
        }),
      );
    }
    let repository = await findRepository(root, io);
    const gitInitialized = repository === undefined;
    if (repository === undefined) {
      const initialized = await gitInit(root, io.env);
      if (initialized !== undefined)
        return out.fail(failureFrom({ code: "GIT", message: initialized }));
      repository = root;
    }
    // Notes, the index, session logs and journal files merge by meaning in this clone; the
    // rules are committed with the index note.
    const driver = await ensureMergeDriver(root, undefined, repositoryFreeEnv(io.env));
    if (driver.attributes === "written") created.push(ATTRIBUTES_FILE);
    const opened = await openPorts(root, io);
    const choice = chooseCommit(opened, values["no-commit"], "memory: init");
    const toCommit = [INDEX_NOTE_PATH, ROOT_IGNORE_FILE, ATTRIBUTES_FILE].filter((path) =>
      created.includes(path),
    );
    const outcome =
      toCommit.length > 0 ? await commitPaths(opened.memory, choice, toCommit) : { commit: null };
    out.print({ root, created, gitInitialized, repository, ...outcome, mergeDriver: driver }, () =>
      [
        `Memory root: ${root}`,
        created.length === 0 ? "The layout was already there." : `Created ${created.join(", ")}`,
        gitInitialized ? `Created a git repository in ${root}` : `Git repository: ${repository}`,
        describeCommit(outcome, choice),
      ].join("\n"),
    );
    return EXIT.ok;
  },
});

/** What `root` holds besides a memory's own files (and .git, dotfiles, AGENTS.md, README.md). */
async function foreignEntries(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const own = new Set([...MEMORY_OWNED_PATHS, PRIVATE_FOLDER, "AGENTS.md", "README.md"]);
  return names.filter((name) => !own.has(name) && !name.startsWith(".")).toSorted();
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Runs `git init`; resolves to an error message, or undefined on success. */
function gitInit(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string | undefined> {
  return new Promise((done) => {
    execFile(
      "git",
      ["init", "--quiet", "--initial-branch=main"],
      { cwd: root, env: repositoryFreeEnv(env) },
      (error, _stdout, stderr) =>
        done(
          error === null
            ? undefined
            : `git init failed in ${root}: ${stderr.trim() || error.message}. Is git installed and on PATH?`,
        ),
    );
  });
}
