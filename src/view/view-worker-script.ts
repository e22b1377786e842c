import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * Where a view worker's script is: tsup bundles each alone into the package's view-assets
 * (beside the page scripts), which a source checkout reaches in dist/ once built.
 */
const WORKER_FOLDERS = ["./view-assets/", "../view-assets/", "../../dist/view-assets/"];

/**
 * The URL of a view worker's bundled script (`name` without `.js`), or undefined where no
 * worker thread can run it: the script is not built, or the runtime is not Node (Bun runs the
 * sources, so the work stays in the calling thread there).
 *
 * @example
 * ```ts
 * const script = viewWorkerScript("site-writer-worker"); // file:///…/view-assets/site-writer-worker.js
 * ```
 */
export function viewWorkerScript(name: string): URL | undefined {
  if (typeof process.versions.bun === "string") return undefined;
  return WORKER_FOLDERS.map((folder) => new URL(`${folder}${name}.js`, import.meta.url)).find(
    (url) => existsSync(fileURLToPath(url)),
  );
}
