/**
 * Old (v1) entry filenames: `descriptive-title -- kw1 kw2 id__XXXXXX.md`, optionally
 * prefixed with `_top-of-mind`. Pure functions, no I/O.
 *
 * @module
 */

import { isValidId } from "../model/id.js";
import { readableSlug } from "../model/slug.js";

/** What an old filename says about its entry. */
export interface LegacyFilename {
  /** Whether the name carried the `_top-of-mind` prefix. */
  readonly topOfMind: boolean;
  /** The id at the end of the name, if it has a valid one. */
  readonly id: string | undefined;
  /** The descriptive part as words ("descriptive-title" → "descriptive title"); may be empty. */
  readonly title: string;
  /** The keywords between ` -- ` and the id. */
  readonly keywords: readonly string[];
}

const TOP_OF_MIND = /^_top-of-mind(?:[ _-]+|$)/i;
const KEYWORD_SEPARATOR = /\s+--(?:\s+|$)/;

/**
 * Reads an old-format filename (a path is reduced to its last part).
 *
 * @example
 * ```ts
 * parseLegacyFilename("orgs/acme/topics/_top-of-mind deploy-steps -- topic__ci area__ops id__Kf9mNp.md");
 * // { topOfMind: true, id: "id__Kf9mNp", title: "deploy steps", keywords: ["topic__ci", "area__ops"] }
 * ```
 */
export function parseLegacyFilename(name: string): LegacyFilename {
  const base = name.slice(name.lastIndexOf("/") + 1).replace(/\.md$/i, "");
  const topOfMind = TOP_OF_MIND.test(base);
  const words = base.replace(TOP_OF_MIND, "").trim().split(/\s+/);
  const last = words.at(-1) ?? "";
  const id = isValidId(last) ? last : undefined;
  const stem = (id === undefined ? words : words.slice(0, -1)).join(" ");
  const [descriptive = "", keywordText = ""] = splitOnce(stem, KEYWORD_SEPARATOR);
  return {
    topOfMind,
    id,
    title: readableSlug(descriptive.trim().replace(/[\s_]+/g, "-")),
    keywords: keywordText.split(/\s+/).filter((word) => word !== ""),
  };
}

function splitOnce(text: string, separator: RegExp): [string, string] {
  const match = separator.exec(text);
  if (match === null) return [text, ""];
  return [text.slice(0, match.index), text.slice(match.index + match[0].length)];
}
