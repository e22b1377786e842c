import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { usageFailure } from "../framework/cli-failure.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { LLM_COMMAND_VARIABLE, llmCommandLine } from "../framework/llm-command-line.js";
import { openMemory } from "../framework/open-memory.js";
import { cronTimeFields } from "../schedule/schedule-cron.js";
import { DEFAULT_EVERY_MINUTES, jobLogPath, type ScheduledJob } from "../schedule/schedule-job.js";
import {
  SCHEDULER_KINDS,
  scheduleHomes,
  schedulePlan,
  type SchedulePlan,
} from "../schedule/schedule-plan.js";
import { messageOf } from "../../shared/message-of.js";

const MAX_EVERY_MINUTES = 7 * 24 * 60;

/** `memory schedule`: a launchd agent, systemd timer or crontab line running consolidate. */
export const scheduleCommand = defineCommand({
  name: "schedule",
  usage:
    "--launchd | --systemd | --cron [--every MINUTES] [--install] [--llm-cmd COMMAND] [options]",
  description:
    "Prints a schedule running `memory consolidate --root <root>` every N minutes, with absolute paths\n" +
    "to this node and this CLI, output appended to <root>/.agent-memory/consolidate.log, and the LLM\n" +
    `command (--llm-cmd, else $${LLM_COMMAND_VARIABLE}) and PATH in its environment. --install writes\n` +
    "the files where the scheduler looks (~/Library/LaunchAgents, ~/.config/systemd/user) and prints\n" +
    "the command that activates them; it never runs it, and never edits a crontab.",
  options: {
    ...COMMON_OPTIONS,
    launchd: { type: "boolean" },
    systemd: { type: "boolean" },
    cron: { type: "boolean" },
    every: { type: "string" },
    install: { type: "boolean" },
    "llm-cmd": { type: "string" },
  },
  optionHelp: [
    ["--launchd", "A launchd agent plist (macOS), e.g. memory schedule --launchd > job.plist."],
    ["--systemd", "A systemd user .service and .timer pair (Linux)."],
    ["--cron", "A crontab line (and, with --install, the command that adds it)."],
    ["--every MINUTES", `How often, e.g. --every 30. Default ${DEFAULT_EVERY_MINUTES}.`],
    ["--install", "Write the files where the scheduler expects them; print how to activate."],
    [
      "--llm-cmd COMMAND",
      `The model command for the job, e.g. --llm-cmd "claude -p". Default: $${LLM_COMMAND_VARIABLE}.`,
    ],
  ],
  positionals: { min: 0, max: 0 },
  examples: [
    'memory schedule --launchd --install --llm-cmd "claude -p"',
    "memory schedule --systemd --every 30 --install",
    'memory schedule --cron --llm-cmd "codex exec -"',
  ],
  async run({ values, out, io }) {
    const kinds = SCHEDULER_KINDS.filter((kind) => values[kind] === true);
    const [kind] = kinds;
    if (kind === undefined || kinds.length > 1) {
      return out.fail(usageFailure("choose one of --launchd, --systemd or --cron", "schedule"));
    }
    const every = values.every === undefined ? String(DEFAULT_EVERY_MINUTES) : values.every.trim();
    if (!/^\d+$/.test(every) || Number(every) < 1 || Number(every) > MAX_EVERY_MINUTES) {
      return out.fail(
        usageFailure(`--every takes whole minutes from 1 to ${MAX_EVERY_MINUTES}`, "schedule"),
      );
    }
    const cronTime = kind === "cron" ? cronTimeFields(Number(every)) : undefined;
    if (cronTime?.isErr() === true) return out.fail(usageFailure(cronTime.error, "schedule"));
    const llm = llmCommandLine(values["llm-cmd"], io.env);
    if (llm.isErr()) return out.fail(usageFailure(llm.error, "schedule"));
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { root } = opened.value;
    const path = io.env["PATH"];
    const job: ScheduledJob = {
      root,
      node: process.execPath,
      cli: runningCliPath(),
      everyMinutes: Number(every),
      env: {
        ...(path === undefined || path === "" ? {} : { PATH: path }),
        ...(llm.value === undefined ? {} : { [LLM_COMMAND_VARIABLE]: llm.value.line }),
      },
    };
    const homes = scheduleHomes(io.env);
    const planned = schedulePlan(
      kind,
      job,
      homes ?? { home: "~", configHome: join("~", ".config") },
    );
    if (planned.isErr()) {
      return out.fail({ code: "SCHEDULE", message: planned.error, exitCode: EXIT.failed });
    }
    const plan = planned.value;
    const noLlm = llm.value === undefined;
    if (values.install !== true) {
      out.print({ ...plan, installed: false }, () => scheduleText(plan));
      return EXIT.ok;
    }
    if (homes === undefined) {
      return out.fail({
        code: "SCHEDULE",
        message: "--install needs $HOME (an absolute path) to know where the scheduler's files go.",
        exitCode: EXIT.failed,
      });
    }
    try {
      // launchd and the cron redirection both need the log's folder to exist.
      await mkdir(dirname(jobLogPath(root)), { recursive: true });
      for (const file of plan.files) {
        await mkdir(dirname(file.path), { recursive: true });
        await writeFile(file.path, file.content);
      }
    } catch (cause) {
      const why = messageOf(cause);
      return out.fail({
        code: "PERSISTENCE",
        message: `Could not write the schedule: ${why}`,
        exitCode: EXIT.failed,
      });
    }
    out.print({ ...plan, installed: true }, () => installedText(plan, noLlm));
    return EXIT.ok;
  },
});

/** The schedule as printed without --install: the file (or files, headed by their path) or the line. */
function scheduleText(plan: SchedulePlan): string {
  if (plan.line !== undefined) return plan.line;
  if (plan.files.length === 1) return plan.files[0]?.content ?? "";
  return plan.files.map((file) => `# ${file.path}\n${file.content}`).join("\n");
}

function installedText(plan: SchedulePlan, noLlm: boolean): string {
  const warning = noLlm
    ? [
        "",
        `Note: no LLM command was given (--llm-cmd or $${LLM_COMMAND_VARIABLE}): every run will fail until the job has one.`,
      ]
    : [];
  if (plan.line !== undefined) {
    return [
      "memory never edits your crontab. The line to add:",
      "",
      plan.line,
      "",
      "To append it to your crontab, run:",
      "",
      plan.activate,
      ...warning,
    ].join("\n");
  }
  return [
    ...plan.files.map((file) => `Wrote ${file.path}`),
    "",
    "To activate it, run:",
    "",
    `  ${plan.activate}`,
    ...warning,
  ].join("\n");
}

/**
 * The CLI script running now (dist/cli.js). The bundler may put this module in a chunk next
 * to cli.js, so a sibling cli.js counts too.
 */
function runningCliPath(): string {
  const own = fileURLToPath(import.meta.url);
  if (basename(own) === "cli.js") return own;
  const sibling = join(dirname(own), "cli.js");
  if (existsSync(sibling)) return sibling;
  return resolve(process.argv[1] ?? own);
}
