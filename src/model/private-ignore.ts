/**
 * The ignore rule that keeps the library's private folder (`.agent-memory/`: locks, caches,
 * logs) out of git in every clone: a line in the memory root's own `.gitignore`, which is
 * committed, rather than a `.gitignore` inside the folder that ignores itself and so never
 * reaches a clone.
 *
 * @module
 */

import { PRIVATE_FOLDER } from "./layout.js";

/** The memory root's ignore file, relative to the root. */
export const ROOT_IGNORE_FILE = ".gitignore";

/** The line added to it: the private folder at the root, wherever the root lies in the repository. */
export const PRIVATE_IGNORE_RULE = `/${PRIVATE_FOLDER}/`;

const COVERING = new Set([
  PRIVATE_FOLDER,
  `${PRIVATE_FOLDER}/`,
  `/${PRIVATE_FOLDER}`,
  `/${PRIVATE_FOLDER}/`,
  `${PRIVATE_FOLDER}/*`,
  `/${PRIVATE_FOLDER}/*`,
  `${PRIVATE_FOLDER}/**`,
  `/${PRIVATE_FOLDER}/**`,
]);

/**
 * The `.gitignore` text with the rule added, or undefined when a line already ignores the
 * private folder. Every other line is kept as it was.
 *
 * @example
 * ```ts
 * withPrivateIgnoreRule(undefined);          // "/.agent-memory/\n"
 * withPrivateIgnoreRule("node_modules");     // "node_modules\n/.agent-memory/\n"
 * withPrivateIgnoreRule(".agent-memory/\n"); // undefined
 * ```
 */
export function withPrivateIgnoreRule(text: string | undefined): string | undefined {
  const current = text ?? "";
  const lines = current.split(/\r?\n/u).map((line) => line.trim());
  if (lines.some((line) => COVERING.has(line))) return undefined;
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  return `${current}${separator}${PRIVATE_IGNORE_RULE}\n`;
}
