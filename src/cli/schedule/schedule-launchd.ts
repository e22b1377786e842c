/**
 * The launchd agent of a scheduled consolidation: a plist for ~/Library/LaunchAgents/.
 *
 * @module
 */

import { join } from "node:path";
import {
  jobArguments,
  jobLogPath,
  jobNames,
  shellQuote,
  sortedEnv,
  type ScheduledJob,
} from "./schedule-job.js";

/**
 * Text escaped for an XML element.
 *
 * @example
 * ```ts
 * xmlEscape("R&D <notes>"); // "R&amp;D &lt;notes&gt;"
 * ```
 */
export function xmlEscape(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;");
}

/**
 * The plist: Label, ProgramArguments, StartInterval (seconds), the log for stdout and
 * stderr, and the job's environment.
 *
 * @example
 * ```ts
 * launchdPlist({ root: "/Users/me/notes", node: "/usr/local/bin/node", cli: "/opt/m/dist/cli.js", everyMinutes: 60, env: {} });
 * // <?xml ...?> ... <key>StartInterval</key>\n  <integer>3600</integer> ...
 * ```
 */
export function launchdPlist(job: ScheduledJob): string {
  const log = jobLogPath(job.root);
  const env = sortedEnv(job);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    "<dict>",
    "  <key>Label</key>",
    string(jobNames(job.root).label, "  "),
    "  <key>ProgramArguments</key>",
    "  <array>",
    ...jobArguments(job).map((arg) => string(arg, "    ")),
    "  </array>",
    "  <key>StartInterval</key>",
    `  <integer>${job.everyMinutes * 60}</integer>`,
    "  <key>StandardOutPath</key>",
    string(log, "  "),
    "  <key>StandardErrorPath</key>",
    string(log, "  "),
    ...(env.length === 0
      ? []
      : [
          "  <key>EnvironmentVariables</key>",
          "  <dict>",
          ...env.flatMap(([name, value]) => [
            `    <key>${xmlEscape(name)}</key>`,
            string(value, "    "),
          ]),
          "  </dict>",
        ]),
    "</dict>",
    "</plist>",
    "",
  ].join("\n");
}

function string(text: string, indent: string): string {
  return `${indent}<string>${xmlEscape(text)}</string>`;
}

/**
 * Where the plist goes, and the command that loads it.
 *
 * @example
 * ```ts
 * launchdInstall("/Users/me", "/Users/me/notes");
 * // { path: "/Users/me/Library/LaunchAgents/dev.agent-memory.1b2c3d4e.plist", activate: "launchctl load -w ..." }
 * ```
 */
export function launchdInstall(
  home: string,
  root: string,
): { readonly path: string; readonly activate: string } {
  const path = join(home, "Library", "LaunchAgents", `${jobNames(root).label}.plist`);
  return { path, activate: `launchctl load -w ${shellQuote(path)}` };
}
