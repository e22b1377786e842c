import type { ResultAsync } from "neverthrow";
import type { AnalysisOptions } from "./analysis/analysis-input.js";
import type { MemoryAnalysis } from "./analysis/memory-analysis.js";
import type { IndexNoteApi } from "./tiers/index-api.js";
import type { DoctorOptions, DoctorReport } from "./graph/doctor.js";
import type { BrokenLink, NoteLinks } from "./graph/link-queries.js";
import type { CaptureInput, CaptureOptions } from "./ops/capture.js";
import type { CaptureManyItem, CaptureManyResult } from "./ops/capture-many.js";
import type { NoteStatus } from "../model/layout.js";
import type { ListFilter, ListPage } from "./reads/list.js";
import type { MergeError, MergeOptions, MergeResult } from "./ops/merge.js";
import type { MoveError, MoveOptions, MoveResult } from "./ops/move.js";
import type { ReidError, ReidOptions, ReidResult } from "./ops/reid.js";
import type { ChangedNote, MutationOptions } from "./mutation-options.js";
import type { Note, NoteMeta } from "./store/note-meta.js";
import type { ReadError } from "./reads/read.js";
import type { RemoveError, RemoveOptions, RemoveResult } from "./ops/remove.js";
import type { RenameError, RenameResult } from "./ops/rename.js";
import type { UpdateEdit, UpdateError, UpdateOptions, UpdatePatch } from "./ops/update.js";
import type { AppendSection } from "./ops/append.js";
import type { TagResult } from "./ops/tag-note.js";
import type { SupersedeOptions, SupersedeResult } from "./ops/supersede.js";
import type { NoteProvenance, WhyError } from "./reads/why.js";
import type { TagChange } from "../model/tag-change.js";
import type {
  EmbedderError,
  GitError,
  InvalidInputError,
  LockError,
  NotFoundError,
  PersistenceError,
} from "../errors.js";
import type { SearchResult } from "./search/rank-notes.js";
import type { StoreStats } from "./store/note-store.js";
import type { EmbeddingReport } from "./search/embeddings.js";
import type { SearchOptions } from "./search/search-options.js";

/** What {@link NotesMemory.warmUp} loaded. */
export interface WarmUpReport {
  /** The notes whose facts and words are now held. */
  readonly notes: number;
}

