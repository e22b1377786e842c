import { err, errAsync, ok, ResultAsync, type Result } from "neverthrow";
import {
  InvalidInputError,
  type DuplicateIdError,
  type NotFoundError,
  type PersistenceError,
} from "../../errors.js";
import { extractLinks } from "../../model/links.js";
import { replaceLink, unlinkId } from "../../model/link-rewrite.js";
import { serializeNote } from "../../model/note-format.js";
import { checkNoteSize } from "../../model/note-size.js";
import { validateBody } from "../../model/note-input.js";
import { dedupeTags } from "../../model/tags.js";
import { loadGraph, type GraphView } from "../graph/graph-view.js";
import { checkNoteId, findNote } from "../store/find-note.js";
import { mergeCopies } from "./merge-copies.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type CommitOutcome,
  type MutationError,
  type MutationOptions,
} from "../mutation-options.js";
import type { StoredNote } from "../store/note-store.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { recordMerges } from "../store/redirects.js";
import { rewriteFile } from "./rewrite-file.js";

/** Options of a merge. */
export interface MergeOptions extends MutationOptions {
  /** The target's new body; default: its body, then each source under its title. */
  readonly body?: string;
}

/** What a merge changed. */
export interface MergeResult extends CommitOutcome {
  readonly targetId: string;
  /** The ids of the removed sources. */
  readonly removed: readonly string[];
  /** When a duplicated id was merged into itself: the paths of the copies removed. */
  readonly removedCopies?: readonly string[];
  /** Links elsewhere that now point at the target instead of a source. */
  readonly repointedLinks: number;
  readonly files: readonly string[];
}

/** Errors a merge can return. */
export type MergeError = MutationError;

/**
 * Merges notes into a target: the target gets the merged content and the union of the tag
 * lines, every link to a source (anywhere, the index note included) is repointed at the
 * target with its display text kept, and the sources are removed. Afterwards no link
 * points at a removed id.
 *
 * Merging an id into itself (`merge([id], id)`) folds the copies of a duplicated id into its
 * original instead (see `mergeCopies`).
 *
 * Write order: (1) the target's merged content; (1b) a redirect record per source
 * (`journal/redirects/`, committed with the merge), so a link to a source written in another
 * clone still leads to the target after sync; (2) each linking file, repointed, then the
 * sources' links to each other; (3) the sources removed, last. A failure at any point leaves
 * every link resolving; running the merge again (with the sources still there) finishes it,
 * and its commit takes the files the stopped run repointed too.
 */
export function mergeNotes(
  ctx: NotesDeps,
  sourceIds: readonly string[],
  targetId: string,
  options: MergeOptions = {},
): ResultAsync<MergeResult, MergeError> {
  const body = options.body === undefined ? ok(undefined) : validateBody(options.body);
  if (body.isErr()) return errAsync(body.error);
  const commitCheck = checkCommitRequest(ctx, options);
  if (commitCheck.isErr()) return errAsync(commitCheck.error);
  const self = sameIdOnly(sourceIds, targetId);
  if (self !== undefined) return mergeCopies(ctx, self, body.value, options);
  return serialized(ctx, () =>
    loadGraph(ctx).andThen((graph) =>
      resolveParties(graph, sourceIds, targetId).asyncAndThen(({ target, sources }) =>
        new ResultAsync(applyMerge(ctx, graph, target, sources, body.value)).andThen((done) =>
          commitIfAsked(ctx, options, done.files).map((outcome) => ({ ...done, ...outcome })),
        ),
      ),
    ),
  );
}

/** The id when the only source is the target itself: the duplicated-id case. */
function sameIdOnly(sourceIds: readonly string[], targetId: string): string | undefined {
  const [only, ...others] = sourceIds;
  if (only === undefined || others.length > 0) return undefined;
  const source = checkNoteId(only);
  const target = checkNoteId(targetId);
  return source.isOk() && target.isOk() && source.value === target.value ? target.value : undefined;
}

function resolveParties(
  graph: GraphView,
  sourceIds: readonly string[],
  targetId: string,
): Result<
  { target: StoredNote; sources: StoredNote[] },
  NotFoundError | DuplicateIdError | InvalidInputError
> {
  if (sourceIds.length === 0)
    return err(new InvalidInputError("A merge needs at least one source note."));
  const target = findNote(graph.snapshot, targetId);
  if (target.isErr()) return err(target.error);
  const sources: StoredNote[] = [];
  for (const sourceId of sourceIds) {
    const source = findNote(graph.snapshot, sourceId);
    if (source.isErr()) return err(source.error);
    if (source.value.note.id === target.value.note.id) {
      return err(
        new InvalidInputError(
          `${source.value.note.id} is the merge target; it cannot also be a source.`,
        ),
      );
    }
    if (sources.some((known) => known.note.id === source.value.note.id)) {
      return err(new InvalidInputError(`${source.value.note.id} is listed twice as a source.`));
    }
    sources.push(source.value);
  }
  return ok({ target: target.value, sources });
}

