/** The kinds of git objects and an object's content, as the raw readers return them. */

/**
 * A git object's type.
 *
 * @example
 * ```ts
 * const type: GitObjectType = "tree";
 * ```
 */
export type GitObjectType = "commit" | "tree" | "blob" | "tag";

/**
 * A git object: its type and its content (without the `type size\0` header).
 *
 * @example
 * ```ts
 * const object: GitObject = { type: "blob", content: Buffer.from("# A\n") };
 * ```
 */
export interface GitObject {
  readonly type: GitObjectType;
  readonly content: Buffer;
}

const TYPES: readonly (GitObjectType | undefined)[] = [undefined, "commit", "tree", "blob", "tag"];

/** The object type of a pack entry type number (1-4), undefined for deltas and unknown ones. */
export function packObjectType(code: number): GitObjectType | undefined {
  return TYPES[code];
}

/** Narrows a loose object header's type name. */
export function isGitObjectType(name: string): name is GitObjectType {
  return name === "commit" || name === "tree" || name === "blob" || name === "tag";
}
