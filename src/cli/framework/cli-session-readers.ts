/**
 * The session readers the CLI's consolidate and sync use: transcripts on this machine's disk
 * (`file`, `jsonl`), read only from the harnesses' own folders and the ones the user names in
 * AGENT_MEMORY_SESSION_ROOTS, and Amp threads through Amp's CLI.
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
 * Where the CLI reads transcripts from: the folders the harnesses write them to (Claude Code,
 * Codex, Gemini CLI, Cursor, Pi, Amp), plus $AGENT_MEMORY_SESSION_ROOTS (separated like PATH).
 * A journal entry synced from elsewhere can name no other file of this machine.
 *
 * @example
 * ```ts
 * sessionRoots({ env: { HOME: "/home/me" }, cwd: "/" }); // ["/home/me/.claude", "/home/me/.codex", ...]
 * ```
 */
export function sessionRoots(io: Pick<CliIo, "env" | "cwd">): string[] {
  const home = io.env["HOME"] ?? homedir();
  const harnesses = [".claude", ".codex", ".gemini", ".cursor", ".pi", ".config/amp"].map(
    (folder) => join(home, folder),
  );
  const configured = [io.env["CLAUDE_CONFIG_DIR"], codexHome(io.env)].filter(
    (folder): folder is string => folder !== undefined && folder !== "",
  );
  const extra = (io.env[SESSION_ROOTS_VARIABLE] ?? "")
    .split(delimiter)
    .filter((folder) => folder.trim() !== "")
    .map((folder) => resolve(io.cwd, folder));
  return [...new Set([...harnesses, ...configured, ...extra])];
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
