import { join } from "node:path";
import { withCodexMemory } from "../install/codex-config.js";
import {
  parseSettings,
  withMcpServer,
  withMemoryHooks,
  type JsonObject,
} from "../install/claude-code-settings.js";
import { applyChange, readOptional, type FileChange } from "../install/settings-file.js";
import { usageFailure, type CliFailure } from "../framework/cli-failure.js";
import type { CliIo } from "../framework/cli-io.js";
import { COMMON_OPTIONS, defineCommand } from "../framework/command.js";
import { EXIT } from "../framework/exit-codes.js";
import { openMemory } from "../framework/open-memory.js";
import { codexHome } from "../hooks/codex-rollout.js";

/** `memory install claude-code|codex`: wires the hooks and the MCP server into a harness. */
export const installCommand = defineCommand({
  name: "install",
  usage:
    "claude-code|codex [--project | --user] [--dry-run] [--no-daemon] [--command CMD] [--root PATH]",
  description:
    "Merges into the harness's own files, keeping every other setting, and prints the diff:\n" +
    "  claude-code --project (default): .claude/settings.json (hooks) and .mcp.json (MCP) in the cwd\n" +
    "  claude-code --user: ~/.claude/settings.json (hooks) and ~/.claude.json (MCP, user scope)\n" +
    "  codex: $CODEX_HOME/config.toml (default ~/.codex): notify program and [mcp_servers.memory]\n" +
    "Hooks: SessionStart prints the context and starts the memory daemon, which answers the\n" +
    "session's later memory calls; PreCompact and SessionEnd queue the transcript (Claude Code);\n" +
    "notify queues the rollout (Codex; an existing notify program is kept and reported).\n" +
    "Idempotent: a second run changes nothing. Each changed file is first copied to <file>.<time>.bak.",
  options: {
    ...COMMON_OPTIONS,
    project: { type: "boolean" },
    user: { type: "boolean" },
    "dry-run": { type: "boolean" },
    "no-daemon": { type: "boolean" },
    command: { type: "string" },
  },
  optionHelp: [
    ["--project", "Claude Code: this project's files (the default)."],
    ["--user", "Claude Code: your user files, for every project."],
    ["--dry-run", "Print the diff of each file and change nothing."],
    ["--no-daemon", "Claude Code: SessionStart does not start the daemon."],
    ["--command CMD", 'How the harness runs memory (default "memory"), e.g. "npx agent-memory".'],
  ],
  positionals: { min: 1, max: 1 },
  examples: [
    "memory install claude-code --root ~/notes --dry-run",
    "memory install claude-code --user --root ~/notes",
    "memory install codex --root ~/notes",
  ],
  async run({ values, positionals, out, io }) {
    const harness = positionals[0] ?? "";
    if (harness !== "claude-code" && harness !== "codex") {
      return out.fail(
        usageFailure(`unknown harness "${harness}": use claude-code or codex`, "install"),
      );
    }
    if (values.project === true && values.user === true) {
      return out.fail(usageFailure("give --project or --user, not both", "install"));
    }
    if (harness === "codex" && values.project === true) {
      return out.fail(
        usageFailure(
          "Codex reads notify and MCP servers from ~/.codex/config.toml only: drop --project",
          "install",
        ),
      );
    }
    const opened = await openMemory(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { root } = opened.value;
    const words = (values.command ?? "memory").trim().split(/\s+/);
    const dryRun = values["dry-run"] === true;
    const planned =
      harness === "claude-code"
        ? await installClaudeCode(io, root, words, {
            user: values.user === true,
            // No Unix socket for the daemon on Windows: the hook would only log that.
            daemon: values["no-daemon"] !== true && process.platform !== "win32",
            dryRun,
          })
        : await installCodex(io, root, words, dryRun);
    if ("code" in planned) return out.fail(planned);
    const { changes, notes } = planned;
    out.print({ harness, dryRun, changes, notes }, () =>
      [
        ...changes.map((change) =>
          change.diff === ""
            ? `${change.path}: already set up, unchanged.`
            : `${change.diff}${change.written ? `Wrote ${change.path}${change.backup === null ? "" : ` (backup: ${change.backup})`}.` : "Dry run: not written."}`,
        ),
        ...notes,
      ].join("\n"),
    );
    return EXIT.ok;
  },
});

interface Planned {
  readonly changes: FileChange[];
  readonly notes: string[];
}

const quote = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

async function installClaudeCode(
  io: CliIo,
  root: string,
  words: readonly string[],
  { user, daemon, dryRun }: { user: boolean; daemon: boolean; dryRun: boolean },
): Promise<Planned | CliFailure> {
  const home = io.env["HOME"] ?? "";
  if (user && home === "") return failed("HOME is not set, so the user settings cannot be found");
  const settingsPath = user
    ? join(home, ".claude", "settings.json")
    : join(io.cwd, ".claude", "settings.json");
  const mcpPath = user ? join(home, ".claude.json") : join(io.cwd, ".mcp.json");
  const command = (hook: string) =>
    [
      ...words,
      "hook",
      "claude-code",
      hook,
      "--root",
      root,
      ...(daemon && hook === "session-start" ? ["--start-daemon"] : []),
    ]
      .map(quote)
      .join(" ");
  const [program = "memory", ...rest] = words;
  const server: JsonObject = {
    type: "stdio",
    command: program,
    args: [...rest, "mcp", "--root", root],
  };
  const changes: FileChange[] = [];
  for (const [path, change] of [
    [settingsPath, (json: JsonObject) => withMemoryHooks(json, command)],
    [mcpPath, (json: JsonObject) => withMcpServer(json, "memory", server)],
  ] as const) {
    const before = await readOptional(path);
    const parsed = parseSettings(before, path);
    if (typeof parsed === "string") return failed(parsed);
    changes.push(
      await applyChange(
        path,
        before,
        `${JSON.stringify(change(parsed), null, 2)}\n`,
        dryRun,
        new Date(),
      ),
    );
  }
  const notes = user
    ? []
    : ['Claude Code asks once before it starts a project\'s .mcp.json server: approve "memory".'];
  return { changes, notes };
}

async function installCodex(
  io: CliIo,
  root: string,
  words: readonly string[],
  dryRun: boolean,
): Promise<Planned | CliFailure> {
  const home = codexHome(io.env);
  if (home === undefined)
    return failed("neither CODEX_HOME nor HOME is set, so config.toml cannot be found");
  const path = join(home, "config.toml");
  const before = await readOptional(path);
  const [program = "memory", ...rest] = words;
  const edit = withCodexMemory(before ?? "", {
    notify: [...words, "hook", "codex", "notify", "--root", root],
    mcp: { command: program, args: [...rest, "mcp", "--root", root] },
  });
  const change = await applyChange(path, before, edit.text, dryRun, new Date());
  const notes =
    edit.keptNotify === undefined
      ? []
      : [
          `Kept your notify program (${edit.keptNotify}): Codex runs only one. To queue sessions too, call ` +
            `"${[...words, "hook", "codex", "notify", "--root", root].map(quote).join(" ")} <json>" from it with the same JSON argument.`,
        ];
  return { changes: [change], notes };
}

function failed(message: string): CliFailure {
  return { code: "INVALID_INPUT", message, exitCode: EXIT.failed };
}
