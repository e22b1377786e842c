import type { NoteLink } from "../model/links.js";
import type { NoteStatus } from "../model/layout.js";
import type { SearchedNote } from "./site-search-files.js";

/**
 * Notes as they cross to a worker thread: the bodies' UTF-8 bytes in one buffer, moved rather
 * than copied, and the rest as one JSON text. Cloning 10,000 notes as objects (each link an
 * object with its range) cost the sending thread about 200 ms; this costs it about a third.
 */
export interface PackedNotes {
  /** Every body's UTF-8 bytes, one after the other. */
  readonly bytes: Uint8Array<ArrayBuffer>;
  /** Where each body's bytes end in `bytes`. */
  readonly ends: Int32Array<ArrayBuffer>;
  /** Per note: path, hash, id, title, status, tags, size, and its links (see LinkRow). */
  readonly facts: string;
}

/** A link as packed: start, end, id, display text, has display text (1/0), embed (1/0), anchor. */
type LinkRow = [number, number, string, string, number, number, string | null];

type FactsRow = [string, string, string, string, NoteStatus, readonly string[], number, LinkRow[]];

const encoder = new TextEncoder();

/**
 * The notes packed for a worker thread; pass `[packed.bytes.buffer, packed.ends.buffer]` as
 * the transfer list.
 *
 * @example
 * ```ts
 * const packed = packNotes(model.notes);
 * port.postMessage(packed, [packed.bytes.buffer, packed.ends.buffer]);
 * ```
 */
export function packNotes(notes: readonly SearchedNote[]): PackedNotes {
  let size = 0;
  for (const note of notes) size += Buffer.byteLength(note.parsed.body);
  const bytes = new Uint8Array(size);
  const ends = new Int32Array(notes.length);
  let at = 0;
  const rows: FactsRow[] = notes.map((note, index) => {
    at += encoder.encodeInto(note.parsed.body, bytes.subarray(at)).written;
    ends[index] = at;
    const { meta } = note;
    const links = note.parsed.links.map((link): LinkRow => [
      link.position.start,
      link.position.end,
      link.id,
      link.displayText,
      link.hasDisplayText ? 1 : 0,
      link.embed ? 1 : 0,
      link.anchor ?? null,
    ]);
    return [meta.path, meta.hash, meta.id, meta.title, meta.status, meta.tags, meta.size, links];
  });
  return { bytes, ends, facts: JSON.stringify(rows) };
}

/**
 * The notes {@link packNotes} packed, as they were.
 *
 * @example
 * ```ts
 * unpackNotes(packNotes(notes)); // deep-equal to notes' searched parts
 * ```
 */
export function unpackNotes(packed: PackedNotes): SearchedNote[] {
  // A body may start with a byte order mark (a note saved so by hand): kept, as the links'
  // offsets count it.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const rows = JSON.parse(packed.facts) as FactsRow[];
  let start = 0;
  return rows.map(([path, hash, id, title, status, tags, size, links], index) => {
    const end = packed.ends[index] ?? start;
    const body = decoder.decode(packed.bytes.subarray(start, end));
    start = end;
    return {
      meta: { path, hash, id, title, status, tags, size },
      parsed: { body, links: links.map(linkOf) },
    };
  });
}

function linkOf([start, end, id, displayText, hasDisplayText, embed, anchor]: LinkRow): NoteLink {
  return {
    id,
    displayText,
    hasDisplayText: hasDisplayText === 1,
    ...(anchor === null ? {} : { anchor }),
    embed: embed === 1,
    position: { start, end },
  };
}