/** The note and graph operations over one memory root. */
export interface NotesMemory {
  /** Writes a new note (to inbox/ unless told otherwise) and returns its meta. */
  capture(
    input: CaptureInput,
    options?: CaptureOptions,
  ): ResultAsync<ChangedNote, InvalidInputError | PersistenceError | LockError | GitError>;
  /**
   * Writes many new notes under one hold of the memory lock and one look at the files (what
   * an import needs: n captures would each list the whole memory). Each item is checked and
   * given an id as `capture` does; nothing is committed (commit the paths yourself). A write
   * that fails stops the batch: `stopped` says why, `items` what was written before it.
   *
   * @example
   * ```ts
   * const batch = await memory.captureMany([{ input: { title: "Igor designs", body: "..." } }]);
   * if (batch.isOk()) for (const item of batch.value.items) if ("note" in item) item.note.path;
   * ```
   */
  captureMany(
    items: readonly CaptureManyItem[],
  ): ResultAsync<CaptureManyResult, PersistenceError | LockError>;
  /** One note with its body, links and times. Never writes anything. */
  read(id: string): ResultAsync<Note, ReadError>;
  /** Metas of the notes matching the filter, sorted by path. */
  list(filter?: ListFilter): ResultAsync<NoteMeta[], PersistenceError | GitError>;
  /**
   * The first `limit` notes of what `list(filter)` returns, and how many that is in all: the
   * metas of the page only, so a page of a large memory costs the filter, not every meta.
   *
   * @example
   * ```ts
   * const page = await memory.listPage({ status: "active" }, { limit: 50 });
   * if (page.isOk()) console.log(`${page.value.notes.length} of ${page.value.total}`);
   * ```
   */
  listPage(
    filter: ListFilter,
    page: { readonly limit: number },
  ): ResultAsync<ListPage, PersistenceError | GitError | InvalidInputError>;
  /**
   * The notes matching the filter with their bodies and links, sorted by path, from one look
   * at the files (each file read at most once): for a host that shows every note, such as a
   * site. Never writes anything.
   *
   * @example
   * ```ts
   * const notes = await memory.readAll({ status: "active" });
   * if (notes.isOk()) for (const note of notes.value) console.log(note.title, note.body.length);
   * ```
   */
  readAll(filter?: ListFilter): ResultAsync<Note[], PersistenceError | GitError>;
  /**
   * Rewrites a note's body and/or tag line. Pass an edit function to derive the new text from
   * the current one safely (applied under the lock: no concurrent edit lost); a patch with
   * `expectedHash` writes only over that version; a patch without it: last writer wins.
   */
  update(
    id: string,
    patch: UpdatePatch | UpdateEdit,
    options?: UpdateOptions,
  ): ResultAsync<ChangedNote, UpdateError>;
  /** Adds a section at the end of a note, replacing nothing; with `expectedHash`, a compare-and-swap. */
  append(
    id: string,
    section: AppendSection,
    options?: UpdateOptions,
  ): ResultAsync<ChangedNote, UpdateError>;
  /**
   * Adds and removes tags on a note's tag line (a compare-and-swap with `expectedHash`); tags
   * written in the body stay. One write, one commit when `commit` is given.
   */
  tag(id: string, change: TagChange, options?: UpdateOptions): ResultAsync<TagResult, UpdateError>;
  /**
   * Marks a note (or one `section`) as superseded by another note: a `> Superseded by` line
   * first in its body (or section), the old text kept below. A compare-and-swap with
   * `expectedHash`; one write, one commit when `commit` is given. Refuses a self-supersession,
   * a loop, an unknown id and an archived successor.
   */
  supersede(
    oldId: string,
    newId: string,
    options?: SupersedeOptions,
  ): ResultAsync<SupersedeResult, UpdateError>;
  /**
   * Commits every change to the memory's own files (or only `paths`, each one of them or the
   * root's `.gitignore`, which holds the rule keeping `.agent-memory/` out of clones), under
   * the memory lock so it never races another process's commit; resolves to the commit id, or
   * null if nothing changed.
   */
  commit(
    message: string,
    paths?: readonly string[],
  ): ResultAsync<string | null, GitError | InvalidInputError | LockError | PersistenceError>;
  /**
   * Where each heading and paragraph of a note came from: the commit that wrote it (git
   * blame), and for text a consolidation wrote, the sessions it was drawn from. Reads only;
   * without git, or with a git port that cannot blame, the parts come back unattributed and
   * `attribution` says why.
   *
   * @example
   * ```ts
   * const why = await memory.why("id__Kf9mNp");
   * if (why.isOk()) for (const part of why.value.parts) console.log(part.from, part.commits);
   * ```
   */
  why(id: string): ResultAsync<NoteProvenance, WhyError>;
  /** A note's inbound and outbound links. */
  links(id: string): ResultAsync<NoteLinks, ReadError>;
  /** Ids of notes no other note (nor the index note) links to. */
  orphans(): ResultAsync<string[], PersistenceError>;
  /** Ids of notes that link to no other note. */
  deadEnds(): ResultAsync<string[], PersistenceError>;
  /** Links to ids that exist nowhere. */
  brokenLinks(): ResultAsync<BrokenLink[], PersistenceError>;
  /**
   * Tells the memory that files under its root changed (a host's file watcher calls this in
   * `freshness: { mode: "watch" }`): the next query looks at the files again.
   */
  filesChanged(): void;
  /**
   * Stops the file watch a memory created without a freshness option started (see
   * NotesMemoryOptions.freshness); the memory goes on answering, each query looking at the
   * files. Nothing else is held open: without such a watch this does nothing. The watch never
   * keeps a process alive, so a short-lived one need not call it.
   */
  close(): void;
  /** How the memory caches what it derives from the files, and what its last look cost. */
  cacheStats(): StoreStats;
  /** Forgets every cached read: the next query reads every file again. */
  refresh(): ResultAsync<void, PersistenceError>;
  /** Retitles a note, its filename and the inbound link text that showed the old title. */
  rename(
    id: string,
    title: string,
    options?: MutationOptions,
  ): ResultAsync<RenameResult, RenameError>;
  /** Moves a note to another status folder; links are unaffected. */
  move(id: string, status: NoteStatus, options?: MoveOptions): ResultAsync<MoveResult, MoveError>;
  /** Moves a note to archive/; with `expectedHash`, only if it is still that version. */
  archive(id: string, options?: MoveOptions): ResultAsync<MoveResult, MoveError>;
  /**
   * Merges sources into a target, repointing every link at them; the sources are removed.
   * `merge([id], id)` folds the copies of a duplicated id into its original.
   */
  merge(
    sourceIds: readonly string[],
    targetId: string,
    options?: MergeOptions,
  ): ResultAsync<MergeResult, MergeError>;
  /**
   * Gives a copy of a duplicated id (one id on two files) a fresh id by renaming its file;
   * links keep pointing at the original.
   */
  reid(id: string, options?: ReidOptions): ResultAsync<ReidResult, ReidError>;
  /** Deletes a note; refused while others link to it unless `force`. */
  remove(id: string, options?: RemoveOptions): ResultAsync<RemoveResult, RemoveError>;
  /** Checks the memory's health; changes nothing. */
  doctor(
    options?: DoctorOptions,
  ): ResultAsync<DoctorReport, PersistenceError | GitError | LockError | NotFoundError>;
  /** The index note (`index.md`): the hot and warm tiers, the only place top of mind lives. */
  readonly index: IndexNoteApi;
  /** The deterministic graph analysis defrag works from: per-note stats, clusters, duplicates, ... */
  analyze(options?: AnalysisOptions): ResultAsync<MemoryAnalysis, PersistenceError | GitError>;
  /**
   * Ranked notes for a query: BM25+ over stemmed words (tags weigh more), links from the best
   * hits lift a note, and with an embedder the vector ranking is fused in.
   */
  search(
    query: string,
    options?: SearchOptions,
  ): ResultAsync<SearchResult[], PersistenceError | InvalidInputError>;
  /**
   * Loads now what the first list, links and search would load (every note's facts and the
   * search index, brought up to the files), so those answer at once; changes no note. A
   * long-lived host calls it after start-up, without waiting: `memory mcp` and the CLI's
   * daemon do. Calls made meanwhile wait for the same load, never repeat it.
   *
   * @example
   * ```ts
   * void memory.warmUp(); // the first search of an agent then costs what the later ones do
   * ```
   */
  warmUp(): ResultAsync<WarmUpReport, PersistenceError>;
  /**
   * Embeds every note that has no cached vector yet (searches do this in the background) and
   * saves the cache under `.agent-memory/vectors/`. Refused without an embedder.
   */
  updateVectors(): ResultAsync<
    EmbeddingReport,
    EmbedderError | PersistenceError | InvalidInputError
  >;
}
