import { MAX_NUMBER, SPACE, readEntry, type EntryCursor } from "./postings-text.js";

/** The largest count a list keeps in one byte. */
const MAX_BYTE_COUNT = 255;

/** The room a list of one entry gets when a second is written: it is being built. */
const ROOM_WHEN_WRITTEN = 4;

/**
 * One term's postings: document numbers ascending, each with its count, in typed arrays. A
 * query walks thousands of these entries; a plain loop over typed arrays does it several
 * times faster than a Map's iteration, and a table of 10,000 notes holds far less memory.
 * Document numbers only grow (see postings-table.ts), so adding a document appends.
 *
 * Memory is what bounds a host at 100,000 notes, so the list keeps as little as it can: a
 * count takes one byte until one of the list's counts passes 255 (then four, for that list
 * only), and a list of one document (most of a vocabulary: names, numbers, typos) keeps it in
 * two fields, without typed arrays, until something reads `docs` or `counts`. At 100,000
 * LoCoMo notes 300,000 of the 310,000 lists hold one document, and two typed arrays with
 * their buffers cost about 300 bytes each.
 */
export class PostingsList {
  // Undefined while the list holds at most one entry, kept in `onlyDoc` and `onlyCount`.
  private docNumbers: Int32Array | undefined;
  private countValues: Uint8Array | Int32Array | undefined;
  private onlyDoc = 0;
  private onlyCount = 0;
  private length = 0;
  private changes = 0;

  constructor(capacity = 0) {
    if (capacity > 1) this.allocate(capacity);
  }

  /**
   * The list saved by {@link PostingsList.encode} in `text` from `start` to `end` (the whole
   * text by default), keeping only the documents `live` accepts. The text is "gap gap:count
   * ...": base 36, each gap the distance from the previous document less one (the first from
   * -1), a count only when above 1. Anything else in an entry (a sign, an empty number, a
   * character outside 0-9 and a-z) ends the list there: saved files are checked before they
   * are read, so that only happens to a damaged one.
   *
   * @example
   * ```ts
   * PostingsList.decode("0 9:2", () => true).get(10); // 2
   * ```
   */
  static decode(
    text: string,
    live: (doc: number) => boolean,
    start = 0,
    end = text.length,
  ): PostingsList {
    const list = new PostingsList();
    let doc = -1;
    // One pass over the characters, no substrings: a common term lists thousands of documents.
    const cursor: EntryCursor = { at: start, gap: 0, count: 1 };
    while (cursor.at < end && readEntry(text, cursor, end)) {
      if (cursor.at < end && text.charCodeAt(cursor.at) !== SPACE) break;
      cursor.at++;
      doc += cursor.gap + 1;
      if (doc > MAX_NUMBER) break;
      if (live(doc)) list.put(doc, cursor.count);
    }
    return list;
  }

  /** How many documents hold the term. */
  get size(): number {
    return this.length;
  }

  /**
   * How many times the list changed (a document set or deleted): what is derived from the
   * list (its score bound, see score-bounds.ts) is kept until this moves.
   */
  get version(): number {
    return this.changes;
  }

  /** The document numbers, ascending; valid up to `size`, until the list changes. */
  get docs(): Int32Array {
    return this.docNumbers ?? this.materialized().docs;
  }

  /** The counts, aligned with `docs` (bytes while every count fits in one). */
  get counts(): Uint8Array | Int32Array {
    return this.countValues ?? this.materialized().counts;
  }

  get(doc: number): number | undefined {
    const docs = this.docNumbers;
    if (docs === undefined)
      return this.length === 1 && this.onlyDoc === doc ? this.onlyCount : undefined;
    const at = this.indexOf(docs, doc);
    return at < this.length && docs[at] === doc ? this.countValues?.[at] : undefined;
  }

  has(doc: number): boolean {
    return this.get(doc) !== undefined;
  }

  set(doc: number, count: number): void {
    this.changes++;
    this.put(doc, count);
  }

  /** Removes the document; whether it was there. */
  delete(doc: number): boolean {
    const docs = this.docNumbers;
    const counts = this.countValues;
    if (docs === undefined || counts === undefined) {
      if (this.length !== 1 || this.onlyDoc !== doc) return false;
      this.changes++;
      this.length = 0;
      return true;
    }
    const at = this.indexOf(docs, doc);
    if (at >= this.length || docs[at] !== doc) return false;
    this.changes++;
    docs.copyWithin(at, at + 1, this.length);
    counts.copyWithin(at, at + 1, this.length);
    this.length--;
    return true;
  }

  /**
   * Removes every document `gone` accepts, in one pass over the list (removing many documents
   * one by one would shift the rest once each); how many were removed.
   */
  deleteWhere(gone: (doc: number) => boolean): number {
    const docs = this.docNumbers;
    const counts = this.countValues;
    if (docs === undefined || counts === undefined) {
      if (this.length !== 1 || !gone(this.onlyDoc)) return 0;
      this.changes++;
      this.length = 0;
      return 1;
    }
    let kept = 0;
    for (let at = 0; at < this.length; at++) {
      const doc = docs[at] ?? 0;
      if (gone(doc)) continue;
      docs[kept] = doc;
      counts[kept] = counts[at] ?? 0;
      kept++;
    }
    const removed = this.length - kept;
    if (removed > 0) this.changes++;
    this.length = kept;
    return removed;
  }

