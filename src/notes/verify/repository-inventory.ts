/**
 * What verify checks references against, built from a repository in one pass: the file list
 * and the folders it implies, the npm scripts and dependencies of every package.json, the
 * remotes, the installed binaries, and (only when some note names a symbol) an index of the
 * identifiers written in the repository's source files.
 *
 * @module
 */

import { okAsync, ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../../errors.js";
import { repositoryKey } from "../../model/references/repository-urls.js";
import type { ProjectRepository } from "../../ports/project-repository.js";
import { mapConcurrently } from "../../shared/map-concurrently.js";

/** The repository as verify sees it. */
export interface RepositoryInventory {
  readonly location: string;
  readonly files: ReadonlySet<string>;
  readonly folders: ReadonlySet<string>;
  /** First segments of every path: a path reference is checked only when it starts with one. */
  readonly topLevel: ReadonlySet<string>;
  /** File extensions present (`.ts`): a path with an extension absent here is another project's. */
  readonly extensions: ReadonlySet<string>;
  /**
   * Every file and folder path with its leading folders dropped (`src/a.ts` of
   * `packages/app/src/a.ts`): a path a note writes relative to a sub-project is not stale.
   */
  readonly tails: ReadonlySet<string>;
  /** File name to the paths that carry it, for "it may have moved to ..." hints. */
  readonly byName: ReadonlyMap<string, readonly string[]>;
  /** Every package.json's script names; null when the repository has no package.json. */
  readonly scripts: ReadonlySet<string> | null;
  /** Dependencies of every package.json, and its own `bin` names. */
  readonly packages: ReadonlySet<string>;
  /** The `name` of every package.json: `NAME/sub` is this project's subpath, not a repository. */
  readonly packageNames: ReadonlySet<string>;
  /** Installed `node_modules/.bin` names; null when nothing is installed. */
  readonly binaries: ReadonlySet<string> | null;
  /** Remotes as `host/owner/name`. */
  readonly repositories: ReadonlySet<string>;
  /** Identifiers of the source files; null when not built (no note names a symbol). */
  readonly identifiers: ReadonlySet<string> | null;
  /** Line counts of the files read while indexing. */
  readonly lineCounts: ReadonlyMap<string, number>;
}

/**
 * Files whose identifiers count: source code, the configuration it names keys in, and the
 * project's own documentation (a name its docs use, such as a hook payload's field, is the
 * project's vocabulary even when no code spells it).
 */
const SOURCE_EXTENSIONS = new Set(
  (
    "ts tsx mts cts js jsx mjs cjs vue svelte py pyi go rs java kt kts scala rb php c h cc cpp cxx " +
    "hpp hh cs fs swift m mm lua ex exs erl clj dart zig sh bash zsh sql graphql gql proto json " +
    "jsonc yaml yml toml md mdx rst adoc txt"
  )
    .split(" ")
    .map((extension) => `.${extension}`),
);
/** A larger file is generated or data (a bundle, a lockfile), not code a note names. */
const MAX_SOURCE_CHARS = 512 * 1024;
const READ_CONCURRENCY = 32;
const IDENTIFIER = /[A-Za-z_$][\w$]{3,}/g;

/**
 * Builds the index: one `files()` listing, the package.json files, the remotes, and with
 * `identifiers` every source file read once.
 */
export function buildRepositoryInventory(
  repository: ProjectRepository,
  options: { readonly identifiers: boolean },
): ResultAsync<RepositoryInventory, GitError | PersistenceError> {
  return ResultAsync.combine([
    repository.files(),
    repository.remoteUrls(),
    repository.installedBinaries(),
  ]).andThen(([files, remotes, binaries]) => {
    const listing = listingOf(files);
    const manifests = files.filter(
      (path) => path === "package.json" || path.endsWith("/package.json"),
    );
    return ResultAsync.fromSafePromise(
      readAll(repository, manifests, Number.POSITIVE_INFINITY),
    ).andThen((manifestTexts) => {
      const packageFacts = packageFactsOf(manifestTexts);
      const sources = options.identifiers ? files.filter(isSource) : [];
      return ResultAsync.fromSafePromise(readAll(repository, sources, MAX_SOURCE_CHARS)).andThen(
        (sourceTexts) => {
          const lineCounts = new Map<string, number>();
          const identifiers = options.identifiers ? new Set<string>() : null;
          for (const [path, text] of [...manifestTexts, ...sourceTexts]) {
            lineCounts.set(path, countLines(text));
            if (identifiers !== null && isSource(path)) {
              for (const match of text.matchAll(IDENTIFIER)) identifiers.add(match[0]);
            }
          }
          return okAsync<RepositoryInventory, GitError | PersistenceError>({
            location: repository.location,
            ...listing,
            ...packageFacts,
            binaries: binaries === null ? null : new Set(binaries),
            repositories: new Set(remotes.flatMap((url) => repositoryKey(url) ?? [])),
            identifiers,
            lineCounts,
          });
        },
      );
    });
  });
}

/** Lines of a text as an editor numbers them (a final newline opens no new line). */
export function countLines(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines += 1;
  return text.endsWith("\n") ? lines - 1 : lines;
}

function listingOf(files: readonly string[]) {
  const folders = new Set<string>();
  const topLevel = new Set<string>();
  const extensions = new Set<string>();
  const byName = new Map<string, string[]>();
  const tails = new Set<string>();
  for (const path of files) {
    const segments = path.split("/");
    topLevel.add(segments[0] ?? path);
    for (let start = 1; start < segments.length - 1; start += 1) {
      for (let end = start + 1; end <= segments.length; end += 1) {
        tails.add(segments.slice(start, end).join("/"));
      }
    }
    for (let end = 1; end < segments.length; end += 1) {
      folders.add(segments.slice(0, end).join("/"));
    }
    const name = segments.at(-1) ?? path;
    const dot = name.lastIndexOf(".");
    if (dot > 0) extensions.add(name.slice(dot).toLowerCase());
    const same = byName.get(name);
    if (same === undefined) byName.set(name, [path]);
    else same.push(path);
  }
  return { files: new Set(files), folders, topLevel, extensions, byName, tails };
}

function packageFactsOf(manifests: ReadonlyMap<string, string>) {
  const packageNames = new Set<string>();
  if (manifests.size === 0) return { scripts: null, packages: new Set<string>(), packageNames };
  const scripts = new Set<string>();
  const packages = new Set<string>();
  for (const text of manifests.values()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      continue; // a broken package.json confirms nothing
    }
    if (typeof parsed !== "object" || parsed === null) continue;
    const record = parsed as Record<string, unknown>;
    for (const name of keysOf(record["scripts"])) scripts.add(name);
    for (const field of [
      "dependencies",
      "devDependencies",
      "optionalDependencies",
      "peerDependencies",
    ]) {
      for (const name of keysOf(record[field])) packages.add(name);
    }
    if (typeof record["name"] === "string") packageNames.add(record["name"]);
    const bin = record["bin"];
    if (typeof bin === "string" && typeof record["name"] === "string") {
      packages.add(record["name"].replace(/^@[^/]+\//, ""));
    }
    for (const name of keysOf(bin)) packages.add(name);
  }
  return { scripts, packages, packageNames };
}

function keysOf(value: unknown): string[] {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.keys(value)
    : [];
}

function isSource(path: string): boolean {
  const dot = path.lastIndexOf(".");
  return dot > path.lastIndexOf("/") && SOURCE_EXTENSIONS.has(path.slice(dot).toLowerCase());
}

/** The texts of `paths`, those that cannot be read or exceed `maxChars` left out. */
async function readAll(
  repository: ProjectRepository,
  paths: readonly string[],
  maxChars: number,
): Promise<Map<string, string>> {
  const texts = await mapConcurrently(paths, READ_CONCURRENCY, async (path) => {
    const text = await repository.read(path);
    return text.isOk() && text.value.length <= maxChars ? text.value : undefined;
  });
  const read = new Map<string, string>();
  paths.forEach((path, at) => {
    const text = texts[at];
    if (text !== undefined) read.set(path, text);
  });
  return read;
}
