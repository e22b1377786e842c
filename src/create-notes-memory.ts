/**
 * The composition root of the note tier: wires the ports into the note and graph operations,
 * without the model-driven lifecycle. What a short-lived process (a CLI `show`, a hook) needs
 * and nothing more: search and analysis load their libraries on first use.
 *
 * @module
 */
import { errAsync, ResultAsync } from "neverthrow";
import { nodeLockHost } from "./adapters/lock-host/node-lock-host.js";
import { GitError, InvalidInputError } from "./errors.js";
import { generateId } from "./model/id.js";
import { isMemoryOwned } from "./model/layout.js";
import { ROOT_IGNORE_FILE } from "./model/private-ignore.js";
import { ROOT_ATTRIBUTES_FILE } from "./model/merge/merge-attributes.js";
import { appendToNote } from "./notes/ops/append.js";
import { captureNote } from "./notes/ops/capture.js";
import { captureMany } from "./notes/ops/capture-many.js";
import { commitMemory } from "./notes/commit-memory.js";
import type { FreshnessOptions } from "./notes/store/freshness.js";
import { runDoctor } from "./notes/graph/doctor.js";
import { loadGraph } from "./notes/graph/graph-view.js";
import { createInboundLinks } from "./notes/graph/inbound-links.js";
import { brokenLinks, deadEndIds, noteLinks, orphanIds } from "./notes/graph/link-queries.js";
import { listNotes, listNotesPage, readAllNotes } from "./notes/reads/list.js";
import { guardGit, guardPersistence } from "./notes/guarded-ports.js";
import { createMemoryLock, type LockOptions } from "./notes/memory-lock.js";
import { mergeNotes } from "./notes/ops/merge.js";
import { moveNote } from "./notes/ops/move.js";
import { createNoteStore } from "./notes/store/note-store.js";
import { serialized, type NotesDeps } from "./notes/notes-deps.js";
import type { NotesMemory } from "./notes/notes-memory.js";
import { readNote } from "./notes/reads/read.js";
import { reidNote } from "./notes/ops/reid.js";
import { removeNote } from "./notes/ops/remove.js";
import { renameNote } from "./notes/ops/rename.js";
import type { Searcher } from "./notes/search/searcher.js";
import { createIndexNoteApi } from "./notes/tiers/index-api.js";
import { updateNote } from "./notes/ops/update.js";
import { tagNote } from "./notes/ops/tag-note.js";
import { supersedeNote } from "./notes/ops/supersede.js";
import { whyNote } from "./notes/reads/why.js";
import type { Embedder } from "./ports/embedder.js";
import type { Git } from "./ports/git.js";
import type { Persistence, PersistenceWatch } from "./ports/persistence.js";
import { createSerialQueue } from "./shared/serial-queue.js";

/** The ports and options of the note tier. */
export interface NotesMemoryOptions {
  /** Where the notes live. */
  readonly persistence: Persistence;
  /** Commits and timestamps; without it there are no commits and times come from mtimes. */
  readonly git?: Git;
  /**
   * Turns on hybrid search: note vectors (cached in `.agent-memory/vectors/`) ranked beside
   * the words. Without it, search is lexical.
   */
  readonly embedder?: Embedder;
  /** The clock (epoch ms), for tests. Default `Date.now`. */
  readonly now?: () => number;
  /**
   * The id source for new notes. Default: crypto-random base62 ids of `ID_BODY_LENGTH`
   * characters. `() => generateId(undefined, 8)` makes wider ids, which coexist with the
   * existing ones; an id that is not valid (`isValidId`) is refused before anything is written.
   */
  readonly generateId?: () => string;
  /** Tuning for the lock that keeps other processes out during a mutation. */
  readonly lock?: LockOptions;
  /**
   * Derived state kept between processes. With `persist: true` the notes' facts (title,
   * tags, links, status, version, stat key) are kept in `.agent-memory/cache/notes.json`, so
   * the next process lists and walks links without reading every note, and the search index
   * in `.agent-memory/cache/search.json`, so it searches without indexing every note. Every
   * facts entry is checked against its file's stat key before use (git's racy-clean rule
   * included) and every indexed note against its version, so a stale, corrupt or foreign
   * cache costs reads, never a wrong answer. Default: kept in memory only (a short-lived CLI
   * turns it on; a long-lived host gains little from it).
   */
  readonly cache?: { readonly persist?: boolean };
  /**
   * When queries look at the files again. Default: `watch` where the persistence can watch
   * its files (fsPersistence over node's fs on a local disk: `persistence.watch`), so a query
   * reuses the last look until the watch reports a change, and first waits until the watch
   * has reported every change made before it (a cookie file written into `.agent-memory/` and
   * seen coming back): no answer is older than an edit. Elsewhere (memfs, a network mount, a
   * persistence without `watch`, a root that does not exist yet) `{ mode: "always" }`: every
   * query lists the status folders and re-reads what changed. `memory.cacheStats().freshness`
   * says which. A host may also choose `interval` (reuse a look for `ms`) or `watch` with its
   * own watcher (reuse it until `memory.filesChanged()` is called, bounded by `maxMs`); the
   * library's own writes are seen at once in every mode.
   */
  readonly freshness?: FreshnessOptions;
}

