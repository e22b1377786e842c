import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { plural } from "../render/format.js";
import type { DoctorFinding } from "../../index.js";
import { missingMergeDriver } from "../framework/merge-driver-setup.js";
import { openMemory, openNotes, repositoryFreeEnv } from "../framework/open-memory.js";
import { drainHookSpool, spooledHooks } from "../hooks/hook-spool.js";

/** `memory doctor`: the memory's health report; exit 1 when there is an error or a warning. */
export const doctorCommand = defineCommand({
  name: "doctor",
  usage: "[--fix] [--orphan-min-age-days N] [--max-note-bytes N] [options]",
  description:
    "Checks every note and link: broken links, orphans, duplicate ids, notes without a heading,\n" +
    "files outside the layout, oversized notes, and more. Each finding says how to fix it.\n" +
    "Changes nothing, unless --fix: then every title link ([[Page]]) that exactly one note can mean\n" +
    "becomes an id link, every link to a merged note points at the note it was merged into, and\n" +
    "every copy of a duplicated id with the original's very bytes is removed, first (not\n" +
    "committed: the next commit or sync takes it). Exits 1 when any finding is an error or a\n" +
    "warning, 0 otherwise.",
  options: {
    ...COMMON_OPTIONS,
    "orphan-min-age-days": { type: "string" },
    "max-note-bytes": { type: "string" },
    fix: { type: "boolean" },
  },
  optionHelp: [
    [
      "--fix",
      "Turn title links that exactly one note can mean into id links, point links to merged notes\n" +
        "at the note they were merged into, remove copies of a duplicated id identical to the\n" +
        "original, then report.",
    ],
    ["--orphan-min-age-days N", "Report an orphan only once it is N days old (default 30)."],
    ["--max-note-bytes N", "Report notes larger than N bytes (default 8192)."],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    "memory doctor",
    "memory doctor --fix",
    "memory doctor --orphan-min-age-days 0 --json",
  ],
  async run({ values, out, io }) {
    const orphanMinAgeDays = parseCount(values["orphan-min-age-days"]);
    const maxNoteBytes = parseCount(values["max-note-bytes"]);
    if (orphanMinAgeDays === null || maxNoteBytes === null) {
      return out.fail(
        usageFailure("--orphan-min-age-days and --max-note-bytes take a whole number", "doctor"),
      );
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    // Sessions a hook recorded but could not queue in time are queued (rarely any: a hook or
    // consolidate usually has), so doctor never leaves one waiting.
    if ((await spooledHooks(opened.value.root)) > 0) {
      const full = await openMemory(values.root, io);
      if (full.isOk()) {
        const queued = await drainHookSpool(full.value.memory, full.value.root, io);
        io.stderr(
          `doctor: ${plural(queued, "session record")} a slow hook left handled (see .agent-memory/hooks.log)\n`,
        );
      }
    }
    const report = await opened.value.memory.doctor({
      ...(orphanMinAgeDays === undefined ? {} : { orphanMinAgeDays }),
      ...(maxNoteBytes === undefined ? {} : { maxNoteBytes }),
      fix: values.fix === true,
    });
    if (report.isErr()) return out.fail(failureFrom(report.error));
    const { fixed } = report.value;
    const findings = [
      ...report.value.findings,
      ...(await mergeDriverFindings(opened.value.root, repositoryFreeEnv(io.env))),
    ];
    const ok = findings.every((finding) => finding.severity === "info");
    const fixes = fixed.map((fix) =>
      fix.kind === "identical-copy"
        ? `fixed    ${fix.kind}  ${fix.path}: removed, the same bytes as ${fix.before} (${fix.id})`
        : `fixed    ${fix.kind}  ${fix.path}: ${fix.before} now links to ${fix.id}`,
    );
    const count = (severity: string) =>
      findings.filter((finding) => finding.severity === severity).length;
    out.print({ ...report.value, findings, ok }, () =>
      findings.length === 0
        ? [...fixes, "No problems found."].join("\n")
        : [
            ...fixes,
            ...findings.flatMap((finding) => [
              `${finding.severity.padEnd(7)}  ${finding.kind}  ${finding.path}: ${finding.message}`,
              `         fix: ${finding.fix}`,
            ]),
            "",
            `${plural(count("error"), "error")}, ${plural(count("warning"), "warning")}, ${count("info")} info.`,
          ].join("\n"),
    );
    if (ok) return EXIT.ok;
    out.problem(
      `doctor found ${plural(count("error"), "error")} and ${plural(count("warning"), "warning")}; each finding says how to fix it.`,
    );
    return EXIT.failed;
  },
});

/** A whole number >= 0; undefined when absent, null when not a number. */
function parseCount(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** The merge driver missing in this clone: a warning with the fix. */
async function mergeDriverFindings(root: string, env: NodeJS.ProcessEnv): Promise<DoctorFinding[]> {
  const missing = await missingMergeDriver(root, env);
  if (missing === undefined || missing.length === 0) return [];
  return [
    {
      kind: "merge-driver",
      severity: "warning",
      path: ".gitattributes",
      message: `Notes changed on two clones are merged line by line here, and a conflict stops sync: ${missing.join("; ")}.`,
      fix: "Run `memory sync` (or `memory init`) once in this clone: it commits the .gitattributes rules and sets git config merge.agent-memory.driver.",
    },
  ];
}
