import { describe, expect, it } from "vitest";
import {
  cronAddCommand,
  cronLine,
  cronTimeFields,
} from "../../../src/cli/schedule/schedule-cron.js";
import {
  jobNames,
  jobProblem,
  shellQuote,
  type ScheduledJob,
} from "../../../src/cli/schedule/schedule-job.js";
import {
  launchdInstall,
  launchdPlist,
  xmlEscape,
} from "../../../src/cli/schedule/schedule-launchd.js";
import { schedulePlan, scheduleHomes } from "../../../src/cli/schedule/schedule-plan.js";
import {
  systemdInstall,
  systemdQuote,
  systemdUnits,
} from "../../../src/cli/schedule/schedule-systemd.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const plain: ScheduledJob = {
  root: "/home/me/notes",
  node: "/usr/bin/node",
  cli: "/opt/memory/dist/cli.js",
  everyMinutes: 60,
  env: {},
};

/** Paths with spaces and characters each format treats specially. */
const awkward: ScheduledJob = {
  root: "/Users/me/My Notes & 100% <R&D>",
  node: "/Applications/Node JS/bin/node",
  cli: `/opt/it's "here"/dist/cli.js`,
  everyMinutes: 15,
  env: { PATH: "/usr/bin:/bin", AGENT_MEMORY_LLM_CMD: 'codex exec --model "gpt x" $X' },
};

describe("job names", () => {
  it("hash the root: stable, distinct per root", () => {
    const names = jobNames(plain.root);
    expect(names.label).toMatch(/^dev\.agent-memory\.[0-9a-f]{8}$/);
    expect(names.unit).toBe(`agent-memory-${names.label.slice("dev.agent-memory.".length)}`);
    expect(jobNames(plain.root)).toEqual(names);
    expect(jobNames(`${plain.root}2`).label).not.toBe(names.label);
  });

  it("refuse line breaks, which no format can carry", () => {
    expect(jobProblem(plain)).toBeUndefined();
    expect(jobProblem({ ...plain, root: "/a\nb" })).toBe(
      "the memory root contains a line break or NUL",
    );
    expect(jobProblem({ ...plain, env: { AGENT_MEMORY_LLM_CMD: "a\rb" } })).toBe(
      "$AGENT_MEMORY_LLM_CMD contains a line break or NUL",
    );
  });
});

describe("launchd", () => {
  const { label } = jobNames(plain.root);

  it("renders a plist with absolute paths, the interval in seconds and the log", () => {
    expect(launchdPlist({ ...plain, env: { AGENT_MEMORY_LLM_CMD: "claude -p" } })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
        '<plist version="1.0">',
        "<dict>",
        "  <key>Label</key>",
        `  <string>${label}</string>`,
        "  <key>ProgramArguments</key>",
        "  <array>",
        "    <string>/usr/bin/node</string>",
        "    <string>/opt/memory/dist/cli.js</string>",
        "    <string>consolidate</string>",
        "    <string>--root</string>",
        "    <string>/home/me/notes</string>",
        "  </array>",
        "  <key>StartInterval</key>",
        "  <integer>3600</integer>",
        "  <key>StandardOutPath</key>",
        "  <string>/home/me/notes/.agent-memory/consolidate.log</string>",
        "  <key>StandardErrorPath</key>",
        "  <string>/home/me/notes/.agent-memory/consolidate.log</string>",
        "  <key>EnvironmentVariables</key>",
        "  <dict>",
        "    <key>AGENT_MEMORY_LLM_CMD</key>",
        "    <string>claude -p</string>",
        "  </dict>",
        "</dict>",
        "</plist>",
        "",
      ].join("\n"),
    );
    expect(launchdPlist(plain)).not.toContain("EnvironmentVariables");
  });

  it("escapes XML and keeps spaces", () => {
    expect(xmlEscape(`a & b <c> "d" 'e'`)).toBe("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;");
    const plist = launchdPlist(awkward);
    expect(plist).toContain("    <string>/Users/me/My Notes &amp; 100% &lt;R&amp;D&gt;</string>\n");
    expect(plist).toContain("    <string>/Applications/Node JS/bin/node</string>\n");
    expect(plist).toContain("    <string>/opt/it&apos;s &quot;here&quot;/dist/cli.js</string>\n");
    expect(plist).toContain("    <string>codex exec --model &quot;gpt x&quot; $X</string>\n");
    expect(plist).toContain("  <integer>900</integer>\n");
    // Variables sorted by name: the same job gives the same bytes.
    expect(plist.indexOf("AGENT_MEMORY_LLM_CMD")).toBeLessThan(plist.indexOf("<key>PATH</key>"));
  });

  it("installs under ~/Library/LaunchAgents and loads with launchctl", () => {
    expect(launchdInstall("/Users/me", plain.root)).toEqual({
      path: `/Users/me/Library/LaunchAgents/${label}.plist`,
      activate: `launchctl load -w /Users/me/Library/LaunchAgents/${label}.plist`,
    });
    expect(launchdInstall("/Users/Jo Smith", plain.root).activate).toBe(
      `launchctl load -w '/Users/Jo Smith/Library/LaunchAgents/${label}.plist'`,
    );
  });
});

