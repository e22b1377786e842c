import { MAX_NUMBER, SPACE, readEntry, type EntryCursor } from "./postings-text.js";

/**
 * One term's postings: document numbers ascending, each with its count, in two typed arrays.
 * A query walks thousands of these entries; a plain loop over typed arrays does it several
 * times faster than a Map's iteration, and a table of 10,000 notes holds far less memory.
 * Document numbers only grow (see postings-table.ts), so adding a document appends.
 */
export class PostingsList {
  private docNumbers: Int32Array;
  private countValues: Int32Array;
  private length = 0;
  private changes = 0;

  constructor(capacity = 2) {
    this.docNumbers = new Int32Array(Math.max(1, capacity));
    this.countValues = new Int32Array(Math.max(1, capacity));
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
    const list = new PostingsList(8);
    let doc = -1;
    // One pass over the characters, no substrings: a common term lists thousands of documents.
    const cursor: EntryCursor = { at: start, gap: 0, count: 1 };
    while (cursor.at < end && readEntry(text, cursor, end)) {
      if (cursor.at < end && text.charCodeAt(cursor.at) !== SPACE) break;
      cursor.at++;
      doc += cursor.gap + 1;
      if (doc > MAX_NUMBER) break;
      if (live(doc)) list.append(doc, cursor.count);
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
    return this.docNumbers;
  }

  /** The counts, aligned with `docs`. */
  get counts(): Int32Array {
    return this.countValues;
  }

  get(doc: number): number | undefined {
    const at = this.indexOf(doc);
    return at < this.length && this.docNumbers[at] === doc ? this.countValues[at] : undefined;
  }

  has(doc: number): boolean {
    return this.get(doc) !== undefined;
  }

  set(doc: number, count: number): void {
    this.changes++;
    const last = this.length - 1;
    // Above every document held: what indexing does for each of its millions of terms, so it
    // appends without a search and without moving anything.
    if (last < 0 || doc > (this.docNumbers[last] ?? -1)) {
      this.append(doc, count);
      return;
    }
    const at = this.indexOf(doc);
    if (at < this.length && this.docNumbers[at] === doc) {
      this.countValues[at] = count;
      return;
    }
    if (this.length === this.docNumbers.length) this.grow();
    this.docNumbers.copyWithin(at + 1, at, this.length);
    this.countValues.copyWithin(at + 1, at, this.length);
    this.docNumbers[at] = doc;
    this.countValues[at] = count;
    this.length++;
  }

  /** Removes the document; whether it was there. */
  delete(doc: number): boolean {
    const at = this.indexOf(doc);
    if (at >= this.length || this.docNumbers[at] !== doc) return false;
    this.changes++;
    this.docNumbers.copyWithin(at, at + 1, this.length);
    this.countValues.copyWithin(at, at + 1, this.length);
    this.length--;
    return true;
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
      const doc = number(this.docNumbers[at] ?? 0);
      const gap = (doc - previous - 1).toString(36);
      previous = doc;
      const count = this.countValues[at] ?? 1;
      parts.push(count === 1 ? gap : `${gap}:${count.toString(36)}`);
    }
    return parts.join(" ");
  }

  /**
   * Gives back the room grown for documents not added (up to half the arrays: they double
   * when full). After a bulk build of 100,000 notes that room was about a third of the
   * postings' memory. The list's content (and version) stays.
   */
  trim(): void {
    if (this.docNumbers.length <= this.length + 1) return;
    this.docNumbers = this.docNumbers.slice(0, Math.max(1, this.length));
    this.countValues = this.countValues.slice(0, Math.max(1, this.length));
  }

  /** Adds a document above every one held (what decoding does, without a search). */
  private append(doc: number, count: number): void {
    if (this.length === this.docNumbers.length) this.grow();
    this.docNumbers[this.length] = doc;
    this.countValues[this.length] = count;
    this.length++;
  }

  /** The first position whose document is not below `doc`. */
  private indexOf(doc: number): number {
    let low = 0;
    let high = this.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.docNumbers[middle] ?? 0) < doc) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private grow(): void {
    const docs = new Int32Array(this.docNumbers.length * 2);
    docs.set(this.docNumbers);
    this.docNumbers = docs;
    const counts = new Int32Array(this.countValues.length * 2);
    counts.set(this.countValues);
    this.countValues = counts;
  }
}
