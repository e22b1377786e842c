/**
 * Id-keyed times packed for a cold process: every id in one string (sorted, fixed width, a
 * space between) and the times in one number array, as the persisted walk stores them. A
 * process that wants one note's times (`memory show`) finds it by binary search; only one
 * that iterates gets a Map entry per note. Parsing 10,000 entries into a Map was a fifth of
 * a cold `show`.
 *
 * @module
 */
import type { CommittedTimes } from "../../ports/git.js";
import type { TimesById } from "./committed-times.js";

// "id__" and six letters or digits, then a space before the next.
const ID_LENGTH = 10;
const STRIDE = ID_LENGTH + 1;

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
 * building anything per entry.
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
  const count = ids === "" ? 0 : (ids.length + 1) / STRIDE;
  if (!Number.isInteger(count) || times.length !== count * 2) return undefined;
  for (let at = 0; at < count; at++) {
    if (!wellFormedIdAt(ids, at * STRIDE)) return undefined;
    if (at > 0 && compareIds(ids, (at - 1) * STRIDE, ids, at * STRIDE) >= 0) return undefined;
    const createdAt: unknown = times[at * 2];
    const updatedAt: unknown = times[at * 2 + 1];
    if (!isTime(createdAt) || !isTime(updatedAt) || createdAt > updatedAt) return undefined;
  }
  return new PackedTimes(ids, times as number[], count);
}

function idAt(ids: string, index: number): string {
  return ids.slice(index * STRIDE, index * STRIDE + ID_LENGTH);
}

// Sticky: tested at one offset of the packed string, so checking an id cuts no substring.
const ID_AT = /id__[0-9A-Za-z]{6}/y;

function wellFormedIdAt(ids: string, start: number): boolean {
  ID_AT.lastIndex = start;
  if (!ID_AT.test(ids)) return false;
  return start + ID_LENGTH === ids.length || ids.charCodeAt(start + ID_LENGTH) === 32;
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
    private readonly times: readonly number[],
    private readonly count: number,
  ) {
    super();
  }

  /** A copy: sharing the packed data while nothing was changed, else a plain Map. */
  copy(): TimesById {
    return this.filled ? new Map(this) : new PackedTimes(this.ids, this.times, this.count);
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
      super.set(idAt(this.ids, at), {
        createdAt: this.times[at * 2] ?? 0,
        updatedAt: this.times[at * 2 + 1] ?? 0,
      });
    }
  }

  private indexOf(id: string): number | undefined {
    if (id.length !== ID_LENGTH) return undefined;
    let low = 0;
    let high = this.count;
    // Compared in place: a `list` looks up every note, and a substring per step added up.
    while (low < high) {
      const middle = (low + high) >>> 1;
      const order = compareIds(this.ids, middle * STRIDE, id, 0);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return undefined;
  }
}

/**
 * The id at `aStart` of `a` against the id at `bStart` of `b`, by code unit, compared in place
 * (no substring): negative, zero or positive.
 */
function compareIds(a: string, aStart: number, b: string, bStart: number): number {
  for (let at = 0; at < ID_LENGTH; at++) {
    const difference = a.charCodeAt(aStart + at) - b.charCodeAt(bStart + at);
    if (difference !== 0) return difference;
  }
  return 0;
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
