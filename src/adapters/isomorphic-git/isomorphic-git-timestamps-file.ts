/**
 * The isomorphic-git walk kept between processes: one JSON file per memory prefix in the
 * repository's git dir (`<gitdir>/agent-memory/timestamps-<hash>.json`), so it is never
 * committed and never in the work tree. It is keyed by HEAD: the times at a commit are a
 * function of the history behind it, which a commit id fixes. Anything unexpected in the
 * file (missing, truncated, corrupt, another version or prefix) makes it absent, so the
 * walk runs again and rewrites it: a cache costs time, never a wrong answer. The file also
 * records the shallow boundary (`<gitdir>/shallow`), because deepening a shallow clone
 * changes the history behind an unchanged HEAD.
 */
import { createHash } from "node:crypto";
import { timesFromJson, timesToJson } from "../git-history/times-json.js";
import type { HistoryState, HistoryStore } from "../git-history/history-cache.js";
import type { FsLike } from "../fs/fs-like.js";
import { tempNameFor } from "../fs/fs-temp-name.js";
import type { IsoWalkHandle } from "./isomorphic-git-history.js";

/**
 * Bumped whenever the file's shape or the walk's meaning changes (which paths count for an
 * id, merges skipped), so a file written by another version is walked again, not trusted.
 */
export const TIMESTAMPS_FILE_VERSION = 1;

const OID = /^[0-9a-f]{40}$/;

/** The file as written. */
interface TimestampsFile {
  readonly version: number;
  readonly prefix: string;
  /** A hash of `<gitdir>/shallow`, `""` when the repository is not shallow. */
  readonly shallow: string;
  readonly head: string;
  readonly seen: readonly string[];
  readonly times: Readonly<Record<string, readonly [number, number]>>;
}

/**
 * Where the walk of `prefix` (repository-relative, `""` for the whole repository) is kept.
 *
 * @example
 * ```ts
 * timestampsFilePath("/repo/.git", "orgs/acme"); // "/repo/.git/agent-memory/timestamps-1b4f0e98.json"
 * ```
 */
export function timestampsFilePath(gitdir: string, prefix: string): string {
  return `${gitdir}/agent-memory/timestamps-${shortHash(prefix)}.json`;
}

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * A {@link HistoryStore} over the timestamps file of `prefix`, written through `fs`
 * (temp file + rename, so a reader never sees half a file).
 *
 * @example
 * ```ts
 * const store = timestampsFileStore(fs, "/repo/.git", "");
 * await store.load(); // HistoryState | undefined
 * ```
 */
export function timestampsFileStore(
  fs: FsLike,
  gitdir: string,
  prefix: string,
): HistoryStore<IsoWalkHandle> {
  const path = timestampsFilePath(gitdir, prefix);
  const readText = async (file: string): Promise<string> => {
    const text = await fs.promises.readFile(file, "utf8");
    return typeof text === "string" ? text : Buffer.from(text).toString("utf8");
  };
  const shallow = async (): Promise<string> => {
    const text = await readText(`${gitdir}/shallow`).catch(() => "");
    return text === "" ? "" : shortHash(text);
  };
  return {
    async load() {
      try {
        const parsed: unknown = JSON.parse(await readText(path));
        return stateOf(parsed, prefix, await shallow());
      } catch {
        return undefined;
      }
    },
    async save(state) {
      const folder = path.slice(0, path.lastIndexOf("/"));
      const temp = `${folder}/${tempNameFor(path.slice(folder.length + 1))}`;
      try {
        await fs.promises.mkdir(folder, { recursive: true });
        await fs.promises.writeFile(temp, JSON.stringify(fileOf(state, prefix, await shallow())));
        await fs.promises.rename(temp, path);
      } catch {
        // A read-only git dir or a full disk loses the cache, not the answer.
        await fs.promises.unlink(temp).catch(() => undefined);
      }
    },
  };
}

function fileOf(
  state: HistoryState<IsoWalkHandle>,
  prefix: string,
  shallow: string,
): TimestampsFile {
  return {
    version: TIMESTAMPS_FILE_VERSION,
    prefix,
    shallow,
    head: state.head,
    seen: [...state.handle.seen].toSorted(),
    times: timesToJson(state.times),
  };
}

/** The state in a parsed file, or undefined when any part of it is not as written. */
function stateOf(
  file: unknown,
  prefix: string,
  shallow: string,
): HistoryState<IsoWalkHandle> | undefined {
  if (typeof file !== "object" || file === null) return undefined;
  if (!("version" in file && "prefix" in file && "shallow" in file)) return undefined;
  if (!("head" in file && "seen" in file && "times" in file)) return undefined;
  const { version, head, seen, times } = file;
  if (version !== TIMESTAMPS_FILE_VERSION || file.prefix !== prefix) return undefined;
  if (file.shallow !== shallow) return undefined;
  if (typeof head !== "string" || !OID.test(head)) return undefined;
  if (!Array.isArray(seen) || !seen.every((oid) => typeof oid === "string" && OID.test(oid)))
    return undefined;
  const seenSet = new Set<string>(seen);
  if (!seenSet.has(head)) return undefined;
  const byId = timesFromJson(times);
  if (byId === undefined) return undefined;
  return { head, handle: { head, seen: seenSet }, times: byId };
}
