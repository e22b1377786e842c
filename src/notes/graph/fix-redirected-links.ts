import { okAsync, ResultAsync } from "neverthrow";
import type { LockError, NotFoundError, PersistenceError } from "../../errors.js";
import { replaceLink } from "../../model/link-rewrite.js";
import { extractLinks } from "../../model/links.js";
import { resolveRedirect } from "../../model/records/redirect-record.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { loadRedirects } from "../store/redirects.js";
import { rewriteFile } from "../ops/rewrite-file.js";
import type { DoctorFix } from "./doctor.js";
import { loadGraph } from "./graph-view.js";

/**
 * Points every link to a merged id (one no file carries, whose redirect record leads to a
 * note) at the note it was merged into, in the notes and the index note, under the memory's
 * lock; each file is read fresh and only the link targets change (display text, and the text
 * around, stay as the writer left them).
 */
export function fixRedirectedLinks(
  ctx: NotesDeps,
): ResultAsync<DoctorFix[], LockError | PersistenceError | NotFoundError> {
  return serialized(ctx, () =>
    loadGraph(ctx).andThen(({ snapshot }) =>
      loadRedirects(ctx.persistence).andThen((redirects) => {
        const exists = (id: string) => snapshot.byId.has(id);
        const redirected = (links: readonly { id: string }[]) =>
          links.filter((link) => !exists(link.id) && redirects.has(link.id));
        const files = [
          ...snapshot.notes,
          ...(snapshot.indexNote === undefined ? [] : [snapshot.indexNote]),
        ]
          .filter((file) => redirected("note" in file ? file.note.links : file.links).length > 0)
          .map((file) => file.path);
        const fixed: DoctorFix[] = [];
        const rewriteOne = (path: string) =>
          rewriteFile(ctx, path, (markdown) => {
            let text = markdown;
            const ids = new Set(redirected(extractLinks(markdown)).map((link) => link.id));
            for (const id of ids) {
              const target = resolveRedirect(redirects, id, exists);
              if (target === undefined) continue;
              text = replaceLink(text, id, target);
              fixed.push({ kind: "redirected-link", path, before: id, id: target });
            }
            return text;
          });
        return files
          .reduce<ResultAsync<unknown, PersistenceError | NotFoundError>>(
            (chain, path) => chain.andThen(() => rewriteOne(path)),
            okAsync(undefined),
          )
          .map(() => fixed);
      }),
    ),
  );
}
