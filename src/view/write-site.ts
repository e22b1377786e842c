import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { errAsync, ResultAsync } from "neverthrow";
import { InvalidInputError, PersistenceError } from "../errors.js";
import { messageOf } from "../shared/message-of.js";
import type { Site } from "./render-site.js";
import { SiteFiles } from "./site-files.js";
import { threadWriter, workerWriter } from "./site-writer-worker.js";

/**
 * The files a site wrote, each with the hash of its bytes (and a page's key: what it was made
 * from), kept in its folder: the next write removes only those, renders again only the pages
 * whose key changed, and rewrites only the files whose bytes changed.
 */
export const SITE_MANIFEST = ".agent-memory-site.json";

/** Where the manifest is written before it is moved over the last one. */
const MANIFEST_ASIDE = `${SITE_MANIFEST}.tmp`;

// Files written between two turns of the event loop.
const WRITES_PER_TURN = 250;

// Files from which a worker thread writes the site (below, starting it costs more than it saves).
const WORKER_FROM = 1_000;

/** What {@link writeSite} did. */
export interface WrittenSite {
  readonly folder: string;
  /** Files written: new, or changed since the last write to this folder. */
  readonly written: number;
  /** Files left as they were: the same bytes as the last write put there. */
  readonly unchanged: number;
  /**
   * Of the unchanged, the pages not even rendered: each made from the same things (its key:
   * the note, its links' targets, backlinks, neighbourhood, history, the renderer) as the one
   * the last write put there.
   */
  readonly reused: number;
  /** Pages of an earlier render that this one no longer has (a removed note's), removed. */
  readonly removed: number;
}

/**
 * Writes a site to a folder. The folder must be empty, missing, or hold a site written here
 * before (its manifest says which files are the site's): nothing else is ever overwritten or
 * removed, so pointing `--out` at the wrong folder loses nothing. A rebuild renders only the
 * pages whose key changed since the last write here (an edited note's page, the pages that
 * link to it or show it in their neighbourhood), writes only the files whose bytes changed
 * (those pages, the home page, the data files), and removes the pages of notes gone since.
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

/** A file written before: the hash of its bytes ("" when unknown), and its page's key. */
interface WrittenBefore {
  readonly hash: string;
  readonly key: string | undefined;
}

/** The site's files written before. */
type Previous = ReadonlyMap<string, WrittenBefore>;

async function previousFiles(folder: string): Promise<Previous | "foreign"> {
  let entries: string[];
  try {
    entries = await readdir(folder);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return new Map();
    throw error;
  }
  // A first write cut short while its manifest was being written leaves that alone.
  if (entries.every((entry) => entry === MANIFEST_ASIDE)) return new Map();
  if (!entries.includes(SITE_MANIFEST)) return "foreign";
  const manifest = parsedManifest(await readFile(join(folder, SITE_MANIFEST), "utf8"));
  // The first manifests were a list of paths: their files are rewritten once.
  const pairs: unknown[] = Array.isArray(manifest)
    ? manifest.map((path) => [path, ""])
    : isRecord(manifest) && isRecord(manifest["files"])
      ? Object.entries(manifest["files"])
      : [];
  const keys = isRecord(manifest) && isRecord(manifest["keys"]) ? manifest["keys"] : {};
  const previous = new Map<string, WrittenBefore>();
  for (const pair of pairs) {
    if (!Array.isArray(pair)) continue;
    const [path, hash] = pair as unknown[];
    if (typeof path === "string" && isSitePath(path)) {
      const key = keys[path];
      previous.set(path, {
        hash: typeof hash === "string" ? hash : "",
        key: typeof key === "string" ? key : undefined,
      });
    }
  }
  return previous;
}

