/**
 * The CLI for agents and harnesses on a real memory with git: the verbs edit, tier, context,
 * recent, status and --version; the hooks fed the harnesses' documented payloads
 * (test/fixtures/hooks/); and install merging into real settings files. Hooks and the first
 * call of each verb run the executable; the other calls run in this process.
 */
import { cp, mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import {
  CLI,
  createSandbox,
  jsonOf,
  scaledHookLimit,
  succeeded,
  type Sandbox,
} from "./cli-harness.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures/hooks");
const fixture = (path: string) => readFile(join(FIXTURES, path), "utf8");

let sandbox: Sandbox;
let root: string;
const options = (input?: string, env?: Record<string, string>) => ({
  ...(input === undefined ? {} : { input }),
  ...(env === undefined ? {} : { env }),
});
/** `memory <args> --root <root>` in this process (the verbs' logic). */
const memory = (args: readonly string[], input?: string, env?: Record<string, string>) =>
  sandbox.cliInProcess([...args, "--root", root], options(input, env));
/** The same call as a real process: hooks, and the first call of each verb here. */
const spawned = (args: readonly string[], input?: string, env?: Record<string, string>) =>
  sandbox.cli([...args, "--root", root], options(input, env));
/** `memory hook <args>`, a real process, its time limit scaled for the machine's load. */
const hook = (args: readonly string[], input?: string, env?: Record<string, string>) =>
  spawned(["hook", ...args, ...scaledHookLimit()], input, env);
const pending = async () =>
  (await readdir(join(root, "journal", "pending")).catch(() => [])).filter((name) =>
    name.endsWith(".json"),
  );

let id: string;

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await memory(["init"]));
  const captured = jsonOf<{ note: { id: string } }>(
    await memory([
      "capture",
      "Deploys",
      "--body",
      "Go through release.\n\n## Steps\n\n- tag",
      "--json",
    ]),
  );
  id = captured.note.id;
});
afterAll(() => sandbox.cleanup());

