/**
 * The git CLI adapter's walk kept between processes, so a short-lived process (a CLI call,
 * a hook) with an unchanged HEAD pays one `rev-parse` instead of a `git log` over the whole
 * history (10,000 notes in 20 commits: about 0.2 s). One JSON file per memory prefix in the
 * git dir (`<gitdir>/agent-memory/cli-timestamps-<hash>.json`: never committed, never in the
 * work tree), keyed by HEAD and by the shallow boundary; anything unexpected in it makes it
 * absent, so the walk runs again and rewrites it. A HEAD that moved forward walks only the
 * commits since the saved one (the adapter checks it is still an ancestor).
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { tempNameFor } from "../fs/fs-temp-name.js";
import type { HistoryStore } from "../git-history/history-cache.js";
import { packTimes, unpackTimes } from "../git-history/packed-times.js";

// Bumped whenever the file's shape or the walk's meaning changes (2: packed times; 3: ids of
// any accepted width, so a file of the fixed-width packing is walked again, never misread).
const VERSION = 3;
const OID = /^[0-9a-f]{40,64}$/;

function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * A {@link HistoryStore} over the file of `prefix` (repository-relative, `""` for the whole
 * repository) in `gitdir`, written with a temp file and a rename.
 *
 * @example
 * ```ts
 * const store = cliTimestampsStore("/repo/.git", "orgs/acme");
 * await store.load(); // HistoryState<string> | undefined
 * ```
 */
export function cliTimestampsStore(gitdir: string, prefix: string): HistoryStore<string> {
  const folder = `${gitdir}/agent-memory`;
  const path = `${folder}/cli-timestamps-${shortHash(prefix)}.json`;
  const shallow = async (): Promise<string> => {
    const text = await readFile(`${gitdir}/shallow`, "utf8").catch(() => "");
    return text === "" ? "" : shortHash(text);
  };
  return {
    async load() {
      try {
        const file: unknown = JSON.parse(await readFile(path, "utf8"));
        if (typeof file !== "object" || file === null) return undefined;
        if (!("version" in file && "prefix" in file && "shallow" in file)) return undefined;
        if (!("head" in file && "times" in file)) return undefined;
        if (file.version !== VERSION || file.prefix !== prefix) return undefined;
        if (file.shallow !== (await shallow())) return undefined;
        const { head } = file;
        if (typeof head !== "string" || !OID.test(head)) return undefined;
        const times = unpackTimes(file.times);
        return times === undefined ? undefined : { head, handle: head, times };
      } catch {
        return undefined;
      }
    },
    async save(state) {
      const temp = `${folder}/${tempNameFor(path.slice(folder.length + 1))}`;
      try {
        await mkdir(folder, { recursive: true, mode: 0o700 });
        const file = {
          version: VERSION,
          prefix,
          shallow: await shallow(),
          head: state.head,
          times: packTimes(state.times),
        };
        // Owner-only: the walk names every note and when it changed.
        await writeFile(temp, JSON.stringify(file), { mode: 0o600 });
        await rename(temp, path);
      } catch {
        // A read-only git dir or a full disk loses the cache, not the answer.
        await unlink(temp).catch(() => undefined);
      }
    },
  };
}
