import { createInboundLinks } from "../../../src/notes/graph/inbound-links.js";
import { createNoteStore } from "../../../src/notes/store/note-store.js";
import type { NotesDeps } from "../../../src/notes/notes-deps.js";
import { createSerialQueue } from "../../../src/shared/serial-queue.js";
import {
  createFullTextSearch,
  type FullTextSearch,
} from "../../../src/notes/search/full-text-search.js";
import type { SearchOptions } from "../../../src/notes/search/search-options.js";
import { searchNotes } from "../../../src/notes/search/search-notes.js";
import { freshMemory, sequentialIds, type FreshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes, type SeedNote } from "../../helpers/seed-notes.js";

/** A memfs memory seeded with notes, a NotesDeps over it and a search index. */
export interface SearchFixture extends FreshMemory {
  readonly ctx: NotesDeps;
  readonly index: FullTextSearch;
  readonly paths: Record<string, string>;
  search(query: string, options?: SearchOptions): ReturnType<typeof searchNotes>;
}

/** Seeds `notes` and wires a context the way createMemory does (without git). */
export async function searchFixture(notes: readonly SeedNote[]): Promise<SearchFixture> {
  const fresh = await freshMemory();
  const paths = await seedNotes(fresh.fs, fresh.root, notes);
  const ctx: NotesDeps = {
    persistence: fresh.persistence,
    git: undefined,
    store: createNoteStore(fresh.persistence),
    links: createInboundLinks(),
    queue: createSerialQueue(),
    acquireLock: undefined,
    now: () => Date.UTC(2024, 0, 1),
    generateId: sequentialIds(),
  };
  const index = createFullTextSearch();
  return {
    ...fresh,
    ctx,
    index,
    paths,
    search: (query, options) => searchNotes(ctx, index, query, options),
  };
}
