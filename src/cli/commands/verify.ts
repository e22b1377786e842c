import { resolve } from "node:path";
import { gitProjectRepository } from "../../adapters/index.js";
import { verifyNotes, type VerifyReport } from "../../notes-entry.js";
import { failureFrom } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { findRepository, openNotes } from "../framework/open-memory.js";
import { plural } from "../render/format.js";

/** `memory verify`: references in the notes that the project's repository no longer has. */
export const verifyCommand = defineCommand({
  name: "verify",
  usage: "[--repo DIR] [--archived] [--superseded] [options]",
  description:
    "Checks what the notes cite against the code repository they describe: file and folder paths,\n" +
    "path:line references, identifiers in backticks, npm scripts, npx binaries and executed files\n" +
    "of shell commands, and links to the repository's own files on GitHub or GitLab. Reports each\n" +
    "that no longer exists, with the note, the text, what was checked and how to fix it. One\n" +
    "listing of the repository (git ls-files) and one pass over its source files; changes nothing.\n" +
    "Exits 1 when a reference is stale, 0 otherwise.",
  options: {
    ...COMMON_OPTIONS,
    repo: { type: "string" },
    archived: { type: "boolean" },
    superseded: { type: "boolean" },
  },
  optionHelp: [
    [
      "--repo DIR",
      "The project's checkout. Default: the git repository holding the memory root (its own\n" +
        "files are left out).",
    ],
    ["--archived", "Verify archived notes too (by default they are history and skipped)."],
    [
      "--superseded",
      "Verify superseded notes and sections too (by default text under a `> Superseded by`\n" +
        "mark is history and its references are skipped; the summary says how many).",
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: ["memory verify", "memory verify --repo ~/src/app", "memory verify --json"],
  async run({ values, out, io }) {
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { root, memory, persistence } = opened.value;
    const dir =
      values.repo === undefined ? await findRepository(root, io) : resolve(io.cwd, values.repo);
    if (dir === undefined) {
      return out.fail({
        code: "NOT_FOUND",
        message:
          `The memory at ${root} is not inside a git repository, so there is no project to check ` +
          "its notes against. Pass the project's checkout with --repo DIR.",
        exitCode: EXIT.failed,
      });
    }
    const report = await verifyNotes({
      memory,
      persistence,
      repository: gitProjectRepository({ dir, memoryRoot: root }),
      includeArchived: values.archived === true,
      includeSuperseded: values.superseded === true,
    });
    if (report.isErr()) return out.fail(failureFrom(report.error));
    if (report.value.files === 0) {
      return out.fail({
        code: "NOT_FOUND",
        message:
          `The repository at ${dir} holds nothing but the memory, so there is no project to check ` +
          "its notes against. Pass the project's checkout with --repo DIR.",
        exitCode: EXIT.failed,
      });
    }
    out.print(report.value, () => renderReport(report.value));
    if (report.value.ok) return EXIT.ok;
    out.problem(
      `verify found ${plural(report.value.findings.length, "stale reference")}; each finding says how to fix it.`,
    );
    return EXIT.failed;
  },
});

function renderReport(report: VerifyReport): string {
  const summary =
    `${plural(report.checked, "reference")} checked in ${plural(report.notes, "note")} ` +
    `against ${report.repository} (${plural(report.files, "file")})` +
    (report.skippedSuperseded === 0
      ? "."
      : `; ${plural(report.skippedSuperseded, "reference")} in superseded text skipped (history; --superseded checks them).`);
  if (report.findings.length === 0) return `No stale references. ${summary}`;
  const notes = new Set(report.findings.map((finding) => finding.id)).size;
  return [
    ...report.findings.flatMap((finding) => [
      `${finding.severity.padEnd(7)}  ${finding.kind}  ${finding.path}: ${finding.message}`,
      `         checked: ${finding.checked}`,
      `         fix: ${finding.fix}`,
    ]),
    "",
    `${plural(report.findings.length, "stale reference")} in ${plural(notes, "note")}; ${summary}`,
  ].join("\n");
}
