import * as fc from "fast-check";
import { createInboundLinks } from "../../../src/notes/graph/inbound-links.js";
import type { AnalysisNote } from "../../../src/notes/analysis/analysis-input.js";
import { createMemoryLock } from "../../../src/notes/memory-lock.js";
import { createNoteStore } from "../../../src/notes/store/note-store.js";
import type { NotesDeps } from "../../../src/notes/notes-deps.js";
import { createSerialQueue } from "../../../src/shared/serial-queue.js";
import type { Git } from "../../../src/ports/git.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { sequentialIds } from "../../helpers/fresh-memory.js";

/** A notes context over the ports, wired as createMemory wires it (memory.ts is not ours to edit). */
export function notesContext(
  persistence: Persistence,
  git: Git | undefined,
  now: () => number,
): NotesDeps {
  return {
    persistence,
    git,
    store: createNoteStore(persistence),
    links: createInboundLinks(),
    queue: createSerialQueue(),
    acquireLock: createMemoryLock(persistence),
    now,
    generateId: sequentialIds("A"),
  };
}

/** A note for the pure functions: only the id and links matter unless told otherwise. */
export function note(
  id: string,
  links: readonly string[] = [],
  extra: Partial<AnalysisNote> = {},
): AnalysisNote {
  return {
    id,
    path: `topics/${id.toLowerCase()} ${id}.md`,
    title: id,
    body: links.map((link) => `[[${link}]]`).join(" "),
    tags: [],
    status: "active",
    size: 100,
    links,
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  };
}

/** The i-th test id: `id__N00000`-style, 6 base62 characters. */
export function testId(i: number): string {
  return `id__N${String(i).padStart(5, "0")}`;
}

/**
 * Random small graphs: `count` notes whose links point at indexes up to count + 2, so some
 * links are self-links and some name ids no note carries.
 */
export const arbitraryGraphNotes: fc.Arbitrary<AnalysisNote[]> = fc
  .integer({ min: 1, max: 24 })
  .chain((count) =>
    fc.array(fc.array(fc.nat({ max: count + 2 }), { maxLength: 6 }), {
      minLength: count,
      maxLength: count,
    }),
  )
  .map((links) => links.map((targets, i) => note(testId(i), targets.map(testId))));

const VOCABULARY =
  "the a memory note link graph agent console deploy review tag build main staging".split(" ");

/** Random short texts over a small vocabulary, so some pairs overlap heavily by chance. */
export const arbitraryText: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 30 })
  .map((words) => words.join(" "));