async function applyMerge(
  ctx: NotesDeps,
  graph: GraphView,
  target: StoredNote,
  sources: readonly StoredNote[],
  body: string | undefined,
): Promise<
  Result<Omit<MergeResult, "commit">, NotFoundError | PersistenceError | InvalidInputError>
> {
  const targetId = target.note.id;
  const repoint = (markdown: string): { text: string; count: number } => {
    let text = markdown;
    let count = 0;
    for (const source of sources) {
      const next = replaceLink(text, source.note.id, targetId);
      if (next !== text) count += countLinksTo(text, source.note.id);
      text = next;
    }
    return { text, count };
  };
  // A section already present (a merge that stopped midway and runs again) is not added twice.
  const sections = sources
    .map((s) =>
      unlinkId(repoint(`## ${s.note.title}\n\n${s.note.body}`).text, targetId, target.note.title),
    )
    .filter((section) => !target.note.body.includes(section));
  const mergedBody =
    body ?? [target.note.body, ...sections].filter((part) => part !== "").join("\n\n");
  // The target already holds the merge: an earlier run stopped midway and this one finishes.
  const resumed = sections.length < sources.length || target.note.body === mergedBody;
  const tags = dedupeTags([target.note.tagLine, ...sources.map((s) => s.note.tagLine)].flat());
  const files: string[] = [];
  // The sources' links to the target, and the target's to its sources, would now point at the
  // note they stand in: they become their words.
  const merged = unlinkId(
    repoint(serializeNote({ title: target.note.title, tags, body: mergedBody })).text,
    targetId,
    target.note.title,
  );
  const sized = checkNoteSize(merged);
  if (sized.isErr()) return err(sized.error);
  const written = await ctx.persistence.write(target.path, merged);
  ctx.store.forget(target.path);
  if (written.isErr()) return err(written.error);
  files.push(target.path);
  // Before any source goes: a link to a source that arrives later (written in another clone
  // before the merge) then resolves through the record, never to nothing.
  const recorded = await recordMerges(ctx.persistence, sources, target);
  if (recorded.isErr()) return err(recorded.error);
  files.push(...recorded.value);

  const sourcePaths = new Set(sources.map((s) => s.path));
  const linking = new Set<string>();
  // What the earlier run repointed now links to the target: committed with this run's files.
  const repointedBefore = resumed ? linkersOf(graph, targetId, target.path) : [];
  for (const source of sources) {
    for (const note of graph.inboundNotes(source.note.id)) {
      if (!sourcePaths.has(note.path) && note.path !== target.path) linking.add(note.path);
    }
    if (graph.indexed(source.note.id) && graph.snapshot.indexNote !== undefined)
      linking.add(graph.snapshot.indexNote.path);
  }
  let repointedLinks = 0;
  for (const path of [...linking].toSorted()) {
    const rewritten = await rewriteFile(ctx, path, (markdown) => {
      const result = repoint(markdown);
      repointedLinks += result.count;
      return result.text;
    });
    if (rewritten.isErr()) return err(rewritten.error);
    if (rewritten.value) files.push(path);
  }
  files.push(...repointedBefore.filter((path) => !files.includes(path)));
  // Sources are removed one by one: a source still there when the merge stops must not link
  // to one already removed, so their links to each other move to the target first.
  for (const source of sources) {
    const rewritten = await rewriteFile(ctx, source.path, (markdown) => repoint(markdown).text);
    if (rewritten.isErr() && rewritten.error.code !== "NOT_FOUND") return err(rewritten.error);
  }
  for (const source of sources) {
    const removed = await ctx.persistence.remove(source.path);
    ctx.store.forget(source.path);
    if (removed.isErr() && removed.error.code !== "NOT_FOUND") return err(removed.error);
    files.push(source.path);
  }
  return ok({ targetId, removed: sources.map((s) => s.note.id), repointedLinks, files });
}

function countLinksTo(markdown: string, id: string): number {
  return extractLinks(markdown).filter((link) => link.id === id).length;
}

/** The files linking to `id` (the index note included when it lists it), but `except`. */
function linkersOf(graph: GraphView, id: string, except: string): string[] {
  const paths = graph.inboundNotes(id).map((note) => note.path);
  if (graph.indexed(id) && graph.snapshot.indexNote !== undefined)
    paths.push(graph.snapshot.indexNote.path);
  return paths.filter((path) => path !== except);
}
