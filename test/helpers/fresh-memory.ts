import { inMemoryPorts } from "../../src/adapters/in-memory/in-memory.js";
import { createMemory, type Memory, type MemoryOptions } from "../../src/memory.js";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";
import type { Git } from "../../src/ports/git.js";
import type { Persistence } from "../../src/ports/persistence.js";

/** A memory on a fresh memfs volume with an isomorphic-git repository. */
export interface FreshMemory {
  readonly memory: Memory;
  readonly fs: FsLike;
  readonly root: string;
  readonly persistence: Persistence;
  readonly git: Git;
}

/** Builds a fresh in-memory memory; `overrides` replace createMemory options. */
export async function freshMemory(overrides: Partial<MemoryOptions> = {}): Promise<FreshMemory> {
  const ports = await inMemoryPorts();
  if (ports.isErr()) throw ports.error;
  const { fs, root, persistence, git } = ports.value;
  const memory = createMemory({ persistence, git, ...overrides });
  return { memory, fs, root, persistence, git };
}

/** A deterministic id source for tests. */
export function sequentialIds(prefix = "T"): () => string {
  let n = 0;
  return () => `id__${prefix}${String(n++).padStart(5, "0")}`;
}
