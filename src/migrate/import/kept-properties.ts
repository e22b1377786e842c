/**
 * Frontmatter properties an import has no field for (`status`, `created`, `source`...) kept as
 * lines at the top of the note's body, so their text stays searchable and nothing is lost.
 *
 * @module
 */
import { propertyText } from "./frontmatter.js";

/**
 * One `- key: value` line per property not in `handled`, in the source's order, followed by a
 * blank line; empty when none is left.
 *
 * @example
 * ```ts
 * keptProperties({ title: "T", status: "done" }, new Set(["title"])); // "- status: done\n\n"
 * ```
 */
export function keptProperties(
  properties: Readonly<Record<string, unknown>>,
  handled: ReadonlySet<string>,
): string {
  const lines = Object.entries(properties)
    .filter(([key]) => !handled.has(key))
    .map(([key, value]) => `- ${key}: ${propertyText(value)}`.trimEnd());
  return lines.length === 0 ? "" : `${lines.join("\n")}\n\n`;
}
