import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import { chooseCommit, type CommitChoice } from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { lines, plural } from "../render/format.js";
import { migrateToV2, type MigrationSummary } from "../../migrate/index.js";
import { openPorts } from "../framework/open-memory.js";
import { resolveRoot } from "../framework/root-variable.js";
import { ID_PLACEHOLDER } from "../../model/index.js";

/** `memory migrate`: converts old-format entries to notes, in one commit. */
export const migrateCommand = defineCommand({
  name: "migrate",
  usage: "[--root-dir PATH] [--dry-run] [options]",
  description:
    "Finds every .md file under the root (all orgs, topics and archive folders) that starts with an\n" +
    "<!-- agent-memory:meta {...} --> header and rewrites it as '# title', a '#tag' line and the body\n" +
    `(kept byte for byte), renamed '<slug> ${ID_PLACEHOLDER}.md' in the same folder. Filename keywords become\n` +
    "tags; used, last_used, pinned, status and the times are dropped. Entries that were top of mind\n" +
    "(_top-of-mind prefix or pinned) are linked under '## Hot' in their memory root's index.md.\n" +
    "Running it again changes nothing. Exits 1 when some files could not be migrated.",
  options: {
    ...COMMIT_OPTIONS,
    "root-dir": { type: "string" },
    "dry-run": { type: "boolean" },
  },
  optionHelp: [
    ["--root-dir PATH", "The folder to migrate (default: the memory root, see --root)."],
    ["--dry-run", "Print what would change; write and commit nothing."],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    "memory migrate --root-dir ~/notes --dry-run",
    "memory migrate --root-dir ~/notes --json",
  ],
  async run({ values, out, io }) {
    const root =
      values["root-dir"] === undefined
        ? resolveRoot(values.root, io)
        : resolve(io.cwd, values["root-dir"]);
    const isFolder = await stat(root).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    if (!isFolder) {
      return out.fail(
        failureFrom({
          code: "NOT_FOUND",
          message: `${root} is not a folder: pass the folder that holds the entries with --root-dir.`,
        }),
      );
    }
    const opened = await openPorts(root, io, { ignorePrivateFolder: false });
    const dryRun = values["dry-run"] === true;
    // The library writes the message (it knows the count); the CLI only decides whether to commit.
    const choice = chooseCommit(opened, values["no-commit"], "memory: migrate");
    const summary = await migrateToV2({
      persistence: opened.persistence,
      ...(opened.git === undefined ? {} : { git: opened.git }),
      dryRun,
      ...(choice.commit ? {} : { commit: false as const }),
    });
    if (summary.isErr()) return out.fail(failureFrom(summary.error));
    out.print({ root, ...summary.value }, () => describeSummary(summary.value, choice));
    const { errors } = summary.value;
    if (errors.length === 0) return EXIT.ok;
    out.problem(
      `${plural(errors.length, "file")} could not be migrated and ${errors.length === 1 ? "was" : "were"} left as ` +
        'they were (reasons above, or under "errors" with --json); fix them and run "memory migrate" again.',
    );
    return EXIT.failed;
  },
});

function describeSummary(summary: MigrationSummary, choice: CommitChoice): string {
  const verb = summary.dryRun ? "Would migrate" : "Migrated";
  return lines(
    summary.migrated.map(
      (entry) =>
        `${summary.dryRun ? "would migrate" : "migrated"}  ${entry.from} -> ${entry.to}` +
        `${entry.hot ? "  (hot)" : ""}${entry.droppedKeywords.length === 0 ? "" : `  (dropped keywords: ${entry.droppedKeywords.join(" ")})`}`,
    ),
    summary.indexUpdates.map(
      (update) =>
        `${summary.dryRun ? "would " : ""}${update.created ? "create" : "update"}  ${update.path}: ` +
        `## Hot + ${update.added.map((link) => link.id).join(", ")}`,
    ),
    summary.errors.map((problem) => `error  ${problem.path}: ${problem.reason}`),
    [
      `${verb} ${plural(summary.migrated.length, "entry", "entries")}, ` +
        `skipped ${summary.skipped.length} (already in the new format), ${plural(summary.errors.length, "error")}.`,
      ...(summary.dryRun ? ["Dry run: nothing was written."] : commitLines(summary, choice)),
    ],
  );
}

function commitLines(summary: MigrationSummary, choice: CommitChoice): string[] {
  if (summary.migrated.length === 0 && summary.indexUpdates.length === 0) return [];
  if (!choice.commit) return [`Not committed: ${choice.reason}.`];
  if (summary.commit === null) return ["Nothing to commit."];
  const short = summary.commit.slice(0, 7);
  return [`Committed ${short}; "git revert ${short}" undoes the whole migration.`];
}
