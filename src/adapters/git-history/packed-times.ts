/**
 * Id-keyed times packed for a cold process: every id in one string (sorted, a space between)
 * and the times in one number array, as the persisted walk stores them. A process that wants
 * one note's times (`memory show`) finds it by binary search over the ids' offsets, found in
 * the one pass that checks them; only one that iterates gets a Map entry per note. Parsing
 * 10,000 entries into a Map was a fifth of a cold `show`. Ids may have any width the model
 * accepts, several in one file (ids made before a width change stay).
 *
 * @module
 */
import { idLengthAt } from "../../model/id.js";
import type { CommittedTimes } from "../../ports/git.js";
import type { TimesById } from "./committed-times.js";

const SPACE = 32;

/** The packed form: `ids` sorted and space-separated, `times` [createdAt, updatedAt] per id. */
export interface PackedTimesJson {
  readonly ids: string;
  readonly times: readonly number[];
}

/**
 * The packed form of `times`.
 *
 * @example
 * ```ts
 * packTimes(new Map([["id__Kf9mNp", { createdAt: 1, updatedAt: 2 }]])); // { ids: "id__Kf9mNp", times: [1, 2] }
 * ```
 */
export function packTimes(times: ReadonlyMap<string, CommittedTimes>): PackedTimesJson {
  const ids = [...times.keys()].toSorted();
  const numbers: number[] = [];
  for (const id of ids) {
    const at = times.get(id);
    numbers.push(at?.createdAt ?? 0, at?.updatedAt ?? 0);
  }
  return { ids: ids.join(" "), times: numbers };
}

/**
 * The times of a packed value read back, or undefined unless every id is well formed and in
 * order and every pair is two finite times, the first not after the second. Checked without
 * building anything per entry but the ids' offsets.
 *
 * @example
 * ```ts
 * unpackTimes({ ids: "id__Kf9mNp", times: [1, 2] })?.get("id__Kf9mNp"); // { createdAt: 1, updatedAt: 2 }
 * ```
 */
export function unpackTimes(value: unknown): TimesById | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if (!("ids" in value && "times" in value)) return undefined;
  const { ids, times } = value;
  if (typeof ids !== "string" || !Array.isArray(times)) return undefined;
  const count = times.length / 2;
  if (!Number.isInteger(count) || (count === 0) !== (ids === "")) return undefined;
  // starts[at] is where id `at` begins; starts[count] is one past the end, as if a space
  // followed the last id.
  const starts = new Uint32Array(count + 1);
  let start = 0;
  for (let at = 0; at < count; at++) {
    const length = idLengthAt(ids, start);
    if (length === 0) return undefined;
    const end = start + length;
    if (at < count - 1 ? ids.charCodeAt(end) !== SPACE : end !== ids.length) return undefined;
    starts[at] = start;
    starts[at + 1] = end + 1;
    if (at > 0 && compareIds(ids, starts[at - 1] ?? 0, start - 1, ids, start, end) >= 0)
      return undefined;
    const createdAt: unknown = times[at * 2];
    const updatedAt: unknown = times[at * 2 + 1];
    if (!isTime(createdAt) || !isTime(updatedAt) || createdAt > updatedAt) return undefined;
    start = end + 1;
  }
  return new PackedTimes(ids, starts, times as number[], count);
}

function isTime(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/**
 * A Map over packed times: `get` and `has` search the packed ids; anything else (iteration,
 * `size` aside, and any change) first fills the Map itself. `copy` shares the packed data.
 */
class PackedTimes extends Map<string, CommittedTimes> {
  private filled = false;

  constructor(
    private readonly ids: string,
    private readonly starts: Uint32Array,
    private readonly times: readonly number[],
    private readonly count: number,
  ) {
    super();
  }

  /** A copy: sharing the packed data while nothing was changed, else a plain Map. */
  copy(): TimesById {
    return this.filled
      ? new Map(this)
      : new PackedTimes(this.ids, this.starts, this.times, this.count);
  }

  override get(id: string): CommittedTimes | undefined {
    if (this.filled) return super.get(id);
    const at = this.indexOf(id);
    if (at === undefined) return undefined;
    return { createdAt: this.times[at * 2] ?? 0, updatedAt: this.times[at * 2 + 1] ?? 0 };
  }

  override has(id: string): boolean {
    return this.filled ? super.has(id) : this.indexOf(id) !== undefined;
  }

  override get size(): number {
    return this.filled ? super.size : this.count;
  }

  override set(id: string, times: CommittedTimes): this {
    this.fill();
    return super.set(id, times);
  }

  override delete(id: string): boolean {
    this.fill();
    return super.delete(id);
  }

  override clear(): void {
    this.filled = true;
    super.clear();
  }

  override forEach(
    callback: (value: CommittedTimes, key: string, map: Map<string, CommittedTimes>) => void,
    thisArg?: unknown,
  ): void {
    this.fill();
    super.forEach(callback, thisArg);
  }

  override entries(): MapIterator<[string, CommittedTimes]> {
    this.fill();
    return super.entries();
  }

  override keys(): MapIterator<string> {
    this.fill();
    return super.keys();
  }

  override values(): MapIterator<CommittedTimes> {
    this.fill();
    return super.values();
  }

  override [Symbol.iterator](): MapIterator<[string, CommittedTimes]> {
    return this.entries();
  }

  private fill(): void {
    if (this.filled) return;
    this.filled = true;
    for (let at = 0; at < this.count; at++) {
      super.set(this.ids.slice(this.start(at), this.end(at)), {
        createdAt: this.times[at * 2] ?? 0,
        updatedAt: this.times[at * 2 + 1] ?? 0,
      });
    }
  }

  private start(at: number): number {
    return this.starts[at] ?? 0;
  }

  /** Where id `at` ends: before the space that follows it (or the string's end). */
  private end(at: number): number {
    return (this.starts[at + 1] ?? 0) - 1;
  }

  private indexOf(id: string): number | undefined {
    let low = 0;
    let high = this.count;
    // Compared in place: a `list` looks up every note, and a substring per step added up.
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareIds(this.ids, this.start(middle), this.end(middle), id, 0, id.length);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }
}

/**
 * `a` from `aStart` to `aEnd` against `b` from `bStart` to `bEnd`, compared in place (no
 * substring) as JavaScript compares strings (by code unit, a prefix first), so the order is
 * the one `toSorted()` wrote: negative, zero or positive.
 */
function compareIds(
  a: string,
  aStart: number,
  aEnd: number,
  b: string,
  bStart: number,
  bEnd: number,
): number {
  const aLength = aEnd - aStart;
  const bLength = bEnd - bStart;
  const shorter = Math.min(aLength, bLength);
  for (let at = 0; at < shorter; at++) {
    const difference = a.charCodeAt(aStart + at) - b.charCodeAt(bStart + at);
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

/**
 * A copy of `times` the caller may change: a packed one not yet changed shares its packed
 * data, so copying it costs nothing until the copy is iterated or changed.
 *
 * @example
 * ```ts
 * const mine = copyTimes(cached.times);
 * ```
 */
export function copyTimes(times: TimesById): TimesById {
  return times instanceof PackedTimes ? times.copy() : new Map(times);
}
