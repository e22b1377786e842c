/**
 * Where the AGENTS.md section goes. The file usually lives outside the memory root (the
 * repository's AGENTS.md, with the memory in `memory/`), so it gets its own small port
 * instead of the memory's Persistence.
 *
 * @module
 */

import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { splitRelativePath } from "../shared/relative-path.js";
import { STATUS_FOLDERS } from "../model/layout.js";
import { INDEX_NOTE_PATH } from "../notes/note-store.js";
import { PRIVATE_FOLDER, type Persistence } from "./persistence.js";
import { PersistenceError } from "../errors.js";

/** The file the generated section is spliced into. */
export interface AgentsMdTarget {
  /** How messages name the file. */
  readonly path: string;
  /**
   * `/`-separated path from the target file's folder to the memory root, e.g. `"memory"`,
   * `"."` (same folder) or `"../memory"`: links in the section are written through it.
   */
  readonly memoryRootFromTarget: string;
  /** The file's content, or undefined when there is no file yet. */
  read(): ResultAsync<string | undefined, PersistenceError>;
  /** Replaces (or creates) the file, atomically. */
  write(content: string): ResultAsync<void, PersistenceError>;
}

/**
 * Why a target path inside the memory root is refused, or undefined when it is fine: the
 * index note and the folders of notes and of the library's own files are the memory's, and
 * a generated file there would pass for a broken note or be rewritten by the library.
 *
 * @param segments The path's segments, relative to the memory root.
 * @example
 * ```ts
 * reservedPathReason(["topics", "AGENTS.md"]); // "Refused: \"topics/AGENTS.md\" is inside topics/, ..."
 * reservedPathReason(["AGENTS.md"]); // undefined
 * ```
 */
export function reservedPathReason(segments: readonly string[]): string | undefined {
  const path = segments.join("/");
  if (path === INDEX_NOTE_PATH) {
    return `Refused: "${path}" is the memory's index note; write the section to another file.`;
  }
  const folder = segments[0] ?? "";
  const reserved = [...Object.values(STATUS_FOLDERS), PRIVATE_FOLDER];
  return segments.length > 1 && reserved.includes(folder)
    ? `Refused: "${path}" is inside ${folder}/, which holds the memory's own files; write the section elsewhere.`
    : undefined;
}

/**
 * A target inside the memory root, read and written through the memory's Persistence.
 * Refused (on read and write): paths the Persistence refuses and the memory's own places
 * (see {@link reservedPathReason}).
 *
 * @param relativePath `/`-separated, relative to the memory root, e.g. `"AGENTS.md"`.
 * @example
 * ```ts
 * const target = memoryTarget(persistence, "docs/AGENTS.md");
 * target.memoryRootFromTarget; // ".."
 * ```
 */
export function memoryTarget(persistence: Persistence, relativePath: string): AgentsMdTarget {
  const segments = splitRelativePath(relativePath);
  const refusal = segments.match(
    (parts) => reservedPathReason(parts),
    (reason) => `Refused: ${reason}.`,
  );
  const depth = segments.map((parts) => parts.length - 1).unwrapOr(0);
  return {
    path: relativePath,
    memoryRootFromTarget: depth === 0 ? "." : Array.from({ length: depth }, () => "..").join("/"),
    read: () => {
      if (refusal !== undefined) return errAsync(new PersistenceError(refusal));
      return persistence
        .read(relativePath)
        .orElse((error) => (error.code === "NOT_FOUND" ? okAsync(undefined) : errAsync(error)));
    },
    write: (content) => {
      if (refusal !== undefined) return errAsync(new PersistenceError(refusal));
      return persistence.write(relativePath, content);
    },
  };
}