async function writeFiles(site: Site, folder: string, previous: Previous): Promise<WrittenSite> {
  // In the site's order: a site rendered on demand puts last what takes longest to be ready.
  const paths = [...site.files.keys()];
  // The manifest first, before anything else is made there, every file of this site in it
  // without a hash or key: an interrupted write leaves a folder the next write knows as its
  // own, and renders and rewrites whole.
  await mkdir(folder, { recursive: true });
  const pending = new Map([...previous].map(([path, before]) => [path, before.hash]));
  for (const path of paths) pending.set(path, "");
  await writeManifest(folder, pending, new Map());
  const folders = new Set(paths.map((path) => dirname(join(folder, path))));
  for (const made of folders) await mkdir(made, { recursive: true });
  const present = previous.size === 0 ? new Set<string>() : await filesIn(folders);
  const files = site.files instanceof SiteFiles ? site.files : undefined;
  const textOf = (path: string): string => files?.once(path) ?? site.files.get(path) ?? "";
  // A large site is hashed and written by a worker thread while this one renders its pages.
  const writer = (paths.length >= WORKER_FROM ? workerWriter() : undefined) ?? threadWriter();
  const keys = new Map<string, string>();
  // The pages whose key is the one written before, and whose file is there: kept as they are.
  const kept = new Map<string, string>();
  const handed: string[] = [];
  try {
    for (let at = 0; at < paths.length; at++) {
      // Now and then the event loop gets a turn: a host writing a site keeps serving.
      if (at % WRITES_PER_TURN === WRITES_PER_TURN - 1) {
        await nextTurn();
        await writer.room();
      }
      const path = paths[at] ?? "";
      const file = join(folder, path);
      const key = files?.keyOf(path);
      if (key !== undefined) keys.set(path, key);
      const before = previous.get(path);
      if (key !== undefined && before?.key === key && before.hash !== "" && present.has(file)) {
        kept.set(path, before.hash);
        files?.forget(path);
        continue;
      }
      // Each page rendered and handed over in turn, then let go: never the whole site held.
      writer.write({
        path: file,
        text: textOf(path),
        previous: before?.hash,
        present: present.has(file),
      });
      handed.push(path);
    }
  } catch (error) {
    // A page that failed to render: nothing is left writing once this returns.
    await writer.finish().catch(() => undefined);
    throw error;
  }
  const { hashes, written } = await writer.finish();
  const hashOf = new Map(kept);
  handed.forEach((path, at) => hashOf.set(path, hashes[at] ?? ""));
  const stale = [...previous.keys()].filter((path) => !site.files.has(path));
  for (const path of stale) await rm(join(folder, path), { force: true });
  await writeManifest(folder, new Map(paths.map((path) => [path, hashOf.get(path) ?? ""])), keys);
  return {
    folder,
    written,
    unchanged: paths.length - written,
    reused: kept.size,
    removed: stale.length,
  };
}

/** Resolves on the event loop's next turn. */
function nextTurn(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

async function writeManifest(
  folder: string,
  files: ReadonlyMap<string, string>,
  keys: ReadonlyMap<string, string>,
): Promise<void> {
  // Written aside, then moved over: a write cut short never leaves a torn manifest behind.
  const manifest = join(folder, SITE_MANIFEST);
  await writeFile(
    join(folder, MANIFEST_ASIDE),
    `${JSON.stringify({ version: 3, files: sortedRecord(files), keys: sortedRecord(keys) })}\n`,
  );
  await rename(join(folder, MANIFEST_ASIDE), manifest);
}

function sortedRecord(entries: ReadonlyMap<string, string>): Record<string, string> {
  return Object.fromEntries([...entries].toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The files directly in each of the site's folders (one listing per folder, not a stat per file). */
async function filesIn(folders: ReadonlySet<string>): Promise<Set<string>> {
  const present = new Set<string>();
  for (const inside of folders) {
    for (const entry of await readdir(inside, { withFileTypes: true })) {
      if (entry.isFile()) present.add(join(inside, entry.name));
    }
  }
  return present;
}

/**
 * The manifest's JSON; a torn one (an older version wrote it in place) is still this site's
 * folder, with no file known: every file is written again.
 */
function parsedManifest(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A path a site could have written: relative, inside the folder. */
function isSitePath(path: string): boolean {
  return !path.startsWith("/") && !path.split("/").includes("..") && path !== "";
}
