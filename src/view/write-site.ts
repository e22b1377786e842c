import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { errAsync, ResultAsync } from "neverthrow";
import { InvalidInputError, PersistenceError } from "../errors.js";
import { mapConcurrently } from "../shared/map-concurrently.js";
import { messageOf } from "../shared/message-of.js";
import type { Site } from "./render-site.js";

/** The list of files a site wrote, kept in its folder so the next write removes only those. */
export const SITE_MANIFEST = ".agent-memory-site.json";

// Writes in flight at once: 10,000 pages one after the other wait on the disk 10,000 times.
const WRITES_AT_ONCE = 32;

/** What {@link writeSite} did. */
export interface WrittenSite {
  readonly folder: string;
  readonly written: number;
  /** Pages of an earlier render that this one no longer has (a removed note's), removed. */
  readonly removed: number;
}

/**
 * Writes a site to a folder. The folder must be empty, missing, or hold a site written here
 * before (its manifest says which files are the site's): nothing else is ever overwritten or
 * removed, so pointing `--out` at the wrong folder loses nothing.
 *
 * @example
 * ```ts
 * const written = await writeSite(site, "./memory-site");
 * if (written.isOk()) console.log(`${written.value.written} files`);
 * ```
 */
export function writeSite(
  site: Site,
  folder: string,
): ResultAsync<WrittenSite, InvalidInputError | PersistenceError> {
  return ResultAsync.fromPromise(
    previousFiles(folder),
    (cause) => new PersistenceError(`Could not read ${folder}: ${messageOf(cause)}`, { cause }),
  ).andThen((previous) => {
    if (previous === "foreign") {
      return errAsync(
        new InvalidInputError(
          `${folder} holds files that are not a site this command wrote (it has no ${SITE_MANIFEST}): give --out an empty or new folder.`,
        ),
      );
    }
    return ResultAsync.fromPromise(
      writeFiles(site, folder, previous),
      (cause) =>
        new PersistenceError(`Could not write the site to ${folder}: ${messageOf(cause)}`, {
          cause,
        }),
    );
  });
}

async function previousFiles(folder: string): Promise<readonly string[] | "foreign"> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  }
  if (entries.length === 0) return [];
  if (!entries.includes(SITE_MANIFEST)) return "foreign";
  const manifest: unknown = JSON.parse(await readFile(join(folder, SITE_MANIFEST), "utf8"));
  return Array.isArray(manifest)
    ? manifest.filter((path): path is string => typeof path === "string" && isSitePath(path))
    : [];
}

async function writeFiles(
  site: Site,
  folder: string,
  previous: readonly string[],
): Promise<WrittenSite> {
  const folders = new Set([...site.files.keys()].map((path) => dirname(join(folder, path))));
  for (const made of folders) await mkdir(made, { recursive: true });
  const paths = [...site.files.keys()].toSorted();
  // The manifest first: an interrupted write leaves a folder the next write may clean.
  await writeFile(
    join(folder, SITE_MANIFEST),
    `${JSON.stringify([...new Set([...previous, ...paths])])}\n`,
  );
  await mapConcurrently(paths, WRITES_AT_ONCE, (path) =>
    writeFile(join(folder, path), site.files.get(path) ?? ""),
  );
  const stale = previous.filter((path) => !site.files.has(path));
  for (const path of stale) await rm(join(folder, path), { force: true });
  await writeFile(join(folder, SITE_MANIFEST), `${JSON.stringify(paths)}\n`);
  return { folder, written: paths.length, removed: stale.length };
}

/** A path a site could have written: relative, inside the folder. */
function isSitePath(path: string): boolean {
  return !path.startsWith("/") && !path.split("/").includes("..") && path !== "";
}
