/**
 * A change to a note's tag line (`memory tag ID +add -remove`): pure, so the CLI, the API
 * and the MCP tool apply the same rule.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../errors.js";
import { validateTags } from "./note-input.js";
import { dedupeTags, tagKey } from "./tags.js";

/** Tags to add to and remove from a note's tag line, with or without `#`. */
export interface TagChange {
  readonly add?: readonly string[];
  readonly remove?: readonly string[];
}

/** A tag change after validation: names without `#`, deduplicated. */
export interface CheckedTagChange {
  readonly add: readonly string[];
  readonly remove: readonly string[];
}

/** The tag line a change leaves, and what it really added and removed. */
export interface TagLineChange {
  readonly tagLine: readonly string[];
  /** Tags put on the tag line (a tag the note already had, anywhere, is not added again). */
  readonly added: readonly string[];
  /** Tags taken off the tag line (a tag the note did not have is not reported). */
  readonly removed: readonly string[];
}

/**
 * Checks a tag change: every name must be a valid tag, at least one must be given, and no
 * tag may be both added and removed.
 *
 * @example
 * ```ts
 * checkTagChange({ add: ["#work"], remove: ["draft"] }); // ok({ add: ["work"], remove: ["draft"] })
 * checkTagChange({ add: ["my tag"] }).isErr();            // true: whitespace
 * ```
 */
export function checkTagChange(change: TagChange): Result<CheckedTagChange, InvalidInputError> {
  const add = validateTags(change.add ?? []);
  if (add.isErr()) return err(add.error);
  const remove = validateTags(change.remove ?? []);
  if (remove.isErr()) return err(remove.error);
  if (add.value.length === 0 && remove.value.length === 0) {
    return err(
      new InvalidInputError(
        "A tag change needs a tag to add or remove, e.g. +people or -draft; nothing was written.",
      ),
    );
  }
  const removing = new Set(remove.value.map(tagKey));
  const both = add.value.find((name) => removing.has(tagKey(name)));
  if (both !== undefined) {
    return err(
      new InvalidInputError(
        `#${both} is both added and removed; give it once, with + or with -. Nothing was written.`,
      ),
    );
  }
  return ok({ add: add.value, remove: remove.value });
}

/**
 * Applies a checked change to a note's tag line. A tag written in the body's text (not on the
 * tag line) cannot be removed here: the change is refused, since removing it would mean
 * editing prose.
 *
 * @param tagLine The tags on the note's tag line.
 * @param allTags Every tag of the note (tag line and body).
 * @example
 * ```ts
 * changeTagLine(["people"], ["people"], { add: ["work"], remove: ["people"] });
 * // ok({ tagLine: ["work"], added: ["work"], removed: ["people"] })
 * ```
 */
export function changeTagLine(
  tagLine: readonly string[],
  allTags: readonly string[],
  change: CheckedTagChange,
): Result<TagLineChange, InvalidInputError> {
  const onLine = new Set(tagLine.map(tagKey));
  const inBody = change.remove.filter(
    (name) => !onLine.has(tagKey(name)) && allTags.some((tag) => tagKey(tag) === tagKey(name)),
  );
  if (inBody.length > 0) {
    const names = inBody.map((name) => `#${name}`).join(", ");
    return err(
      new InvalidInputError(
        `${names} ${inBody.length > 1 ? "are" : "is"} written in the note's text, not on its tag line, and \`tag\` changes only the tag line. ` +
          "Edit the body to take it out (memory edit ID --replace ...). Nothing was written.",
      ),
    );
  }
  const removing = new Set(change.remove.map(tagKey));
  const removed = tagLine.filter((tag) => removing.has(tagKey(tag)));
  const has = new Set(allTags.map(tagKey));
  const added = change.add.filter((name) => !has.has(tagKey(name)));
  const kept = tagLine.filter((tag) => !removing.has(tagKey(tag)));
  return ok({ tagLine: dedupeTags([...kept, ...added]), added, removed });
}