/**
 * The watch a memory without a freshness option runs, when its persistence offers one. Once
 * closed, or failed, its `settled` reports a change each time, so every query looks again.
 */
function defaultWatch(
  persistence: Persistence,
  onChange: () => void,
): PersistenceWatch | undefined {
  let started: ReturnType<NonNullable<Persistence["watch"]>>;
  try {
    const watch = persistence.watch?.bind(persistence);
    if (watch === undefined) return undefined;
    started = watch(onChange);
  } catch {
    return undefined;
  }
  if (started.isErr()) return undefined;
  const running = started.value;
  let closed = false;
  return {
    settled: () => {
      if (!closed) return running.settled();
      onChange();
      return Promise.resolve();
    },
    close: () => {
      closed = true;
      running.close();
    },
  };
}

/** The note tier with what the lifecycle builds on it. */
export interface NotesTier {
  readonly notes: NotesMemory;
  readonly ctx: NotesDeps;
}

/**
 * Wires the note tier; {@link createMemory} adds the lifecycle on top.
 *
 * @example
 * ```ts
 * const { notes } = createNotesTier({ persistence });
 * await notes.read("id__Kf9mNp");
 * ```
 */
export function createNotesTier(options: NotesMemoryOptions): NotesTier {
  const lockOptions = { host: nodeLockHost(), ...options.lock };
  // A host's port that throws or rejects yields an Err like any failure, never a rejection.
  const persistence = guardPersistence(options.persistence);
  const watch =
    options.freshness === undefined
      ? defaultWatch(options.persistence, () => ctx.store.freshness.changed())
      : undefined;
  const ctx: NotesDeps = {
    persistence,
    git: options.git === undefined ? undefined : guardGit(options.git),
    store: createNoteStore(persistence, {
      persistFacts: options.cache?.persist === true,
      ...(options.freshness !== undefined
        ? { freshness: options.freshness }
        : watch === undefined
          ? {}
          : { freshness: { mode: "watch", settled: () => watch.settled() } }),
    }),
    links: createInboundLinks(),
    queue: createSerialQueue(),
    acquireLock: createMemoryLock(persistence, lockOptions),
    now: options.now ?? Date.now,
    generateId: options.generateId ?? (() => generateId()),
  };
  let loadedSearcher: Promise<Searcher> | undefined;
  const searcher = () =>
    lazily(
      () =>
        (loadedSearcher ??= import("./notes/search/searcher.js").then((module) =>
          module.createSearcher(ctx, options.embedder, {
            persist: options.cache?.persist === true,
          }),
        )),
    );
  const notes: NotesMemory = {
    filesChanged: () => ctx.store.freshness.changed(),
    close: () => watch?.close(),
    cacheStats: () => ctx.store.stats(),
    capture: (input, captureOptions) => captureNote(ctx, input, captureOptions),
    captureMany: (items) => captureMany(ctx, items),
    read: (id) => readNote(ctx, id),
    list: (filter) => listNotes(ctx, filter),
    listPage: (filter, page) => listNotesPage(ctx, filter, page.limit),
    readAll: (filter) => readAllNotes(ctx, filter),
    update: (id, patch, mutation) => updateNote(ctx, id, patch, mutation),
    append: (id, section, mutation) => appendToNote(ctx, id, section, mutation),
    tag: (id, change, mutation) => tagNote(ctx, id, change, mutation),
    supersede: (oldId, newId, supersedeOptions) =>
      supersedeNote(ctx, oldId, newId, supersedeOptions),
    commit: (message, paths) => {
      const git = ctx.git;
      if (git === undefined) {
        return errAsync(
          new GitError(
            "This memory has no git port, so it cannot commit: pass `git` (gitCli or isomorphicGit) to createMemory.",
          ),
        );
      }
      if (message.trim() === "") {
        return errAsync(new InvalidInputError("A commit needs a message that says what changed."));
      }
      // The root's .gitignore carries the rule that keeps .agent-memory/ out of clones, its
      // .gitattributes the rules that merge the memory's files by meaning.
      const outside = paths?.find(
        (path) =>
          !isMemoryOwned(path) && path !== ROOT_IGNORE_FILE && path !== ROOT_ATTRIBUTES_FILE,
      );
      if (outside !== undefined) {
        return errAsync(
          new InvalidInputError(
            `"${outside}" is not one of the memory's files (index.md, inbox/, topics/, archive/, journal/, sessions/): the memory commits only its own.`,
          ),
        );
      }
      return serialized(ctx, () =>
        paths === undefined ? commitMemory(git, message) : git.commit(message, paths),
      );
    },
    links: (id) => noteLinks(ctx, id),
    why: (id) => whyNote(ctx, id),
    orphans: () => orphanIds(ctx),
    deadEnds: () => deadEndIds(ctx),
    brokenLinks: () => brokenLinks(ctx),
    refresh: () => {
      ctx.store.invalidate();
      return loadGraph(ctx).map(() => undefined);
    },
    rename: (id, title, mutation) => renameNote(ctx, id, title, mutation),
    move: (id, status, mutation) => moveNote(ctx, id, status, mutation),
    archive: (id, mutation) => moveNote(ctx, id, "archived", mutation),
    merge: (sourceIds, targetId, mergeOptions) =>
      mergeNotes(ctx, sourceIds, targetId, mergeOptions),
    reid: (id, reidOptions) => reidNote(ctx, id, reidOptions),
    remove: (id, removeOptions) => removeNote(ctx, id, removeOptions),
    doctor: (doctorOptions) => runDoctor(ctx, doctorOptions),
    search: (query, searchOptions) =>
      searcher().andThen((loaded) => loaded.search(query, searchOptions)),
    updateVectors: () => searcher().andThen((loaded) => loaded.updateVectors()),
    warmUp: () => searcher().andThen((loaded) => loaded.warmUp()),
    analyze: (analysisOptions) =>
      lazily(() => import("./notes/analysis/analyze.js")).andThen((module) =>
        module.analyzeMemory(ctx, analysisOptions),
      ),
    index: createIndexNoteApi(ctx),
  };
  return { notes, ctx };
}

/**
 * The note and graph operations over one memory root, without consolidation, defrag or the
 * run: what `agent-memory/notes` offers a host that brings its own lifecycle, or none.
 *
 * @example
 * ```ts
 * import { createNotesMemory } from "agent-memory/notes";
 * import { fsPersistence } from "agent-memory/adapters";
 *
 * const notes = createNotesMemory({ persistence: fsPersistence({ fs, root }), cache: { persist: true } });
 * const note = await notes.read("id__Kf9mNp");
 * ```
 */
export function createNotesMemory(options: NotesMemoryOptions): NotesMemory {
  return createNotesTier(options).notes;
}

/**
 * A module of this package loaded on first use. Its import cannot fail in an intact install,
 * so it is not an outcome callers handle.
 */
function lazily<T>(load: () => Promise<T>): ResultAsync<T, never> {
  return ResultAsync.fromSafePromise(load());
}
