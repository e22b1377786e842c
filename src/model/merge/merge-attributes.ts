/**
 * The `.gitattributes` rules under a memory root that route its notes, index note, session
 * logs and journal files to the `agent-memory` merge driver (docs/concurrency.md). Committed,
 * so every clone has them; each clone's `git config` names the command (git never copies it).
 *
 * @module
 */

/** The attributes file at the memory root, committed with the memory. */
export const ROOT_ATTRIBUTES_FILE = ".gitattributes";

/** The driver's name in `.gitattributes` (`merge=agent-memory`) and in git's config. */
export const MERGE_DRIVER = "agent-memory";

const HEADER =
  "# agent-memory: these files merge by meaning (memory merge-driver; docs/concurrency.md)";

const RULES = [
  "/index.md merge=agent-memory",
  "/inbox/*.md merge=agent-memory",
  "/topics/*.md merge=agent-memory",
  "/archive/*.md merge=agent-memory",
  "/sessions/**/*.md merge=agent-memory",
  "/journal/**/*.json merge=agent-memory",
];

/**
 * The attributes text with every rule present (the missing ones appended after a comment),
 * or undefined when it already has them all.
 *
 * @example
 * ```ts
 * withMergeRules(undefined); // "# agent-memory: ...\n/index.md merge=agent-memory\n..."
 * withMergeRules(withMergeRules("*.png binary\n")); // undefined
 * ```
 */
export function withMergeRules(current: string | undefined): string | undefined {
  const lines = (current ?? "").split(/\r?\n/);
  const missing = RULES.filter((rule) => !lines.includes(rule));
  if (missing.length === 0) return undefined;
  const head = current === undefined || current === "" ? "" : current.replace(/\n*$/, "\n\n");
  return `${head}${lines.includes(HEADER) ? "" : `${HEADER}\n`}${missing.join("\n")}\n`;
}
