/**
 * The session readers the CLI's consolidate and sync use: transcripts on this machine's disk
 * (`file`, `jsonl`), read only from the harnesses' transcript folders and the ones the user
 * names in AGENT_MEMORY_SESSION_ROOTS, and Amp threads through Amp's CLI.
 *
 * @module
 */

import { homedir } from "node:os";
import { delimiter, join, resolve } from "node:path";
import type { SessionReaders } from "../../index.js";
import { codexHome } from "../hooks/codex-rollout.js";
import type { CliIo } from "./cli-io.js";

/** The environment variable listing more folders transcripts may be read from. */
export const SESSION_ROOTS_VARIABLE = "AGENT_MEMORY_SESSION_ROOTS";

/**
 * Where the CLI reads transcripts from: the folders the harnesses write their transcripts to,
 * never their whole config folders (those hold the harness's own tokens), plus
 * $AGENT_MEMORY_SESSION_ROOTS (separated like PATH). The layouts, as
 * test/fixtures/transcripts/SOURCES.md traces them: Claude Code
 * `<config>/projects/<cwd>/<session>.jsonl` (config: $CLAUDE_CONFIG_DIR or ~/.claude), Codex
 * `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` and `archived_sessions/`, Gemini CLI
 * `~/.gemini/tmp/<projectHash>/chats/`, Cursor `~/.cursor/projects/<slug>/agent-transcripts/`,
 * Pi `~/.pi/agent/sessions/`. Amp threads come through Amp's CLI, not a file. A journal entry
 * synced from elsewhere can name no other file of this machine.
 *
 * @example
 * ```ts
 * sessionRoots({ env: { HOME: "/home/me" }, cwd: "/" }); // ["/home/me/.claude/projects", "/home/me/.codex/sessions", ...]
 * ```
 */
export function sessionRoots(io: Pick<CliIo, "env" | "cwd">): string[] {
  const home = io.env["HOME"] ?? homedir();
  const claude = [join(home, ".claude"), io.env["CLAUDE_CONFIG_DIR"]];
  const codex = [join(home, ".codex"), codexHome(io.env)];
  const harnesses = [
    ...claude.map((folder) => nonEmpty(folder) && join(folder, "projects")),
    ...codex.flatMap((folder) =>
      nonEmpty(folder) ? [join(folder, "sessions"), join(folder, "archived_sessions")] : [],
    ),
    join(home, ".gemini", "tmp"),
    join(home, ".cursor", "projects"),
    join(home, ".pi", "agent", "sessions"),
  ].filter((folder): folder is string => typeof folder === "string");
  const extra = (io.env[SESSION_ROOTS_VARIABLE] ?? "")
    .split(delimiter)
    .filter((folder) => folder.trim() !== "")
    .map((folder) => resolve(io.cwd, folder));
  return [...new Set([...harnesses, ...extra])];
}

function nonEmpty(folder: string | undefined): folder is string {
  return folder !== undefined && folder !== "";
}

/**
 * The readers for consolidate and sync.
 *
 * @example
 * ```ts
 * const sessionReaders = await cliSessionReaders(io);
 * ```
 */
export async function cliSessionReaders(io: Pick<CliIo, "env" | "cwd">): Promise<SessionReaders> {
  // Loaded here, not at startup: `--help` and usage errors never need it.
  const { commandSessionReader, defaultSessionReaders } = await import("../../adapters/index.js");
  return {
    ...defaultSessionReaders({ allowedRoots: sessionRoots(io) }),
    "amp-thread": commandSessionReader({ command: "amp", args: ["threads", "markdown"] }),
  };
}