describe("systemd", () => {
  it("renders a oneshot service and a timer", () => {
    const units = systemdUnits({ ...plain, env: { AGENT_MEMORY_LLM_CMD: "claude -p" } });
    expect(units.name).toBe(jobNames(plain.root).unit);
    expect(units.service).toBe(
      [
        "[Unit]",
        "Description=agent-memory: consolidate /home/me/notes",
        "",
        "[Service]",
        "Type=oneshot",
        'Environment="AGENT_MEMORY_LLM_CMD=claude -p"',
        "ExecStart=/usr/bin/node /opt/memory/dist/cli.js consolidate --root /home/me/notes",
        "StandardOutput=append:/home/me/notes/.agent-memory/consolidate.log",
        "StandardError=append:/home/me/notes/.agent-memory/consolidate.log",
        "",
      ].join("\n"),
    );
    expect(units.timer).toBe(
      [
        "[Unit]",
        "Description=agent-memory: consolidate /home/me/notes every 60 minutes",
        "",
        "[Timer]",
        "OnActiveSec=60min",
        "OnUnitActiveSec=60min",
        `Unit=${units.name}.service`,
        "",
        "[Install]",
        "WantedBy=timers.target",
        "",
      ].join("\n"),
    );
  });

  it('quotes arguments with spaces and escapes \\, ", % and $', () => {
    expect(systemdQuote("/usr/bin/node")).toBe("/usr/bin/node");
    expect(systemdQuote("/My Notes")).toBe('"/My Notes"');
    expect(systemdQuote(String.raw`a"b\c`)).toBe(String.raw`"a\"b\\c"`);
    expect(systemdQuote("100%")).toBe("100%%");
    expect(systemdQuote("$HOME")).toBe("$$HOME");
    const { service, timer } = systemdUnits(awkward);
    expect(service).toContain(
      String.raw`ExecStart="/Applications/Node JS/bin/node" "/opt/it's \"here\"/dist/cli.js" consolidate --root "/Users/me/My Notes & 100%% <R&D>"`,
    );
    expect(service).toContain(
      String.raw`Environment="AGENT_MEMORY_LLM_CMD=codex exec --model \"gpt x\" $X"` +
        '\nEnvironment="PATH=/usr/bin:/bin"\n',
    );
    expect(service).toContain(
      "StandardOutput=append:/Users/me/My Notes & 100%% <R&D>/.agent-memory/consolidate.log",
    );
    expect(timer).toContain("OnUnitActiveSec=15min");
  });

  it("installs in the user unit folder and enables the timer", () => {
    expect(systemdInstall("/home/me/.config", "agent-memory-x")).toEqual({
      service: "/home/me/.config/systemd/user/agent-memory-x.service",
      timer: "/home/me/.config/systemd/user/agent-memory-x.timer",
      activate:
        "systemctl --user daemon-reload && systemctl --user enable --now agent-memory-x.timer",
    });
  });
});

