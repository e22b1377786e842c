/**
 * The one place the retrieval benchmark touches the library: a fresh in-memory memory filled
 * through the public API (`capture`, no commit message so nothing is committed), searched through `memory.search`.
 */
import { createMemory, inMemoryPorts } from "../../src/index.js";

/** What a benchmark note becomes: its title, body (links allowed) and tags. */
export interface NoteInput {
  readonly id: string;
  readonly title: string;
  readonly body: string;
  readonly tags?: readonly string[];
}

/** A filled memory's search: note ids, best first. */
export type MemorySearch = (query: string, limit: number) => Promise<string[]>;

/** Captures every note (with its chosen id, into topics/) and returns the memory's search. */
export async function openMemory(notes: readonly NoteInput[]): Promise<MemorySearch> {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const memory = createMemory({ persistence: ports.value.persistence });
  for (const note of notes) {
    const captured = await memory.capture(
      { title: note.title, body: note.body, tags: note.tags ?? [] },
      { status: "active", id: note.id },
    );
    if (captured.isErr()) throw captured.error;
  }
  return async (query, limit) => {
    const results = await memory.search(query, { limit });
    if (results.isErr()) throw results.error;
    return results.value.map((result) => result.id);
  };
}
