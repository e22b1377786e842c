import { okAsync, ResultAsync } from "neverthrow";
import type { LockError, NotFoundError, PersistenceError } from "../../errors.js";
import { findLinkProblems, titleLinkToIdLink } from "../../model/link-problems.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import { rewriteFile } from "../ops/rewrite-file.js";
import type { DoctorFix } from "./doctor.js";
import { loadGraph } from "./graph-view.js";
import { titleLinkFixes } from "./link-problem-findings.js";

/**
 * Turns every title link that exactly one note can mean into an id link, under the memory's
 * lock, each file read fresh and rewritten only where such a link stands: the text the reader
 * saw stays, only the link target changes.
 */
export function fixTitleLinks(
  ctx: NotesDeps,
): ResultAsync<DoctorFix[], LockError | PersistenceError | NotFoundError> {
  return serialized(ctx, () =>
    loadGraph(ctx).andThen((graph) => {
      const { snapshot } = graph;
      const withTitleLinks = snapshot.notes.filter((stored) =>
        findLinkProblems(stored.note.body).some((problem) => problem.kind === "title"),
      );
      const fixed: DoctorFix[] = [];
      const rewriteOne = (path: string) =>
        rewriteFile(ctx, path, (markdown) => {
          // From the end, so earlier positions stay valid after each rewrite.
          const fixes = titleLinkFixes(snapshot, markdown).toSorted(
            (a, b) => b.link.position.start - a.link.position.start,
          );
          let text = markdown;
          for (const { link, id } of fixes) {
            const next = titleLinkToIdLink(text, link, id);
            if (next === undefined) continue;
            fixed.push({
              kind: "title-link",
              path,
              before: text.slice(link.position.start, link.position.end),
              id,
            });
            text = next;
          }
          return text;
        });
      return withTitleLinks
        .reduce<ResultAsync<unknown, PersistenceError | NotFoundError>>(
          (chain, stored) => chain.andThen(() => rewriteOne(stored.path)),
          okAsync(undefined),
        )
        .map(() => fixed.toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)));
    }),
  );
}
