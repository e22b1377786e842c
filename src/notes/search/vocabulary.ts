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
  const byLength = lengthBuckets(sorted);
  for (let length = term.length - 1; length <= term.length + 1; length++) {
    for (const candidate of byLength.get(length) ?? []) {
      if (oneEditApart(candidate, term)) found.add(candidate);
    }
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

function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  let at = 0;
  while (at < shorter.length && shorter[at] === longer[at]) at++;
  if (shorter.length === longer.length) return shorter.slice(at + 1) === longer.slice(at + 1);
  return shorter.slice(at) === longer.slice(at + 1);
}