describe("the verbs agents need", () => {
  it("--version prints the package's version", async () => {
    const pkg = JSON.parse(
      await readFile(resolve(import.meta.dirname, "../../package.json"), "utf8"),
    ) as { version: string };
    const run = await sandbox.cli(["--version"]);
    expect(run).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  });

  it("edit appends, replaces a section and refuses a missing text with exit 1; each edit is a commit", async () => {
    expect((await spawned(["edit", id, "--append", "Never on Fridays."])).code).toBe(0);
    expect((await memory(["edit", id, "--section", "Steps"], "- tag\n- push")).code).toBe(0);
    const missing = await memory(["edit", id, "--replace", "nowhere", "--with", "x", "--json"]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({ error: { code: "INVALID_INPUT" } });
    expect((await memory(["edit", id])).code).toBe(2);
    const shown = jsonOf<{ body: string }>(await memory(["show", id, "--json"]));
    expect(shown.body).toBe("Go through release.\n\n## Steps\n\n- tag\n- push");
    const subjects = (await sandbox.git(root, ["log", "--format=%s"])).trim().split("\n");
    expect(subjects.slice(0, 2)).toEqual([
      `memory: edit "Deploys" (replace-section, ${id})`,
      `memory: edit "Deploys" (append, ${id})`,
    ]);
  });

  it("tier puts the note in the hot tier of index.md; context inlines it; recent and status report", async () => {
    expect((await spawned(["tier", id, "hot"])).code).toBe(0);
    expect(await readFile(join(root, "index.md"), "utf8")).toContain(
      `## Hot\n\n- [[${id}|Deploys]]`,
    );
    const context = await spawned(["context"]);
    expect(context.stdout).toContain(`### Deploys (${id})\n\nGo through release.`);
    const recent = jsonOf<{ id: string }[]>(await spawned(["recent", "--since", "1h", "--json"]));
    expect(recent.map((note) => note.id)).toEqual([id]);
    expect((await memory(["recent", "--since", "soon"])).code).toBe(2);
    const status = jsonOf<{
      notes: Record<string, number>;
      pendingJournalEntries: number;
      git: boolean;
      cache: Record<string, unknown>;
    }>(await spawned(["status", "--json"]));
    expect(status).toMatchObject({
      git: true,
      notes: { inbox: 1, active: 0, archived: 0 },
      pendingJournalEntries: 0,
      // The earlier commands kept the note's facts; this call read no note file.
      cache: { freshness: "always", persisted: true, factsFromCache: 1, notesReadFromFiles: 0 },
    });
    expect((await memory(["status"])).stdout).toMatch(
      /^cache: facts of 1 notes from \.agent-memory\/cache\/notes\.json; this call read 0 of 1 notes from their files$/m,
    );
    expect((await memory(["tier", id, "lukewarm"])).code).toBe(2);
  });
});

describe("memory hook", () => {
  it("claude-code session-end queues one entry pointing at the transcript; pre-compact does not queue it twice", async () => {
    const payload = await fixture("claude-code/stdin.session-end.json");
    const { transcript_path: transcript, session_id: session } = JSON.parse(payload) as Record<
      string,
      string
    >;
    const run = await hook(["claude-code", "session-end"], payload);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    const again = await hook(
      ["claude-code", "pre-compact"],
      await fixture("claude-code/stdin.pre-compact.auto.json"),
    );
    expect(again.code).toBe(0);
    const files = await pending();
    expect(files).toHaveLength(1);
    const entry = JSON.parse(
      await readFile(join(root, "journal", "pending", files[0] ?? ""), "utf8"),
    ) as unknown;
    expect(entry).toMatchObject({
      harness: "claude-code",
      retrieval: { method: "jsonl", sessionPath: transcript, threadId: session },
      context: { cwd: "/home/dev/weather-app" },
    });
    const log = await readFile(join(root, ".agent-memory", "hooks.log"), "utf8");
    expect(log).toMatch(/claude-code session-end queued: entry /);
    expect(log).toMatch(/claude-code pre-compact skipped: already pending/);
  });

  it("claude-code session-start prints the context as Claude Code's hookSpecificOutput JSON", async () => {
    await memory([
      "log",
      "--what",
      "w",
      "--why",
      "y",
      "--how",
      "h",
      "--next",
      "ship the deploy doc",
    ]);
    const run = await hook(
      ["claude-code", "session-start"],
      await fixture("claude-code/stdin.session-start.startup.json"),
    );
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(printed.hookSpecificOutput.hookEventName).toBe("SessionStart");
    expect(printed.hookSpecificOutput.additionalContext).toContain("next: ship the deploy doc");
    expect(printed.hookSpecificOutput.additionalContext).toContain(`### Deploys (${id})`);
  });

  it("never fails the harness: a bad payload, an unknown hook or a missing root exit 0 with a logged reason", async () => {
    expect(await hook(["claude-code", "session-end"], "not json")).toMatchObject({
      code: 0,
      stdout: "",
    });
    expect((await hook(["claude-code", "teleport"], "{}")).code).toBe(0);
    const log = await readFile(join(root, ".agent-memory", "hooks.log"), "utf8");
    expect(log).toMatch(/claude-code session-end failed: the stdin payload is not the hook JSON/);
    expect(log).toMatch(/claude-code teleport skipped: no such hook/);
    const nowhere = await sandbox.cli(
      [
        "hook",
        "claude-code",
        "session-end",
        ...scaledHookLimit(),
        "--root",
        join(sandbox.dir, "missing", "x"),
      ],
      {
        input: "{}",
      },
    );
    expect(nowhere.code).toBe(0);
    expect(await pending()).toHaveLength(1);
  });

  it("gives up within --timeout-ms, exits 0 and logs why, even when stdin never closes", async () => {
    const { spawn } = await import("node:child_process");
    const started = Date.now();
    const code = await new Promise<number | null>((done) => {
      const child = spawn(
        process.execPath,
        [CLI, "hook", "claude-code", "session-end", "--timeout-ms", "300", "--root", root],
        {
          env: sandbox.env,
          stdio: ["pipe", "ignore", "ignore"],
        },
      );
      child.on("close", done);
    });
    expect(code).toBe(0);
    // Far below a stdin that never closes; scaled, as the process itself is slower when busy.
    expect(Date.now() - started).toBeLessThan(scaledMs(20_000));
    const log = await readFile(join(root, ".agent-memory", "hooks.log"), "utf8");
    expect(log).toMatch(/claude-code session-end failed: gave up after 300 ms/);
  });

  it("codex notify finds the thread's rollout under CODEX_HOME and queues it", async () => {
    const payload = await fixture("codex/notify.agent-turn-complete.json");
    const thread = (JSON.parse(payload) as Record<string, string>)["thread-id"] ?? "";
    const codexHome = join(sandbox.dir, "codex-home");
    const day = join(codexHome, "sessions", "2026", "05", "02");
    await mkdir(day, { recursive: true });
    const rollout = join(day, `rollout-2026-05-02T10-00-00-${thread}.jsonl`);
    await writeFile(rollout, "");
    const run = await sandbox.cli(
      ["hook", "codex", "notify", payload, ...scaledHookLimit(), "--root", root],
      {
        env: { CODEX_HOME: codexHome },
      },
    );
    expect(run.code).toBe(0);
    const entries = await Promise.all(
      (await pending()).map(
        async (name) =>
          JSON.parse(await readFile(join(root, "journal", "pending", name), "utf8")) as {
            harness: string;
            retrieval: { sessionPath?: string };
          },
      ),
    );
    expect(
      entries
        .filter((entry) => entry.harness === "codex")
        .map((entry) => entry.retrieval.sessionPath),
    ).toEqual([rollout]);
  });
});

describe("memory install", () => {
  it("claude-code --user --dry-run shows the change and writes nothing; a real run keeps every other setting, backs up, and is idempotent", async () => {
    const home = sandbox.env["HOME"] ?? "";
    await mkdir(join(home, ".claude"), { recursive: true });
    const original = await fixture("claude-code/settings.user.json");
    await writeFile(join(home, ".claude", "settings.json"), original);
    await cp(join(FIXTURES, "claude-code/claude.json.excerpt.json"), join(home, ".claude.json"));
    const dry = await spawned(["install", "claude-code", "--user", "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      `+             "command": "memory hook claude-code session-end --root ${root}",`,
    );
    expect(dry.stdout).toContain(`+       "command": "memory",`);
    expect(await readFile(join(home, ".claude", "settings.json"), "utf8")).toBe(original);

    expect((await memory(["install", "claude-code", "--user"])).code).toBe(0);
    const settings = JSON.parse(
      await readFile(join(home, ".claude", "settings.json"), "utf8"),
    ) as Record<string, Record<string, unknown>>;
    const before = JSON.parse(original) as Record<string, Record<string, unknown>>;
    for (const key of [
      "model",
      "env",
      "permissions",
      "statusLine",
      "enabledMcpjsonServers",
      "cleanupPeriodDays",
    ]) {
      expect(settings[key]).toEqual(before[key]);
    }
    expect(settings["hooks"]?.["PreToolUse"]).toEqual(before["hooks"]?.["PreToolUse"]);
    expect(settings["hooks"]?.["SessionStart"]).toEqual([
      ...((before["hooks"]?.["SessionStart"] as unknown[]) ?? []),
      {
        matcher: "startup|resume|clear|compact",
        hooks: [
          {
            type: "command",
            command: `memory hook claude-code session-start --root ${root} --start-daemon`,
            timeout: 30,
          },
        ],
      },
    ]);
    const claudeJson = JSON.parse(await readFile(join(home, ".claude.json"), "utf8")) as {
      mcpServers: Record<string, unknown>;
    };
    expect(claudeJson.mcpServers["memory"]).toEqual({
      type: "stdio",
      command: "memory",
      args: ["mcp", "--root", root],
    });
    const backups = (await readdir(join(home, ".claude"))).filter((name) => name.endsWith(".bak"));
    expect(backups).toHaveLength(1);
    expect(await readFile(join(home, ".claude", backups[0] ?? ""), "utf8")).toBe(original);

    const again = await memory(["install", "claude-code", "--user"]);
    expect(again.stdout).toContain("already set up, unchanged");
    expect(again.stdout).not.toContain("Wrote");
  });

  it("claude-code --project writes .claude/settings.json and .mcp.json in the working directory", async () => {
    const project = join(sandbox.dir, "project");
    await mkdir(project);
    await cp(join(FIXTURES, "claude-code/mcp.project.json"), join(project, ".mcp.json"));
    const run = await sandbox.cli(["install", "claude-code", "--root", root], { cwd: project });
    expect(run.code).toBe(0);
    const mcp = JSON.parse(await readFile(join(project, ".mcp.json"), "utf8")) as {
      mcpServers: Record<string, unknown>;
    };
    expect(Object.keys(mcp.mcpServers)).toEqual(["weather-api", "docs", "memory"]);
    const settings = await readFile(join(project, ".claude", "settings.json"), "utf8");
    expect(settings).toContain("hook claude-code pre-compact");
    expect(settings).toContain("--start-daemon");
    // Without the daemon: the same hook, updated in place, with no second group beside it.
    const without = await sandbox.cli(["install", "claude-code", "--no-daemon", "--root", root], {
      cwd: project,
    });
    expect(without.code).toBe(0);
    const updated = await readFile(join(project, ".claude", "settings.json"), "utf8");
    expect(updated).not.toContain("--start-daemon");
    expect(updated.match(/hook claude-code session-start/g)).toHaveLength(1);
  });

  it("codex adds the MCP table, keeps the user's own notify program, and is idempotent", async () => {
    const codexHome = join(sandbox.dir, "codex-install");
    await mkdir(codexHome);
    const original = await fixture("codex/config.toml");
    await writeFile(join(codexHome, "config.toml"), original);
    const run = await memory(["install", "codex"], undefined, { CODEX_HOME: codexHome });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Kept your notify program");
    const config = await readFile(join(codexHome, "config.toml"), "utf8");
    expect(config).toBe(
      `${original.trimEnd()}\n\n[mcp_servers.memory]\ncommand = "memory"\nargs = ["mcp", "--root", ${JSON.stringify(root)}]\n`,
    );
    expect(
      (await memory(["install", "codex"], undefined, { CODEX_HOME: codexHome })).stdout,
    ).toContain("unchanged");

    const fresh = join(sandbox.dir, "codex-fresh");
    await mkdir(fresh);
    await writeFile(join(fresh, "config.toml"), 'model = "o3"\n\n[features]\nx = 1\n');
    await memory(["install", "codex"], undefined, { CODEX_HOME: fresh });
    expect(await readFile(join(fresh, "config.toml"), "utf8")).toBe(
      `model = "o3"\nnotify = ["memory", "hook", "codex", "notify", "--root", ${JSON.stringify(root)}]\n\n[features]\nx = 1\n\n[mcp_servers.memory]\ncommand = "memory"\nargs = ["mcp", "--root", ${JSON.stringify(root)}]\n`,
    );
  });
});

describe("progress of model runs", () => {
  const llm = resolve(import.meta.dirname, "../fixtures/cli-llm/create-one-note.mjs");
  const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(llm)}`;

  it("consolidate prints a stderr line per model call with --progress, and none on a pipe without it", async () => {
    const quietRoot = join(sandbox.dir, "quiet");
    await sandbox.cliInProcess(["init", "--root", quietRoot]);
    await sandbox.cliInProcess([
      "journal",
      "add",
      "--harness",
      "manual",
      "--note",
      "a fact",
      "--root",
      quietRoot,
    ]);
    const quiet = await sandbox.cli([
      "consolidate",
      "--llm-cmd",
      llmCmd,
      "--dry-run",
      "--root",
      quietRoot,
    ]);
    expect(quiet).toMatchObject({ code: 0, stderr: "" });
    const shown = await sandbox.cli([
      "consolidate",
      "--llm-cmd",
      llmCmd,
      "--progress",
      "--json",
      "--root",
      quietRoot,
    ]);
    expect(shown.code).toBe(0);
    expect(shown.stderr).toMatch(
      /^memory consolidate: model call 1 started \(prompt [\d,]+ characters\)\nmemory consolidate: model call 1 answered in \d+\.\d s \(batch 1 of 1\): [\d,]+ tokens in, [\d,]+ out \(estimated\); this run [\d,]+ of 400,000, today [\d,]+ of 2,000,000\n$/,
    );
    expect(jsonOf<{ created: string[] }>(shown).created).toHaveLength(1);
  });
});
