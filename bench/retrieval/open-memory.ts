/**
 * The one place the retrieval benchmark touches the library: a fresh in-memory memory whose
 * note files are written straight into its memfs volume (as an agent's editor would write
 * them: capturing 6,000 notes through the API, each under the lock, was most of the run),
 * then searched through `memory.search`, the public API, so the first search also pays for
 * reading the files and building the index.
 */
import { inMemoryPorts } from "../../src/adapters/in-memory/index.js";
import {
  createMemory,
  type Embedder,
  type SearchOptions,
  type SearchResult,
} from "../../src/index.js";
import { buildFilename, serializeNote } from "../../src/model/index.js";

/** What a benchmark note becomes: its title, body (links allowed) and tags. */
export interface NoteInput {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly tags?: readonly string[];
}

/** A filled memory's search: note ids, best first. */
export type MemorySearch = (query: string, limit: number) => Promise<string[]>;

/** How to open the memory: an embedder for hybrid ranking, options for every search. */
export interface OpenMemoryOptions {
  readonly embedder?: Embedder;
  readonly search?: Omit<SearchOptions, "limit">;
}

/** Writes every note (with its chosen id, into topics/) and returns the memory's search. */
export async function openMemory(
  notes: readonly NoteInput[],
  options: OpenMemoryOptions = {},
): Promise<MemorySearch> {
  const search = await openMemoryResults(notes, options);
  return async (query, limit) => (await search(query, limit)).map((result) => result.id);
}

/** The same, answering with the search's results (scores included). */
export async function openMemoryResults(
  notes: readonly NoteInput[],
  options: OpenMemoryOptions = {},
): Promise<(query: string, limit: number) => Promise<readonly SearchResult[]>> {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const { fs, root, persistence } = ports.value;
  await fs.promises.mkdir(`${root}/topics`, { recursive: true });
  for (const note of notes) {
    const content = serializeNote({
      title: note.title,
      tags: [...(note.tags ?? [])],
      body: note.body,
    });
    await fs.promises.writeFile(`${root}/topics/${buildFilename(note.title, note.id)}`, content);
  }
  const memory = createMemory({
    persistence,
    ...(options.embedder === undefined ? {} : { embedder: options.embedder }),
  });
  // Every note vector up front, so the searches measure hybrid ranking, not a cache filling.
  if (options.embedder !== undefined) {
    const vectors = await memory.updateVectors();
    if (vectors.isErr()) throw vectors.error;
  }
  return async (query, limit) => {
    const results = await memory.search(query, { ...options.search, limit });
    if (results.isErr()) throw results.error;
    return results.value;
  };
}
