import type { NoteStatus } from "../../model/layout.js";

/** One note file as the analysis sees it: what the files and git say, nothing else. */
export interface AnalysisNote {
  readonly id: string;
  /** Path relative to the memory root. */
  readonly path: string;
  readonly title: string;
  /** The markdown after the heading and the tag line. */
  readonly body: string;
  readonly tags: readonly string[];
  readonly status: NoteStatus;
  /** File size in bytes. */
  readonly size: number;
  /** Target ids of the note's links in order of appearance, repeats and self-links kept. */
  readonly links: readonly string[];
  /** Epoch ms: first commit of the id (else the file's mtime). */
  readonly createdAt: number;
  /** Epoch ms: latest commit of the id (else the file's mtime). */
  readonly updatedAt: number;
}

/** Everything {@link analyze} reads: gathered from the files and git by `analyzeMemory`. */
export interface AnalysisInput {
  /** Every note file, in any order (the analysis sorts). */
  readonly notes: readonly AnalysisNote[];
  /** Ids the index note links to: they count as inbound links (not orphans). */
  readonly indexLinks: readonly string[];
  /** Epoch ms the ages are measured at. */
  readonly now: number;
}

/** Tuning of the analysis; every field has a default. */
export interface AnalysisOptions {
  /** Notes larger than this many bytes are reported as oversize. Default 8 KB, as doctor. */
  readonly maxNoteBytes?: number;
  /** The least shingle similarity reported as a near-duplicate, in (0, 1]. Default 0.6. */
  readonly duplicateThreshold?: number;
  /** Clusters with at least this many notes are split into communities. Default 12. */
  readonly communityMinSize?: number;
}
