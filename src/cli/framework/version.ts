import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The package's version, read from its package.json: the nearest one above this file named
 * agent-memory (dist/cli.js and src/cli/framework/version.ts sit at different depths).
 *
 * @example
 * ```ts
 * packageVersion(); // "0.1.0"
 * ```
 */
export function packageVersion(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === "agent-memory" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // No package.json here: look one folder up.
    }
    if (dirname(dir) === dir) return "unknown";
  }
}
