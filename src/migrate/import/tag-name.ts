/**
 * A source's label (an MCP entity type, a Claude Code memory type) as a tag name this memory
 * accepts: characters a tag cannot hold become `-`.
 *
 * @module
 */
import { isValidTagName } from "../../model/tags.js";

/**
 * The tag for `label`, or undefined when nothing usable is left (an all-digit label).
 *
 * @example
 * ```ts
 * tagName("User Personal Information"); // "User-Personal-Information"
 * tagName("2024"); // undefined
 * ```
 */
export function tagName(label: string): string | undefined {
  const name = label
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}_\-/]+/gu, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  return isValidTagName(name) ? name : undefined;
}