describe("cron", () => {
  it.each([
    [1, "* * * * *"],
    [15, "*/15 * * * *"],
    [60, "0 * * * *"],
    [120, "0 */2 * * *"],
    [1440, "0 0 * * *"],
  ])("every %i minutes is %j", (every, fields) => {
    expect(okOf(cronTimeFields(every))).toBe(fields);
  });

  it.each([7, 45, 90, 2880])("refuses %i minutes, which cron cannot space evenly", (every) => {
    expect(errOf(cronTimeFields(every))).toMatch(/^cron cannot run every/);
  });

  it("renders one line: absolute paths, environment, log; quotes for sh, escapes % for cron", () => {
    expect(okOf(cronLine(plain))).toBe(
      "0 * * * * /usr/bin/node /opt/memory/dist/cli.js consolidate --root /home/me/notes" +
        " >> /home/me/notes/.agent-memory/consolidate.log 2>&1",
    );
    expect(okOf(cronLine(awkward))).toBe(
      "*/15 * * * * " +
        String.raw`AGENT_MEMORY_LLM_CMD='codex exec --model "gpt x" $X' PATH=/usr/bin:/bin ` +
        "'/Applications/Node JS/bin/node' " +
        String.raw`'/opt/it'\''s "here"/dist/cli.js' ` +
        String.raw`consolidate --root '/Users/me/My Notes & 100\% <R&D>' ` +
        String.raw`>> '/Users/me/My Notes & 100\% <R&D>/.agent-memory/consolidate.log' 2>&1`,
    );
    expect(shellQuote("plain/path-1.js")).toBe("plain/path-1.js");
    expect(shellQuote("")).toBe("''");
  });

  it("adds a line through a quoted here-document, never silently", () => {
    expect(cronAddCommand("0 * * * * x '%'")).toBe(
      "( crontab -l 2>/dev/null; cat <<'EOF'\n0 * * * * x '%'\nEOF\n) | crontab -",
    );
  });
});

describe("schedulePlan", () => {
  const homes = { home: "/home/me", configHome: "/home/me/.config" };

  it("gives each kind its files and activation command", () => {
    const launchd = okOf(schedulePlan("launchd", plain, homes));
    expect(launchd.files.map((file) => file.path)).toEqual([
      `/home/me/Library/LaunchAgents/${launchd.name}.plist`,
    ]);
    const systemd = okOf(schedulePlan("systemd", plain, homes));
    expect(systemd.files.map((file) => file.path)).toEqual([
      `/home/me/.config/systemd/user/${systemd.name}.service`,
      `/home/me/.config/systemd/user/${systemd.name}.timer`,
    ]);
    const cron = okOf(schedulePlan("cron", plain, homes));
    expect(cron.files).toEqual([]);
    expect(cron.activate).toBe(cronAddCommand(cron.line ?? ""));
    expect(schedulePlan("cron", { ...plain, everyMinutes: 45 }, homes).isErr()).toBe(true);
    expect(errOf(schedulePlan("launchd", { ...plain, root: "/a\nb" }, homes))).toMatch(
      /line break/,
    );
  });

  it("reads HOME and XDG_CONFIG_HOME, ignoring relative values", () => {
    expect(scheduleHomes({ HOME: "/home/me" })).toEqual(homes);
    expect(scheduleHomes({ HOME: "/home/me", XDG_CONFIG_HOME: "/cfg" })).toEqual({
      home: "/home/me",
      configHome: "/cfg",
    });
    expect(scheduleHomes({ HOME: "/home/me", XDG_CONFIG_HOME: "cfg" })).toEqual(homes);
    expect(scheduleHomes({})).toBeUndefined();
    expect(scheduleHomes({ HOME: "relative" })).toBeUndefined();
  });
});