  /**
   * The list saved, each document numbered by `number` (renumbering when compacting).
   *
   * @example
   * ```ts
   * list.encode((doc) => doc); // "0 9:2": documents 0 and 10, twice in 10
   * ```
   */
  encode(number: (doc: number) => number): string {
    const parts: string[] = [];
    let previous = -1;
    for (let at = 0; at < this.length; at++) {
      const doc = number(this.docAt(at));
      const gap = (doc - previous - 1).toString(36);
      previous = doc;
      const count = this.countAt(at);
      parts.push(count === 1 ? gap : `${gap}:${count.toString(36)}`);
    }
    return parts.join(" ");
  }

  /**
   * Gives back the room grown for documents not added (up to half the arrays: they double
   * when full), and the arrays of a list of one document. After a bulk build of 100,000
   * notes that room was about a third of the postings' memory. The list's content (and
   * version) stays.
   */
  trim(): void {
    const docs = this.docNumbers;
    const counts = this.countValues;
    if (docs === undefined || counts === undefined) return;
    if (this.length <= 1) {
      this.onlyDoc = docs[0] ?? 0;
      this.onlyCount = counts[0] ?? 0;
      this.docNumbers = undefined;
      this.countValues = undefined;
      return;
    }
    if (docs.length === this.length) return;
    this.docNumbers = docs.slice(0, this.length);
    this.countValues = counts.slice(0, this.length);
  }

  /**
   * Sets the document's count, inserting it in order (a document above every one held, as
   * decoding gives them, is appended), without counting a change.
   */
  private put(doc: number, count: number): void {
    if (this.docNumbers === undefined && (this.length === 0 || this.onlyDoc === doc)) {
      this.onlyDoc = doc;
      this.onlyCount = count;
      this.length = 1;
      return;
    }
    this.makeRoom(count);
    const docs = this.docNumbers;
    const counts = this.countValues;
    if (docs === undefined || counts === undefined) return;
    const length = this.length;
    const at = length > 0 && doc > (docs[length - 1] ?? -1) ? length : this.indexOf(docs, doc);
    if (at < length && docs[at] === doc) {
      counts[at] = count;
      return;
    }
    if (at < length) {
      docs.copyWithin(at + 1, at, length);
      counts.copyWithin(at + 1, at, length);
    }
    docs[at] = doc;
    counts[at] = count;
    this.length = length + 1;
  }

  /**
   * Room for one more entry of this count, in place: the arrays made (with room for a few
   * entries: a list written to grows), widened when the count needs four bytes, doubled when
   * full. Indexing sets millions of entries, so nothing here allocates but the arrays.
   */
  private makeRoom(count: number): void {
    if (this.docNumbers === undefined) this.materializedWith(ROOM_WHEN_WRITTEN);
    if (count > MAX_BYTE_COUNT) this.widen();
    const docs = this.docNumbers;
    const counts = this.countValues;
    if (docs === undefined || counts === undefined || this.length < docs.length) return;
    const capacity = Math.max(2, docs.length * 2);
    const grownDocs = new Int32Array(capacity);
    grownDocs.set(docs);
    const grownCounts =
      counts instanceof Int32Array ? new Int32Array(capacity) : new Uint8Array(capacity);
    grownCounts.set(counts);
    this.docNumbers = grownDocs;
    this.countValues = grownCounts;
  }

  private docAt(at: number): number {
    return this.docNumbers === undefined ? this.onlyDoc : (this.docNumbers[at] ?? 0);
  }

  private countAt(at: number): number {
    return this.countValues === undefined ? this.onlyCount : (this.countValues[at] ?? 0);
  }

  /** The first position whose document is not below `doc`. */
  private indexOf(docs: Int32Array, doc: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((docs[middle] ?? 0) < doc) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The arrays, made from the one entry held in fields when there are none yet. */
  private materialized(): { docs: Int32Array; counts: Uint8Array | Int32Array } {
    if (this.docNumbers !== undefined && this.countValues !== undefined)
      return { docs: this.docNumbers, counts: this.countValues };
    return this.materializedWith(1);
  }

  /** The arrays made, with room for `capacity` entries at least, holding the fields' entry. */
  private materializedWith(capacity: number): {
    docs: Int32Array;
    counts: Uint8Array | Int32Array;
  } {
    const held = this.allocate(Math.max(capacity, this.length));
    if (this.length === 1) {
      held.docs[0] = this.onlyDoc;
      if (this.onlyCount > MAX_BYTE_COUNT) this.widen();
      const counts = this.countValues ?? held.counts;
      counts[0] = this.onlyCount;
      return { docs: held.docs, counts };
    }
    return held;
  }

  private allocate(capacity: number): { docs: Int32Array; counts: Uint8Array } {
    const docs = new Int32Array(capacity);
    const counts = new Uint8Array(capacity);
    this.docNumbers = docs;
    this.countValues = counts;
    return { docs, counts };
  }

  private widen(): void {
    const counts = this.countValues;
    if (counts === undefined || counts instanceof Int32Array) return;
    const wide = new Int32Array(counts.length);
    wide.set(counts);
    this.countValues = wide;
  }
}
