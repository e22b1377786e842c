/**
 * Note filenames: `<slug> id__XXXXXX.md`, the only place a note's id is stored.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../errors.js";
import { ID_PLACEHOLDER, ID_SHAPE, isValidId } from "./id.js";
import { slugify } from "./slug.js";

const EXTENSION = ".md";

/** The two parts of a note filename. */
export interface ParsedFilename {
  /** The note id, e.g. `id__Kf9mNp`. */
  readonly id: string;
  /** Everything before the id (without the separating space); `""` for a bare `id__XXXXXX.md`. */
  readonly slug: string;
}

/**
 * Builds the filename of a note from its title and id.
 *
 * @example
 * ```ts
 * buildFilename("Igor — fullstack developer", "id__Kf9mNp");
 * // "igor-fullstack-developer id__Kf9mNp.md"
 * ```
 */
export function buildFilename(title: string, id: string): string {
  return `${slugify(title)} ${id}${EXTENSION}`;
}

/**
 * Reads the id and slug out of a note filename.
 *
 * Accepts `<slug> id__XXXXXX.md` and a bare `id__XXXXXX.md`. The id is the last
 * space-separated token before `.md`, so legacy names such as
 * `my title -- kw1 kw2 id__Ab3xYz.md` parse too (their slug is everything before the id).
 * A path is reduced to its part after the last `/`.
 *
 * @returns The id and slug, or an {@link InvalidInputError} describing a valid name.
 * @example
 * ```ts
 * parseFilename("topics/igor-fullstack id__Kf9mNp.md");
 * // ok({ id: "id__Kf9mNp", slug: "igor-fullstack" })
 * parseFilename("notes.md").isErr(); // true
 * ```
 */
export function parseFilename(name: string): Result<ParsedFilename, InvalidInputError> {
  const base = name.slice(name.lastIndexOf("/") + 1);
  if (!base.endsWith(EXTENSION)) return err(invalidName(base, "it does not end in .md"));
  const stem = base.slice(0, -EXTENSION.length);
  const space = stem.lastIndexOf(" ");
  const id = stem.slice(space + 1);
  if (!isValidId(id)) {
    return err(invalidName(base, `"${id}" is not a note id (${ID_SHAPE})`));
  }
  return ok({ id, slug: space === -1 ? "" : stem.slice(0, space) });
}

function invalidName(base: string, reason: string): InvalidInputError {
  return new InvalidInputError(
    `"${base}" is not a note filename: ${reason}. ` +
      `A note filename looks like "<slug> ${ID_PLACEHOLDER}.md" (for example "igor-fullstack id__Kf9mNp.md") ` +
      `or "${ID_PLACEHOLDER}.md", where the id is ${ID_SHAPE}.`,
  );
}
