import { okAsync, ResultAsync } from "neverthrow";
import type { GitError, LockError, NotFoundError, PersistenceError } from "../../errors.js";
import { PRIVATE_FOLDER } from "../../model/layout.js";
import { INDEX_NOTE_PATH } from "../../model/layout.js";
import { loadTimes } from "../store/note-times.js";
import { loadRedirects } from "../store/redirects.js";
import type { NotesDeps } from "../notes-deps.js";
import { loadGraph } from "./graph-view.js";
import { doctorFindings, type DoctorFinding } from "./doctor-findings.js";
import { fixIdenticalCopies } from "./fix-identical-copies.js";
import { fixRedirectedLinks } from "./fix-redirected-links.js";
import { fixTitleLinks } from "./fix-title-links.js";
import { strayIdOf } from "./curation-findings.js";

/** What doctor checks against. */
export interface DoctorOptions {
  /** An orphan is reported once it is at least this old (git createdAt). Default 30 days. */
  readonly orphanMinAgeDays?: number;
  /** Notes larger than this (bytes) are reported. Default 8 KB. */
  readonly maxNoteBytes?: number;
  /**
   * First turn every title link that exactly one note can mean (`[[Page]]` where one note is
   * titled "Page") into an id link, point every link to a merged id at the note it was
   * merged into (its redirect record says which), and remove every copy of a duplicated id
   * that has the original's very bytes, then report what is left. Default false:
   * doctor only reads.
   */
  readonly fix?: boolean;
}

/**
 * One change doctor made: a title link turned into an id link, a link to a merged id
 * repointed, or a copy of a duplicated id with the original's very bytes removed.
 */
export interface DoctorFix {
  readonly kind: "title-link" | "redirected-link" | "identical-copy";
  /** The file changed (for an identical copy: the copy removed). */
  readonly path: string;
  /**
   * The link as it was written, e.g. `[[Igor]]`; for a redirected link, the merged id; for an
   * identical copy, the path of the original it duplicated.
   */
  readonly before: string;
  /** The id it now links to. */
  readonly id: string;
}

/** Doctor's report; `ok` is false when any finding is an error or a warning. */
export interface DoctorReport {
  readonly ok: boolean;
  readonly findings: readonly DoctorFinding[];
  /** What `fix` changed (empty without it). */
  readonly fixed: readonly DoctorFix[];
}

/** Folders and files the layout defines; anything else in the root is reported. */
const LAYOUT_FOLDERS = new Set([
  "inbox",
  "topics",
  "archive",
  "journal",
  "sessions",
  PRIVATE_FOLDER,
]);
// AGENTS.md may be generated into the memory root, and a README is common beside the notes.
const LAYOUT_FILES = new Set([INDEX_NOTE_PATH, "AGENTS.md", "README.md"]);

/**
 * Checks the memory's health without changing anything: broken links, old orphans, notes
 * without a heading, duplicate ids, names that don't parse, files outside the layout, empty
 * and oversized notes, links to archived notes, index-note links to missing notes, git
 * conflict markers, archived notes in the hot tier and the `id__XXXXXX.md` files an Obsidian
 * click leaves at the root. Each
 * finding names the file and how to fix it.
 */
export function runDoctor(
  ctx: NotesDeps,
  options: DoctorOptions = {},
): ResultAsync<DoctorReport, PersistenceError | GitError | LockError | NotFoundError> {
  const fixing =
    options.fix === true
      ? fixIdenticalCopies(ctx).andThen((copies) =>
          fixTitleLinks(ctx).andThen((titles) =>
            fixRedirectedLinks(ctx).map((redirected) =>
              [...copies, ...titles, ...redirected].toSorted((a, b) =>
                a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
              ),
            ),
          ),
        )
      : okAsync<DoctorFix[], never>([]);
  return fixing.andThen((fixed) => report(ctx, options, fixed));
}

function report(
  ctx: NotesDeps,
  options: DoctorOptions,
  fixed: readonly DoctorFix[],
): ResultAsync<DoctorReport, PersistenceError | GitError> {
  return loadGraph(ctx).andThen((graph) =>
    ResultAsync.combine([
      loadTimes(ctx.git, ctx.now),
      loadRedirects(ctx.persistence),
    ] as const).andThen(([times, redirects]) =>
      ctx.persistence.list().map((files) => {
        const strays = files.flatMap((file) => {
          const id = strayIdOf(file.path);
          return id === undefined ? [] : [{ path: file.path, size: file.size, id }];
        });
        const outside = files
          .map((file) => file.path)
          .filter((path) => strayIdOf(path) === undefined)
          .filter((path) => {
            const [first = "", ...rest] = path.split("/");
            // Dotted names at the root are tools' own (.gitignore, Obsidian's .obsidian/).
            if (first.startsWith(".")) return false;
            if (rest.length === 0) return !LAYOUT_FILES.has(path);
            if (!LAYOUT_FOLDERS.has(first)) return true;
            // Notes live flat in their status folder; anything nested there is lost to the library.
            return (
              ["inbox", "topics", "archive"].includes(first) &&
              (rest.length > 1 || !path.endsWith(".md"))
            );
          });
        const findings = doctorFindings({
          graph,
          times,
          redirects,
          outside,
          strays,
          now: ctx.now(),
          orphanMinAgeMs: (options.orphanMinAgeDays ?? 30) * 86_400_000,
          maxNoteBytes: options.maxNoteBytes ?? 8 * 1024,
        });
        return { ok: findings.every((finding) => finding.severity === "info"), findings, fixed };
      }),
    ),
  );
}
