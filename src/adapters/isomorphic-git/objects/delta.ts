/**
 * Git's delta format (pack objects of type ofs-delta and ref-delta): a header with the base
 * and result sizes, then copy-from-base and insert-literal instructions.
 */

/**
 * The object that `delta` rebuilds from `base`, or undefined when the delta does not fit
 * the base (a corrupt pack: the caller falls back to isomorphic-git, which reports it).
 *
 * @example
 * ```ts
 * const tree = applyDelta(deltaBytes, baseTreeBytes);
 * ```
 */
export function applyDelta(delta: Buffer, base: Buffer): Buffer | undefined {
  const cursor = { at: 0 };
  const baseSize = readSize(delta, cursor);
  const targetSize = readSize(delta, cursor);
  if (baseSize !== base.length) return undefined;
  const target = Buffer.allocUnsafe(targetSize);
  let written = 0;
  while (cursor.at < delta.length) {
    const op = delta[cursor.at++] ?? 0;
    if ((op & 0x80) !== 0) {
      let offset = 0;
      let size = 0;
      // Bits 0-3 say which offset bytes follow, bits 4-6 which size bytes (little-endian).
      for (let bit = 0; bit < 4; bit++)
        if ((op & (1 << bit)) !== 0) offset += (delta[cursor.at++] ?? 0) * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++)
        if ((op & (16 << bit)) !== 0) size += (delta[cursor.at++] ?? 0) * 2 ** (8 * bit);
      if (size === 0) size = 0x10000;
      if (offset + size > base.length || written + size > targetSize) return undefined;
      base.copy(target, written, offset, offset + size);
      written += size;
    } else if (op !== 0) {
      if (cursor.at + op > delta.length || written + op > targetSize) return undefined;
      delta.copy(target, written, cursor.at, cursor.at + op);
      written += op;
      cursor.at += op;
    } else {
      return undefined; // opcode 0 is reserved
    }
  }
  return written === targetSize ? target : undefined;
}

/** A little-endian base-128 size, advancing `cursor`. */
function readSize(bytes: Buffer, cursor: { at: number }): number {
  let size = 0;
  let shift = 0;
  let byte: number;
  do {
    byte = bytes[cursor.at++] ?? 0;
    size += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while ((byte & 0x80) !== 0 && cursor.at < bytes.length);
  return size;
}
