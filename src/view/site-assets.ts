import { readFile } from "node:fs/promises";
import { errAsync, okAsync, ResultAsync } from "neverthrow";
import { PersistenceError } from "../errors.js";
import { SITE_CSS } from "./site-css.js";
import { SITE_PATHS } from "./site-paths.js";

/**
 * Where the page scripts are: built by tsup beside the package's code (dist/view-assets/),
 * which a source checkout reaches from src/view/ as ../../dist/view-assets/.
 */
const ASSET_FOLDERS = ["./view-assets/", "../view-assets/", "../../dist/view-assets/"];

let loaded: Promise<ReadonlyMap<string, string> | undefined> | undefined;

/**
 * The files every site ships whatever the memory: the stylesheet, the graph script (with
 * cytoscape inside) and the search script (the library's own ranking). Read once per process.
 */
export function siteAssets(): ResultAsync<ReadonlyMap<string, string>, PersistenceError> {
  loaded ??= findAssets();
  return ResultAsync.fromSafePromise(loaded).andThen((assets) =>
    assets === undefined
      ? errAsync(
          new PersistenceError(
            "The site's page scripts (view-assets/graph.js and search.js) are not built: run `npm run build` (tsup) in the agent-memory package.",
          ),
        )
      : okAsync(assets),
  );
}

async function findAssets(): Promise<ReadonlyMap<string, string> | undefined> {
  for (const folder of ASSET_FOLDERS) {
    try {
      const [graph, search] = await Promise.all([
        readFile(new URL(`${folder}graph.js`, import.meta.url), "utf8"),
        readFile(new URL(`${folder}search.js`, import.meta.url), "utf8"),
      ]);
      return new Map([
        [SITE_PATHS.css, SITE_CSS],
        [SITE_PATHS.graphScript, graph],
        [SITE_PATHS.searchScript, search],
      ]);
    } catch {
      // Not this folder: try the next.
    }
  }
  return undefined;
}
