/**
 * A search index brought in step with many changed notes at once (a pull, a migration, a
 * rewrite of every note): `index.sync` of the same notes with every one's version changed,
 * beside building a fresh index of them (the baseline: nothing to remove), turn about, and a
 * tenth of them changed. Before removals were done in one pass, each removed note looked at
 * every postings list: at 10,000 notes a sync changing all of them took 8x a fresh build.
 *
 * Usage: npx tsx bench/search-resync.bench.ts [count] (default 10000; LoCoMo prose)
 */
import { createFullTextSearch } from "../src/notes/search/full-text-search.js";
import type { StoredNote } from "../src/notes/store/note-store.js";
import { alternatingMediansMs, report } from "./measure.js";
import { hasLocomo, proseStoredNotes } from "./prose-notes.js";

/** Runs the benchmark over `count` notes of LoCoMo prose. */
export async function benchResync(count: number): Promise<void> {
  if (!hasLocomo()) {
    console.log("search-resync: skipped (no LoCoMo data beside the clone)");
    return;
  }
  const parsed = proseStoredNotes(count, 0);
  let version = 0;
  let current = parsed;
  // The notes with the first `changed` of them at a new version (made before the clock runs).
  const changing = (changed: number): (() => StoredNote[]) => {
    version++;
    const next = current.map((stored, n) =>
      n < changed ? { ...stored, hash: `v${version}-${n}` } : stored,
    );
    current = next;
    return () => next;
  };
  const index = createFullTextSearch();
  index.sync(parsed);
  const rounds = 4;
  // Taken in turn, each against the one before: all changed, then a tenth, every round.
  const order = Array.from({ length: rounds }, () => [
    changing(count)(),
    changing(Math.floor(count / 10))(),
  ]).flat();
  let at = 0;
  const [resyncAll = 0, resyncTenth = 0, fresh = 0] = await alternatingMediansMs(
    [
      () => index.sync(order[at++] ?? parsed),
      () => index.sync(order[at++] ?? parsed),
      () => createFullTextSearch().sync(parsed),
    ],
    rounds - 1,
  );
  report(`search index: sync with all ${count} notes changed`, resyncAll, "a fresh index", fresh);
  report(`search index: sync with a tenth changed`, resyncTenth, "a fresh index", fresh);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchResync(Number(process.argv[2] ?? 10_000));
}
