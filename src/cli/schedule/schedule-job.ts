/**
 * What a schedule runs: `memory consolidate --root <root>` with absolute paths to node and
 * the CLI, every N minutes, its output appended to a log under the root's private folder.
 * Pure: the command reads the process (execPath, HOME, PATH) and passes it in.
 *
 * @module
 */

import { createHash } from "node:crypto";
import { join } from "node:path";

/** A periodic consolidation, as every scheduler kind renders it. */
export interface ScheduledJob {
  /** The memory root, absolute. */
  readonly root: string;
  /** The node executable, absolute. */
  readonly node: string;
  /** The CLI script (dist/cli.js), absolute. */
  readonly cli: string;
  /** Minutes between runs. */
  readonly everyMinutes: number;
  /** Environment of the job (AGENT_MEMORY_LLM_CMD, PATH); rendered sorted by name. */
  readonly env: Readonly<Record<string, string>>;
}

/** How often a schedule runs when --every is not given. */
export const DEFAULT_EVERY_MINUTES = 60;

/**
 * The job's names: the launchd label and the systemd unit name, both carrying a hash of
 * the root so each memory gets its own job and scheduling it again replaces it.
 *
 * @example
 * ```ts
 * jobNames("/home/me/notes"); // { label: "dev.agent-memory.1b2c3d4e", unit: "agent-memory-1b2c3d4e" }
 * ```
 */
export function jobNames(root: string): { readonly label: string; readonly unit: string } {
  const hash = createHash("sha256").update(root).digest("hex").slice(0, 8);
  return { label: `dev.agent-memory.${hash}`, unit: `agent-memory-${hash}` };
}

/**
 * The command line the job runs, one argument per element.
 *
 * @example
 * ```ts
 * jobArguments(job); // ["/usr/bin/node", "/opt/memory/dist/cli.js", "consolidate", "--root", "/home/me/notes"]
 * ```
 */
export function jobArguments(job: ScheduledJob): string[] {
  return [job.node, job.cli, "consolidate", "--root", job.root];
}

/**
 * Where the job's output goes: inside the root's private folder, which git never commits.
 *
 * @example
 * ```ts
 * jobLogPath("/home/me/notes"); // "/home/me/notes/.agent-memory/consolidate.log"
 * ```
 */
export function jobLogPath(root: string): string {
  return join(root, ".agent-memory", "consolidate.log");
}

/** The job's environment, sorted by name, so the same job gives the same bytes. */
export function sortedEnv(job: ScheduledJob): [string, string][] {
  return Object.entries(job.env).toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Why a job cannot be written into a schedule file, or undefined: line breaks or NUL in a
 * path or variable would end the line they sit on in every format.
 *
 * @example
 * ```ts
 * jobProblem({ ...job, root: "/tmp/a\nb" }); // "the memory root contains a line break or NUL"
 * ```
 */
export function jobProblem(job: ScheduledJob): string | undefined {
  const bad = /[\r\n\0]/;
  const named: [string, string][] = [
    ["the memory root", job.root],
    ["the node path", job.node],
    ["the CLI path", job.cli],
    ...sortedEnv(job).map(([name, value]): [string, string] => [`$${name}`, `${name}=${value}`]),
  ];
  const found = named.find(([, value]) => bad.test(value));
  return found === undefined ? undefined : `${found[0]} contains a line break or NUL`;
}

/**
 * A word for a POSIX shell: as is when it holds only safe characters, else in single quotes.
 *
 * @example
 * ```ts
 * shellQuote("/usr/bin/node"); // "/usr/bin/node"
 * shellQuote("/My Notes");     // "'/My Notes'"
 * shellQuote("it's");          // "'it'\\''s'"
 * ```
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
