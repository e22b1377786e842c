import { errAsync, okAsync } from "neverthrow";
import { PersistenceError } from "../../errors.js";
import { reservedPathReason } from "../../model/reserved-paths.js";
import type { AgentsMdTarget } from "../../ports/agents-md-target.js";
import type { Persistence } from "../../ports/persistence.js";
import { splitRelativePath } from "../../shared/relative-path.js";

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
