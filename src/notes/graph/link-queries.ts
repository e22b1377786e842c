import { okAsync, type ResultAsync } from "neverthrow";
import type {
  DuplicateIdError,
  InvalidInputError,
  NotFoundError,
  PersistenceError,
} from "../../errors.js";
import type { NoteStatus } from "../../model/layout.js";
import { resolveRedirect } from "../../model/records/redirect-record.js";
import { findNote } from "../store/find-note.js";
import type { NotesDeps } from "../notes-deps.js";
import { loadRedirects } from "../store/redirects.js";
import { loadGraph } from "./graph-view.js";

/** A note that links to the one asked about. */
export interface InboundLink {
  readonly id: string;
  readonly title: string;
  readonly status: NoteStatus;
  readonly path: string;
}

/** A link found in the note asked about. */
export interface OutboundLink {
  readonly id: string;
  readonly displayText: string;
  /** Whether a note with the target id exists. */
  readonly exists: boolean;
  /** The target's status, when it exists. */
  readonly status?: NoteStatus;
}

/** A note's place in the link graph. */
export interface NoteLinks {
  /** The note's id, as its file name carries it (`id__` and all). */
  readonly id: string;
  readonly title: string;
  /** Notes linking to it, once each, itself excluded, sorted by path. */
  readonly inbound: readonly InboundLink[];
  /** Its links, in order of appearance. */
  readonly outbound: readonly OutboundLink[];
  /** Whether the index note links to it. */
  readonly indexed: boolean;
}

/** A link to an id that no note carries. */
export interface BrokenLink {
  readonly sourceId: string;
  readonly targetId: string;
  /**
   * Set when the target was merged away and its redirect record leads to a note: where the
   * link leads (`doctor --fix` repoints it there).
   */
  readonly mergedInto?: string;
}

/**
 * The inbound and outbound links of one note, from the notes' facts: a cold process with the
 * persisted cache reads no note at all.
 */
export function noteLinks(
  ctx: NotesDeps,
  id: string,
): ResultAsync<NoteLinks, NotFoundError | DuplicateIdError | InvalidInputError | PersistenceError> {
  return ctx.store.facts().andThen((snapshot) =>
    findNote(snapshot, id).map((target) => {
      const targetId = target.note.id;
      return {
        id: targetId,
        title: target.note.title,
        // The snapshot is sorted by path, so the inbound list is too.
        inbound: snapshot.notes
          .filter((source) => source.note.id !== targetId && linksTo(source.note.links, targetId))
          .map((source) => ({
            id: source.note.id,
            title: source.note.title,
            status: source.status,
            path: source.path,
          })),
        outbound: target.note.links.map((link) => {
          const found = snapshot.byId.get(link.id)?.[0];
          return found === undefined
            ? { id: link.id, displayText: link.displayText, exists: false }
            : { id: link.id, displayText: link.displayText, exists: true, status: found.status };
        }),
        indexed: snapshot.indexNote?.links.some((link) => link.id === targetId) ?? false,
      };
    }),
  );
}

/** Ids of the notes no other note (nor the index note) links to; self-links don't count. */
export function orphanIds(ctx: NotesDeps): ResultAsync<string[], PersistenceError> {
  return loadGraph(ctx).map((graph) =>
    uniqueIds(graph.snapshot.notes.map((stored) => stored.note.id)).filter(
      (id) => graph.inboundNotes(id).length === 0 && !graph.indexed(id),
    ),
  );
}

/** Ids of the notes that link to no other note. */
export function deadEndIds(ctx: NotesDeps): ResultAsync<string[], PersistenceError> {
  return ctx.store
    .snapshot()
    .map((snapshot) =>
      uniqueIds(
        snapshot.notes
          .filter((stored) => stored.note.links.every((link) => link.id === stored.note.id))
          .map((stored) => stored.note.id),
      ),
    );
}

/**
 * Links to ids no note file carries, in path order, each with where it leads when its target
 * was merged (`mergedInto`). A link to an archived note is not broken: the note still exists
 * (doctor mentions it). The redirect records are read only when some link is broken.
 */
export function brokenLinks(ctx: NotesDeps): ResultAsync<BrokenLink[], PersistenceError> {
  return ctx.store.snapshot().andThen((snapshot) => {
    const broken: BrokenLink[] = [];
    for (const stored of snapshot.notes) {
      const reported = new Set<string>();
      for (const link of stored.note.links) {
        if (snapshot.byId.has(link.id) || reported.has(link.id)) continue;
        reported.add(link.id);
        broken.push({ sourceId: stored.note.id, targetId: link.id });
      }
    }
    if (broken.length === 0) return okAsync(broken);
    return loadRedirects(ctx.persistence).map((redirects) =>
      broken.map((link) => {
        const to = resolveRedirect(redirects, link.targetId, (id) => snapshot.byId.has(id));
        return to === undefined ? link : { ...link, mergedInto: to };
      }),
    );
  });
}

function uniqueIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

// A loop, not `some` with a closure: this runs for every note of the memory.
function linksTo(links: readonly { readonly id: string }[], id: string): boolean {
  for (const link of links) if (link.id === id) return true;
  return false;
}
