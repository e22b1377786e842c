import type { BrokenLink } from "../graph/link-queries.js";
import type { NoteStatus } from "../../model/layout.js";
import type { AnalysisInput, AnalysisNote, AnalysisOptions } from "./analysis-input.js";
import { communities } from "./communities.js";
import { connectedComponents } from "./components.js";
import { compareIds } from "./id-order.js";
import { linkGraph } from "./link-graph.js";
import {
  findBrokenLinks,
  findDeadEnds,
  findOrphans,
  findOversize,
  inboundCounts,
  linkTargets,
  type Orphan,
  type OversizeNote,
} from "./link-health.js";
import {
  DEFAULT_DUPLICATE_THRESHOLD,
  nearDuplicates,
  type NearDuplicatePair,
} from "./near-duplicates.js";
import { shortCycles } from "./short-cycles.js";

/** One note's place in the memory. */
export interface NoteStats {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  readonly status: NoteStatus;
  readonly tags: readonly string[];
  /** File size in bytes. */
  readonly size: number;
  /** Epoch ms, from git (else the file's mtime). */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Note files linking here, each once, itself excluded (the index note not counted). */
  readonly inbound: number;
  /** Distinct ids this note links to, itself excluded, missing ones included. */
  readonly outbound: number;
  /** Whether the index note links here. */
  readonly indexed: boolean;
}

/** Notes connected by links (in either direction). */
export interface Cluster {
  /** The smallest note id in the cluster: stable while that note stays in it. */
  readonly id: string;
  /** Its notes, sorted by id. */
  readonly noteIds: readonly string[];
  /** For clusters of at least `communityMinSize` notes: its Louvain communities. */
  readonly communities?: readonly (readonly string[])[];
}

/**
 * The deterministic analysis of a memory. Every list has a fixed order, so the same files
 * (and the same clock) give byte-identical `JSON.stringify` output.
 */
export interface MemoryAnalysis {
  /** Every note file, by id, then path (two only when an id is duplicated). */
  readonly notes: readonly NoteStats[];
  /** Unlinked notes outside archive/, oldest first, then by id. */
  readonly orphans: readonly Orphan[];
  /** Links to missing ids, by source id, then target id. */
  readonly brokenLinks: readonly BrokenLink[];
  /** Ids of notes linking to no other note, sorted. */
  readonly deadEnds: readonly string[];
  /**
   * Connected components of two notes or more, largest first, then by first id; a note with no
   * link to or from another existing note shows in `notes` with zero counts instead.
   */
  readonly clusters: readonly Cluster[];
  /** Similar pairs (a < b), most similar first, then by ids. Never merged automatically. */
  readonly nearDuplicates: readonly NearDuplicatePair[];
  /** Notes over `maxNoteBytes`, largest first, then by id. */
  readonly oversize: readonly OversizeNote[];
  /** Directed cycles of 2 and 3 notes, from each cycle's smallest id, shortest first, then by ids. */
  readonly cycles: readonly (readonly string[])[];
}

/** Defaults of {@link AnalysisOptions}. */
export const ANALYSIS_DEFAULTS = {
  maxNoteBytes: 8 * 1024,
  duplicateThreshold: DEFAULT_DUPLICATE_THRESHOLD,
  communityMinSize: 12,
} as const;

/**
 * Analyzes a memory's notes: pure, no I/O, no LLM. The notes are sorted first, so the order
 * they come in never shows in the output.
 *
 * @example
 * ```ts
 * const result = analyze({
 *   notes: [note("id__AAAAAA", ["id__BBBBBB"]), note("id__BBBBBB", ["id__AAAAAA"])],
 *   indexLinks: [],
 *   now: Date.now(),
 * });
 * result.cycles; // [["id__AAAAAA", "id__BBBBBB"]]
 * ```
 */
export function analyze(input: AnalysisInput, options: AnalysisOptions = {}): MemoryAnalysis {
  const maxNoteBytes = options.maxNoteBytes ?? ANALYSIS_DEFAULTS.maxNoteBytes;
  const threshold = options.duplicateThreshold ?? ANALYSIS_DEFAULTS.duplicateThreshold;
  const communityMinSize = options.communityMinSize ?? ANALYSIS_DEFAULTS.communityMinSize;
  const notes = input.notes.toSorted(byIdThenPath);
  const inbound = inboundCounts(notes);
  const indexed = new Set(input.indexLinks);
  const existing = new Set(notes.map((note) => note.id));
  const graph = linkGraph(notes);
  const clusters = connectedComponents(graph)
    .filter((component) => component.length > 1)
    .map((noteIds): Cluster => {
      const id = noteIds[0] ?? "";
      return noteIds.length >= communityMinSize
        ? { id, noteIds, communities: communities(graph, noteIds) }
        : { id, noteIds };
    });
  return {
    notes: notes.map((note) => noteStats(note, inbound, indexed)),
    orphans: findOrphans(notes, inbound, indexed, input.now),
    brokenLinks: findBrokenLinks(notes, existing),
    deadEnds: findDeadEnds(notes),
    clusters,
    nearDuplicates: nearDuplicates(notes, { threshold }),
    oversize: findOversize(notes, maxNoteBytes),
    cycles: shortCycles(graph, { maxLength: 3 }),
  };
}

function noteStats(
  note: AnalysisNote,
  inbound: ReadonlyMap<string, number>,
  indexed: ReadonlySet<string>,
): NoteStats {
  return {
    id: note.id,
    title: note.title,
    path: note.path,
    status: note.status,
    tags: note.tags,
    size: note.size,
    createdAt: note.createdAt,
    updatedAt: note.updatedAt,
    inbound: inbound.get(note.id) ?? 0,
    outbound: linkTargets(note).length,
    indexed: indexed.has(note.id),
  };
}

function byIdThenPath(a: AnalysisNote, b: AnalysisNote): number {
  return compareIds(a.id, b.id) || compareIds(a.path, b.path);
}
