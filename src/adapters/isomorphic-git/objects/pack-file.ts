/**
 * Reading objects out of a pack file held in memory: the entry header, zlib-inflated data,
 * and delta chains resolved through a shared cache of rebuilt objects, so the base of many
 * deltas (a folder's tree, version after version) is inflated once.
 */
import { inflateSync } from "node:zlib";
import type { BoundedCache } from "../../../shared/bounded-cache.js";
import { applyDelta } from "./delta.js";
import { packObjectType, type GitObject } from "./git-object.js";
import type { PackIdx } from "./pack-idx.js";

const OFS_DELTA = 6;
const REF_DELTA = 7;

/**
 * One pack: its index and its bytes.
 *
 * @example
 * ```ts
 * const pack: Pack = { name: "pack-1", index, bytes: await fs.promises.readFile(packPath) };
 * ```
 */
export interface Pack {
  readonly name: string;
  readonly idx: PackIdx;
  readonly bytes: Buffer;
}

/** Reads any object by oid, for ref-deltas whose base may live elsewhere. */
export type ReadObjectSync = (oid: Buffer) => GitObject | undefined;

/**
 * The object at `offset` in `pack`, or undefined when the entry cannot be read (corrupt,
 * or a ref-delta base the repository lacks); the caller then asks isomorphic-git.
 *
 * @example
 * ```ts
 * const object = readPackedObject(pack, offset, cache, readAny);
 * ```
 */
export function readPackedObject(
  pack: Pack,
  offset: number,
  cache: BoundedCache<GitObject>,
  readAny: ReadObjectSync,
): GitObject | undefined {
  const key = `${pack.name}:${offset}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const object = readEntry(pack, offset, cache, readAny);
  if (object !== undefined) cache.set(key, object);
  return object;
}

function readEntry(
  pack: Pack,
  offset: number,
  cache: BoundedCache<GitObject>,
  readAny: ReadObjectSync,
): GitObject | undefined {
  const { bytes } = pack;
  let at = offset;
  let byte = bytes[at++] ?? 0;
  const code = (byte >> 4) & 7;
  // The entry's inflated size follows in base-128; the inflater checks it, so skip it.
  while ((byte & 0x80) !== 0 && at < bytes.length) byte = bytes[at++] ?? 0;

  let base: GitObject | undefined;
  if (code === OFS_DELTA) {
    byte = bytes[at++] ?? 0;
    let distance = byte & 0x7f;
    while ((byte & 0x80) !== 0 && at < bytes.length) {
      byte = bytes[at++] ?? 0;
      distance = (distance + 1) * 128 + (byte & 0x7f);
    }
    if (distance <= 0 || distance > offset) return undefined;
    base = readPackedObject(pack, offset - distance, cache, readAny);
    if (base === undefined) return undefined;
  } else if (code === REF_DELTA) {
    base = readAny(bytes.subarray(at, at + 20));
    at += 20;
    if (base === undefined) return undefined;
  }

  // zlib stops at the end of the entry's stream, so the rest of the pack can follow it.
  const data = inflateSync(bytes.subarray(at));
  if (base === undefined) {
    const type = packObjectType(code);
    return type === undefined ? undefined : { type, content: data };
  }
  const content = applyDelta(data, base.content);
  return content === undefined ? undefined : { type: base.type, content };
}
