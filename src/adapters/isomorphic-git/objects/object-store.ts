/**
 * Raw object reads for the history walk, without isomorphic-git's per-read overhead (a
 * failed loose-object open and a pack folder listing on every read, measured at about
 * 0.5 ms per object): packs are listed and indexed once per store, loose objects are read
 * directly, and anything this reader cannot handle is asked of isomorphic-git, so an
 * unusual repository costs time, never a wrong answer.
 */
import { inflateSync } from "node:zlib";
import * as git from "isomorphic-git";
import { boundedCache } from "../../../shared/bounded-cache.js";
import { direntName, errnoCode, type FsLike } from "../../fs/fs-like.js";
import { isGitObjectType, type GitObject, type GitObjectType } from "./git-object.js";
import { readPackedObject, type Pack } from "./pack-file.js";
import { parsePackIdx } from "./pack-idx.js";

/**
 * Rebuilt pack objects kept for reuse as delta bases: enough for a 50-deep chain of a
 * 2,000-note folder. Larger is not faster (measured, 1,000 commits of 2,000 notes: 64 MB
 * 1.0 s cold / 0.32 s warm, 16 MB 0.8 s / 0.24 s): rebuilding a tree writes fresh memory,
 * and memory that is freed and reused costs no page faults.
 */
const PACK_CACHE_BYTES = 16 << 20;

/**
 * Reads an object by oid; undefined when the repository does not have it (shallow clone).
 *
 * @example
 * ```ts
 * const read = await objectStore({ fs, root: "/repo", gitdir: "/repo/.git" });
 * await read("9fceb02..."); // { type: "commit", content: <Buffer ...> }
 * ```
 */
export type ReadObject = (oid: string) => Promise<GitObject | undefined>;

/** Where the store reads: the fs, the work tree root and its git dir. */
export interface ObjectStoreLocation {
  readonly fs: FsLike;
  readonly root: string;
  readonly gitdir: string;
}

/** An object reader over the packs present now and any loose object. */
export async function objectStore(location: ObjectStoreLocation): Promise<ReadObject> {
  const { fs, root, gitdir } = location;
  const packs = await loadPacks(fs, `${gitdir}/objects/pack`);
  const cache = boundedCache<GitObject>(PACK_CACHE_BYTES, (object) => object.content.length);
  const isoCache = {};

  const fromPacks = (oid: Buffer): GitObject | undefined => {
    for (const pack of packs) {
      const offset = pack.idx.offsetOf(oid);
      if (offset === undefined) continue;
      try {
        return readPackedObject(pack, offset, cache, fromPacks);
      } catch {
        return undefined; // corrupt entry: isomorphic-git reads it or reports why
      }
    }
    return undefined;
  };

  const fromIsomorphicGit = async (oid: string): Promise<GitObject | undefined> => {
    try {
      const { type, object } = await git.readObject({
        fs,
        dir: root,
        oid,
        format: "content",
        cache: isoCache,
      });
      if (!(object instanceof Uint8Array) || !isGitObjectType(type))
        throw new Error(`isomorphic-git read ${oid} as an unexpected ${type}`);
      return { type, content: Buffer.from(object.buffer, object.byteOffset, object.byteLength) };
    } catch (cause) {
      if (errnoCode(cause) === "NotFoundError") return undefined;
      throw cause;
    }
  };

  return async (oid) => {
    const packed = fromPacks(Buffer.from(oid, "hex"));
    if (packed !== undefined) return packed;
    const loose = await readLoose(fs, `${gitdir}/objects/${oid.slice(0, 2)}/${oid.slice(2)}`);
    return loose ?? fromIsomorphicGit(oid);
  };
}

async function loadPacks(fs: FsLike, folder: string): Promise<Pack[]> {
  let names: string[];
  try {
    const entries = await fs.promises.readdir(folder, { withFileTypes: true });
    names = entries.map((entry) =>
      typeof entry === "string" || entry instanceof Uint8Array
        ? direntName(entry)
        : direntName(entry.name),
    );
  } catch {
    return []; // no pack folder (a fresh repository): every object is loose
  }
  const packs: Pack[] = [];
  for (const name of names.filter((file) => file.endsWith(".idx")).toSorted()) {
    const base = name.slice(0, -".idx".length);
    try {
      const idx = parsePackIdx(toBuffer(await fs.promises.readFile(`${folder}/${name}`)));
      if (idx === undefined) continue;
      const bytes = toBuffer(await fs.promises.readFile(`${folder}/${base}.pack`));
      packs.push({ name: base, idx, bytes });
    } catch {
      continue; // a pack being written or removed right now: isomorphic-git's turn
    }
  }
  return packs;
}

/** A loose object, or undefined when it is absent or unreadable (left to isomorphic-git). */
async function readLoose(fs: FsLike, path: string): Promise<GitObject | undefined> {
  let deflated: Buffer;
  try {
    deflated = toBuffer(await fs.promises.readFile(path));
  } catch {
    return undefined; // absent (ENOENT) or unreadable: isomorphic-git reads it or says why
  }
  try {
    const raw = inflateSync(deflated);
    const space = raw.indexOf(0x20);
    const nul = raw.indexOf(0, space);
    const type = raw.toString("latin1", 0, space);
    if (space < 0 || nul < 0 || !isGitObjectType(type)) return undefined;
    return { type: type satisfies GitObjectType, content: raw.subarray(nul + 1) };
  } catch {
    return undefined;
  }
}

function toBuffer(data: string | Uint8Array): Buffer {
  return typeof data === "string"
    ? Buffer.from(data, "latin1")
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}
