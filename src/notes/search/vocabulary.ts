/**
 * Lookups over the index's sorted vocabulary: the terms a prefix or a one-letter typo of a
 * query term reaches.
 *
 * @module
 */

/**
 * The terms starting with `prefix`, the prefix itself included when present.
 *
 * @example
 * ```ts
 * prefixMatches(["cat", "console", "consul"], "cons"); // ["console", "consul"]
 * ```
 */
export function prefixMatches(sorted: readonly string[], prefix: string): string[] {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? "") < prefix) low = middle + 1;
    else high = middle;
  }
  const found: string[] = [];
  for (let at = low; at < sorted.length; at++) {
    const term = sorted[at] ?? "";
    if (!term.startsWith(prefix)) break;
    found.push(term);
  }
  return found;
}

/**
 * The terms one edit (insertion, deletion or substitution) away from `term`; not `term`.
 *
 * @example
 * ```ts
 * fuzzyNeighbours(["consale", "console", "consoles"], "console"); // Set { "consale", "consoles" }
 * ```
 */
export function fuzzyNeighbours(sorted: readonly string[], term: string): Set<string> {
  const found = new Set<string>();
  // One edit to a word of two letters or more keeps its first or its last letter, so only
  // the terms of a neighbouring length sharing one of them are tried: the vocabulary of a large
  // memory holds many terms of every length (at 100,000 notes, every note's number).
  const shelves = term.length >= 2 ? shelvesOf(sorted) : undefined;
  for (let length = term.length - 1; length <= term.length + 1; length++) {
    const candidates =
      shelves === undefined
        ? (lengthBuckets(sorted).get(length) ?? [])
        : [
            ...(shelves.get(`${length}<${term[0] ?? ""}`) ?? []),
            ...(shelves.get(`${length}>${term.at(-1) ?? ""}`) ?? []),
          ];
    for (const candidate of candidates) if (oneEditApart(candidate, term)) found.add(candidate);
  }
  return found;
}

// Per sorted vocabulary (a new array whenever the vocabulary changes), its terms by length:
// a neighbour is within one letter of the term's length, a small share of the vocabulary.
const buckets = new WeakMap<readonly string[], ReadonlyMap<number, readonly string[]>>();

function lengthBuckets(sorted: readonly string[]): ReadonlyMap<number, readonly string[]> {
  const known = buckets.get(sorted);
  if (known !== undefined) return known;
  const byLength = new Map<number, string[]>();
  for (const term of sorted) {
    const same = byLength.get(term.length);
    if (same === undefined) byLength.set(term.length, [term]);
    else same.push(term);
  }
  buckets.set(sorted, byLength);
  return byLength;
}

// The same, by length and first letter ("5<r") and by length and last letter ("5>x").
const shelved = new WeakMap<readonly string[], ReadonlyMap<string, readonly string[]>>();

function shelvesOf(sorted: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const known = shelved.get(sorted);
  if (known !== undefined) return known;
  const shelves = new Map<string, string[]>();
  const put = (key: string, term: string) => {
    const same = shelves.get(key);
    if (same === undefined) shelves.set(key, [term]);
    else same.push(term);
  };
  for (const term of sorted) {
    if (term.length < 1) continue;
    put(`${term.length}<${term[0] ?? ""}`, term);
    put(`${term.length}>${term.at(-1) ?? ""}`, term);
  }
  shelved.set(sorted, shelves);
  return shelves;
}

function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  let at = 0;
  while (at < shorter.length && shorter[at] === longer[at]) at++;
  if (shorter.length === longer.length) return shorter.slice(at + 1) === longer.slice(at + 1);
  return shorter.slice(at) === longer.slice(at + 1);
}
