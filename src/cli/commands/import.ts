import { basename, dirname, resolve } from "node:path";
import { readImportSource } from "../../adapters/index.js";
import {
  importKinds,
  importMemory,
  type ImportKind,
  type ImportReport,
} from "../../migrate/index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMIT_OPTIONS, defineCommand, type Command } from "../framework/command.js";
import { chooseCommit } from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { openNotes } from "../framework/open-memory.js";
import { lines, plural } from "../render/format.js";

/**
 * `memory import SOURCE-KIND PATH`: another tool's memory as notes, in one commit. Built over
 * a list of kinds so a test can run it with its own.
 */
export function importCommandFor(kinds: readonly ImportKind[]): Command {
  const names = kinds.map((kind) => kind.name).join(", ") || "(none in this build)";
  return defineCommand({
    name: "import",
    usage: "SOURCE-KIND PATH [--dry-run] [--status inbox|active] [options]",
    description:
      "Reads another tool's memory at PATH (never changing it) and writes it as notes, in one commit:\n" +
      "one note per idea, links between them resolved to ids (those that name nothing are kept as text\n" +
      "and reported), secrets redacted, a note over the size limit split at its headings. Running it\n" +
      "again updates what changed in the source, skips the rest and never overwrites a note edited\n" +
      "since (a conflict is reported). Exits 1 when a note could not be written.\n\n" +
      "Kinds:\n" +
      (kinds.length === 0
        ? "  (none in this build)"
        : kinds.map((kind) => `  ${kind.name.padEnd(13)} ${kind.describe}`).join("\n")),
    options: {
      ...COMMIT_OPTIONS,
      "dry-run": { type: "boolean" },
      status: { type: "string" },
      name: { type: "string" },
    },
    optionHelp: [
      [
        "--dry-run",
        "Print the plan (notes to create, update, skip; links; splits); write nothing.",
      ],
      [
        "--status inbox|active",
        "Where new notes go: inbox (default; consolidation folds them in) or active (topics/, as is).",
      ],
      [
        "--name NAME",
        "The name this source is recorded under, which a re-run recognises (default: PATH's base\n" +
          "name, or parent-base for names every source of a kind shares: memory, memory.jsonl).",
      ],
    ],
    positionals: { min: 2, max: 2 },
    examples: [
      "memory import obsidian ~/vault --dry-run",
      "memory import claude-code . --status active",
      "memory import mcp-memory ~/memory.jsonl --json",
    ],
    async run({ values, positionals, out, io }) {
      const [kindName = "", pathArgument = ""] = positionals;
      const kind = kinds.find((candidate) => candidate.name === kindName);
      if (kind === undefined)
        return out.fail(
          usageFailure(`Unknown source kind "${kindName}": use one of ${names}`, "import"),
        );
      const status = values.status ?? "inbox";
      if (status !== "inbox" && status !== "active")
        return out.fail(usageFailure(`--status takes inbox or active, not "${status}"`, "import"));
      const path = resolve(io.cwd, pathArgument);
      const source = await readImportSource({ path, pathIs: kind.pathIs, wants: kind.wants });
      if (source.isErr()) return out.fail(failureFrom(source.error));
      const opened = await openNotes(values.root, io);
      if (opened.isErr()) return out.fail(opened.error);
      const { memory, persistence } = opened.value;
      const choice = chooseCommit(opened.value, values["no-commit"], "memory: import");
      const dryRun = values["dry-run"] === true;
      const report = await importMemory({
        memory,
        persistence,
        kind,
        files: source.value.files,
        source: values.name ?? defaultSourceName(path),
        status,
        dryRun,
        commit: choice.commit,
      });
      if (report.isErr()) return out.fail(failureFrom(report.error));
      const skipped = source.value.skipped;
      out.print({ path, ...report.value, skippedFiles: skipped }, () =>
        describeReport(report.value, skipped, choice.commit ? undefined : choice.reason),
      );
      if (report.value.failed.length === 0) return EXIT.ok;
      out.problem(
        `${plural(report.value.failed.length, "note")} could not be written (reasons above); fix the source and run the same import again.`,
      );
      return EXIT.failed;
    },
  });
}

/**
 * Base names every source of a kind shares (Claude Code's per-project `memory/` folder, the MCP
 * memory server's file): recorded under their parent's name too, or two projects' imports
 * would be taken for one source and update each other's notes.
 */
const SHARED_BASE_NAMES = new Set(["memory", "memory.jsonl", "memory.json", ".claude"]);

/** The name an import of PATH is recorded under when `--name` is not given. */
export function defaultSourceName(path: string): string {
  const base = basename(path);
  if (!SHARED_BASE_NAMES.has(base.toLowerCase())) return base;
  const parent = basename(dirname(path));
  return parent === "" ? base : `${parent}-${base}`;
}

/** The command with every kind of this build. */
export const importCommand = importCommandFor(importKinds);

const VERB = {
  create: ["create", "created"],
  update: ["update", "updated"],
  unchanged: ["unchanged", "unchanged"],
  edited: ["keep (edited since)", "kept (edited since)"],
  conflict: ["conflict", "conflict"],
} as const;

function describeReport(
  report: ImportReport,
  skipped: readonly { path: string; reason: string }[],
  notCommittedReason: string | undefined,
): string {
  const tense = report.dryRun ? 0 : 1;
  const { counts } = report;
  const noteLines = report.notes
    .filter((note) => report.dryRun || note.action !== "unchanged")
    .map(
      (note) =>
        `${VERB[note.action][tense].padEnd(20)} ${note.id}  ${note.title}  (${note.file}${note.section === undefined ? "" : `#${note.section}`})`,
    );
  const commitLine = report.dryRun
    ? "Dry run: nothing was written."
    : report.commit !== null
      ? `Committed ${report.commit.slice(0, 7)}; "git revert ${report.commit.slice(0, 7)}" undoes the whole import.`
      : report.notCommitted !== undefined
        ? `Not committed: ${report.notCommitted}`
        : notCommittedReason !== undefined
          ? `Not committed: ${notCommittedReason}.`
          : "Nothing to commit.";
  const redacted = report.redactions.reduce(
    (sum, r) => sum + Object.values(r.kinds).reduce((a, b) => a + b, 0),
    0,
  );
  return lines(
    noteLines,
    report.problems.map(
      (problem) => `${problem.code.padEnd(20)} ${problem.file}: ${problem.detail}`,
    ),
    skipped.map((file) => `${"not read".padEnd(20)} ${file.path}: ${file.reason}`),
    report.failed.map((failure) => `${"not written".padEnd(20)} ${failure.key}: ${failure.reason}`),
    [
      `${report.dryRun ? "Would import" : "Imported"} ${report.kind} ${report.source}: ` +
        `${counts.create} new, ${counts.update} updated, ${counts.unchanged} unchanged, ` +
        `${counts.edited} kept as edited, ${plural(counts.conflict, "conflict")}; ` +
        `${plural(report.links.resolved, "link")} resolved, ${report.links.unresolved} kept as text; ` +
        `${plural(report.splits.length, "note")} split; ${plural(redacted, "secret")} redacted.`,
      commitLine,
    ],
  );
}
