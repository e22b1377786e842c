import { readFile, readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobNames, shellQuote } from "../../src/cli/schedule/schedule-job.js";
import { systemdQuote } from "../../src/cli/schedule/schedule-systemd.js";
import {
  CLI,
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  readTree,
  type Sandbox,
} from "./cli-harness.js";

let sandbox: Sandbox;
let root: string;
let home: string;
let names: { label: string; unit: string };
let cli: ReturnType<typeof firstOfEachSpawned>;
/** `memory schedule`: the first call a real process (the job it prints names it), then in-process. */
const schedule = (args: readonly string[], env: Record<string, string> = {}) =>
  cli(["schedule", ...args, "--root", root], { env });

beforeAll(async () => {
  sandbox = await createSandbox();
  cli = firstOfEachSpawned(sandbox);
  // A root with a space: every format must keep it one argument.
  root = join(sandbox.dir, "My Notes");
  const init = await sandbox.cliInProcess(["init", "--root", root]);
  if (init.code !== 0) throw new Error(`init failed: ${init.stderr}`);
  home = sandbox.env["HOME"] ?? "";
  names = jobNames(root);
});
afterAll(() => sandbox.cleanup());

describe("memory schedule", () => {
  it("launchd: prints a plist running this node and this CLI; --install writes it to ~/Library/LaunchAgents", async () => {
    const printed = await schedule(["--launchd", "--llm-cmd", "claude -p", "--every", "30"]);
    expect(printed).toMatchObject({ code: 0, stderr: "" });
    expect(printed.stdout).toContain(`  <string>${names.label}</string>\n`);
    expect(printed.stdout).toContain(
      [
        "  <array>",
        `    <string>${process.execPath}</string>`,
        `    <string>${CLI}</string>`,
        "    <string>consolidate</string>",
        "    <string>--root</string>",
        `    <string>${root}</string>`,
        "  </array>",
        "  <key>StartInterval</key>",
        "  <integer>1800</integer>",
        "  <key>StandardOutPath</key>",
        `  <string>${root}/.agent-memory/consolidate.log</string>`,
      ].join("\n"),
    );
    expect(printed.stdout).toContain(
      "    <key>AGENT_MEMORY_LLM_CMD</key>\n    <string>claude -p</string>\n",
    );
    expect(await readdir(home)).toEqual([]);

    const installed = await schedule([
      "--launchd",
      "--llm-cmd",
      "claude -p",
      "--every",
      "30",
      "--install",
    ]);
    expect(installed).toMatchObject({ code: 0 });
    const plist = join(home, "Library", "LaunchAgents", `${names.label}.plist`);
    expect(await readFile(plist, "utf8")).toBe(printed.stdout);
    expect(installed.stdout).toBe(
      `Wrote ${plist}\n\nTo activate it, run:\n\n  launchctl load -w ${plist}\n`,
    );
    // The log's folder exists, or launchd could not open the log.
    expect((await stat(join(root, ".agent-memory"))).isDirectory()).toBe(true);
  });

  it("systemd: a service and a timer in the user unit folder; enable is printed, never run", async () => {
    // The harness sets XDG_CONFIG_HOME to HOME; unset, the units go to ~/.config.
    const env = { XDG_CONFIG_HOME: "" };
    const run = await schedule(["--systemd", "--install", "--json"], env);
    expect(run).toMatchObject({ code: 0 });
    const folder = join(home, ".config", "systemd", "user");
    const plan = jsonOf<{
      name: string;
      installed: boolean;
      files: { path: string }[];
      activate: string;
    }>(run);
    expect(plan).toMatchObject({
      name: names.unit,
      installed: true,
      activate: `systemctl --user daemon-reload && systemctl --user enable --now ${names.unit}.timer`,
    });
    expect(plan.files.map((file) => file.path)).toEqual([
      join(folder, `${names.unit}.service`),
      join(folder, `${names.unit}.timer`),
    ]);
    const service = await readFile(join(folder, `${names.unit}.service`), "utf8");
    expect(service).toContain(
      `\nExecStart=${systemdQuote(process.execPath)} ${systemdQuote(CLI)} consolidate --root "${root}"\n`,
    );
    expect(service).toContain(`\nStandardOutput=append:${root}/.agent-memory/consolidate.log\n`);
    expect(service).not.toContain("AGENT_MEMORY_LLM_CMD");
    const timer = await readFile(join(folder, `${names.unit}.timer`), "utf8");
    expect(timer).toContain("\nOnUnitActiveSec=60min\n");
    expect(timer).toContain(`\nUnit=${names.unit}.service\n`);
    // With XDG_CONFIG_HOME set, that is where systemd looks.
    const xdg = await schedule(["--systemd", "--install"]);
    expect(xdg.stdout).toContain(`Wrote ${join(home, "systemd", "user", `${names.unit}.timer`)}\n`);
  });

  it("cron: prints the line and how to add it; never touches a crontab or HOME", async () => {
    const before = await readTree(home);
    const line = await schedule(["--cron", "--every", "15"], {
      AGENT_MEMORY_LLM_CMD: "codex exec -",
    });
    expect(line).toMatchObject({ code: 0 });
    const expected =
      `*/15 * * * * AGENT_MEMORY_LLM_CMD='codex exec -' PATH=${shellQuote(sandbox.env["PATH"] ?? "")} ` +
      `${shellQuote(process.execPath)} ${shellQuote(CLI)} consolidate --root '${root}' >> '${root}/.agent-memory/consolidate.log' 2>&1`;
    expect(line.stdout).toBe(`${expected}\n`);
    const installed = await schedule(["--cron", "--every", "15", "--install"], {
      AGENT_MEMORY_LLM_CMD: "codex exec -",
    });
    expect(installed.code).toBe(0);
    expect(installed.stdout).toContain(`\n${expected}\n`);
    expect(installed.stdout).toContain(
      `( crontab -l 2>/dev/null; cat <<'EOF'\n${expected}\nEOF\n) | crontab -`,
    );
    expect(await readTree(home)).toEqual(before);
  });

  it("refuses a bad line with exit 2, a missing root with exit 1", async () => {
    const cases: [string[], RegExp, number][] = [
      [[], /choose one of --launchd, --systemd or --cron/, 2],
      [["--cron", "--launchd"], /choose one of/, 2],
      [["--cron", "--every", "45"], /cron cannot run every 45 minutes evenly/, 2],
      [["--systemd", "--every", "0"], /--every takes whole minutes/, 2],
      [["--launchd", "--llm-cmd", "'x"], /unterminated ' quote/, 2],
    ];
    for (const [args, message, code] of cases) {
      const run = await schedule(args);
      expect({ args, code: run.code }).toEqual({ args, code });
      expect(run.stderr).toMatch(message);
      expect(run.stderr.trimEnd().split("\n")).toHaveLength(1);
    }
    const missing = await sandbox.cliInProcess([
      "schedule",
      "--cron",
      "--root",
      join(sandbox.dir, "nowhere"),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/does not exist or is not a folder/);
  });
});
