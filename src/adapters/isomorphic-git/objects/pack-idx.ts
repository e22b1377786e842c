/**
 * A pack's `.idx` file (version 2), searched in place: the object names are binary-searched
 * in the file's own bytes, so opening a pack builds no table of its objects.
 */

const MAGIC = 0xff744f63;
const FANOUT_START = 8;
const NAMES_START = FANOUT_START + 256 * 4;

/**
 * Offsets of a pack's objects by oid.
 *
 * @example
 * ```ts
 * const index = parsePackIdx(await fs.promises.readFile(".git/objects/pack/pack-1.idx"));
 * index?.offsetOf(Buffer.from("9fceb02...", "hex")); // 12 (or undefined)
 * ```
 */
export interface PackIdx {
  /** The object's byte offset in the `.pack` file, or undefined when the pack lacks it. */
  offsetOf(oid: Uint8Array): number | undefined;
}

/** Parses a version-2 pack index; undefined for any other version or a short file. */
export function parsePackIdx(bytes: Uint8Array): PackIdx | undefined {
  const idx = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (idx.length < NAMES_START || idx.readUInt32BE(0) !== MAGIC || idx.readUInt32BE(4) !== 2)
    return undefined;
  const count = idx.readUInt32BE(FANOUT_START + 255 * 4);
  const offsetsStart = NAMES_START + count * 24; // names (20 bytes each), then CRCs (4 each)
  const largeStart = offsetsStart + count * 4;
  if (idx.length < largeStart + 40) return undefined;

  const offsetAt = (position: number): number | undefined => {
    const small = idx.readUInt32BE(offsetsStart + position * 4);
    if ((small & 0x80000000) === 0) return small;
    // Packs over 2 GiB keep the offset in the 8-byte table; the MSB marks the indirection.
    const at = largeStart + (small & 0x7fffffff) * 8;
    if (at + 8 > idx.length) return undefined;
    return Number(idx.readBigUInt64BE(at));
  };

  return {
    offsetOf(oid) {
      const first = oid[0];
      if (oid.length !== 20 || first === undefined) return undefined;
      let low = first === 0 ? 0 : idx.readUInt32BE(FANOUT_START + (first - 1) * 4);
      let high = idx.readUInt32BE(FANOUT_START + first * 4);
      while (low < high) {
        const middle = (low + high) >>> 1;
        const at = NAMES_START + middle * 20;
        const order = idx.compare(oid, 0, 20, at, at + 20);
        if (order === 0) return offsetAt(middle);
        if (order > 0) high = middle;
        else low = middle + 1;
      }
      return undefined;
    },
  };
}
