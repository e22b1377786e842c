import { err, errAsync, ok, okAsync, ResultAsync, type Result } from "neverthrow";
import type { PersistenceError } from "../../errors.js";
import { parseFilename } from "../../model/filename.js";
import {
  parseRedirect,
  redirectPath,
  redirectText,
  REDIRECTS_FOLDER,
  resolveRedirect,
} from "../../model/records/redirect-record.js";
import type { Persistence } from "../../ports/persistence.js";
import type { NoteFacts } from "./note-facts.js";
import type { NotesDeps } from "../notes-deps.js";

/**
 * Every redirect record of the memory, from merged id to target. An id with two records that
 * disagree (the same note merged into different targets in two clones) is left out: the
 * library never picks one silently, and doctor then reports links to it as broken.
 */
export function loadRedirects(
  persistence: Persistence,
): ResultAsync<Map<string, string>, PersistenceError> {
  return persistence.list(REDIRECTS_FOLDER).andThen((files) =>
    ResultAsync.combine(
      files
        .filter((file) => file.unsafe === undefined && file.path.endsWith(".md"))
        .map((file) =>
          persistence
            .read(file.path)
            .map((text) => parseRedirect(file.path, text))
            // A record removed between the listing and the read is no record.
            .orElse((error) => (error.code === "NOT_FOUND" ? okAsync(undefined) : errAsync(error))),
        ),
    ).map((records) => {
      const redirects = new Map<string, string>();
      const disputed = new Set<string>();
      for (const record of records) {
        if (record === undefined) continue;
        const known = redirects.get(record.from);
        if (known !== undefined && known !== record.to) disputed.add(record.from);
        redirects.set(record.from, record.to);
      }
      for (const id of disputed) redirects.delete(id);
      return redirects;
    }),
  );
}

/**
 * Whether any record names `id`, from the folder's file names alone: what a read of a missing
 * id checks before loading the records, so a plain NOT_FOUND costs one listing.
 */
export function hasRedirect(
  persistence: Persistence,
  id: string,
): ResultAsync<boolean, PersistenceError> {
  const listing = persistence.listPaths?.(REDIRECTS_FOLDER) ?? persistence.list(REDIRECTS_FOLDER);
  return listing.map((files) =>
    files.some((file) => {
      const name = parseFilename(file.path);
      return name.isOk() && name.value.id === id;
    }),
  );
}

/**
 * The note a merged `id` now lives in (following records of notes merged again), or undefined
 * when `id` has no record or its chain ends at no note.
 */
export function whereMerged(
  ctx: NotesDeps,
  id: string,
): ResultAsync<string | undefined, PersistenceError> {
  return hasRedirect(ctx.persistence, id).andThen((recorded) =>
    recorded
      ? loadRedirects(ctx.persistence).andThen((redirects) =>
          ctx.store
            .facts()
            .map((facts) => resolveRedirect(redirects, id, (target) => facts.byId.has(target))),
        )
      : okAsync(undefined),
  );
}

/** Writes a redirect record from each source to the target; resolves to the paths written. */
export async function recordMerges(
  persistence: Persistence,
  sources: readonly NoteFacts[],
  target: NoteFacts,
): Promise<Result<string[], PersistenceError>> {
  const paths: string[] = [];
  for (const source of sources) {
    const path = redirectPath(source.note.title, source.note.id);
    const text = redirectText(source.note.title, target.note.id, target.note.title);
    const written = await persistence.write(path, text);
    if (written.isErr()) return err(written.error);
    paths.push(path);
  }
  return ok(paths);
}
