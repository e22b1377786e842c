import type { Persistence } from "../../src/ports/persistence.js";

/**
 * A persistence that records each note file read through it (the index note left out), so a
 * test can say which notes an operation read.
 */
export function countingReads(base: Persistence): {
  persistence: Persistence;
  reads: () => string[];
} {
  const seen: string[] = [];
  return {
    persistence: {
      ...base,
      read: (path) => {
        if (path.endsWith(".md") && path !== "index.md") seen.push(path);
        return base.read(path);
      },
    },
    reads: () => seen,
  };
}
