import { ResultAsync, okAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../../errors.js";
import { fileLines, matchLines } from "../../model/markdown/line-match.js";
import { noteParts } from "../../model/note-parts.js";
import {
  journalIdsOfMessage,
  parseSourceTrailers,
  sourceOfDoneRecord,
  type MemorySource,
} from "../../model/provenance.js";
import type { Blame, BlameCommit, GitAuthor } from "../../ports/git.js";
import type { NotesDeps } from "../notes-deps.js";
import { readNote, type ReadError } from "./read.js";

/** A commit that wrote part of a note. */
export interface WhyCommit {
  readonly commit: string;
  readonly author: GitAuthor;
  /** Author time, ISO 8601. */
  readonly date: string;
  readonly subject: string;
  /** `consolidation`: model-written from `sources`; `other`: a person, or another operation. */
  readonly by: "consolidation" | "other";
  /** The journal entries and session-log sections a consolidation drew on. */
  readonly sources: readonly MemorySource[];
}

/** A heading or paragraph of the note, and who wrote its lines. */
export interface WhyPart {
  /** 1-based line numbers in the file, inclusive. */
  readonly from: number;
  readonly to: number;
  /** The `##` section it sits under. */
  readonly section?: string;
  /** The part's first line, cut to 80 characters. */
  readonly text: string;
  /** The commits that wrote its lines (keys of `commits`), most lines first. */
  readonly commits: readonly string[];
  /** How many of its lines no commit holds yet (edited since the last commit). */
  readonly uncommitted: number;
}

/** Where each part of a note came from. */
export interface NoteProvenance {
  readonly id: string;
  readonly title: string;
  readonly path: string;
  /**
   * `blame`: from git blame; `not-committed`: HEAD has no such file; `no-git`: the memory
   * has no git port; `no-blame`: its git port cannot blame (a host's adapter without it).
   */
  readonly attribution: "blame" | "not-committed" | "no-git" | "no-blame";
  readonly parts: readonly WhyPart[];
  /** Each commit named by a part, newest first. */
  readonly commits: readonly WhyCommit[];
}

/** Why `why` can fail. */
export type WhyError = ReadError | GitError | PersistenceError;

/**
 * Which commit wrote each heading and paragraph of a note (git blame, through renames and
 * moves), and for text a consolidation wrote, the sessions it was drawn from: the commit's
 * `Memory-Source` trailers, or for a consolidation commit made before they existed, the done
 * records of the journal entries its message names. Reads only.
 *
 * @example
 * ```ts
 * const why = await whyNote(ctx, "id__Kf9mNp");
 * if (why.isOk()) why.value.parts[1]?.commits; // ["9fceb02..."]
 * ```
 */
export function whyNote(ctx: NotesDeps, id: string): ResultAsync<NoteProvenance, WhyError> {
  return readNote(ctx, id).andThen((note) =>
    ctx.persistence.read(note.path).andThen((text) => {
      const lines = fileLines(text);
      const base = { id: note.id, title: note.title, path: note.path };
      const blame = ctx.git?.blame?.bind(ctx.git);
      if (blame === undefined) {
        const attribution = ctx.git === undefined ? "no-git" : "no-blame";
        return okAsync(attributed(base, attribution, lines, undefined, []));
      }
      return blame(note.path).andThen((blamed) => {
        if (blamed === null)
          return okAsync(attributed(base, "not-committed", lines, undefined, []));
        return ResultAsync.fromSafePromise(describeCommits(ctx, blamed)).andThen((commits) =>
          okAsync(attributed(base, "blame", lines, blamed, commits)),
        );
      });
    }),
  );
}

function attributed(
  base: Pick<NoteProvenance, "id" | "title" | "path">,
  attribution: NoteProvenance["attribution"],
  lines: readonly string[],
  blame: Blame | undefined,
  commits: readonly WhyCommit[],
): NoteProvenance {
  // The working file may differ from HEAD's: its lines are matched to the blamed ones.
  const headLines = blame?.lines ?? [];
  const matched = matchLines(
    headLines.map((line) => line.text),
    lines,
  );
  const parts = noteParts(lines).map((part): WhyPart => {
    const counts = new Map<string, number>();
    let uncommitted = 0;
    for (let line = part.from - 1; line < part.to; line++) {
      const commit = headLines[matched[line] ?? -1]?.commit;
      if (commit === undefined) uncommitted++;
      else counts.set(commit, (counts.get(commit) ?? 0) + 1);
    }
    const text = (lines[part.from - 1] ?? "").replace(/\r$/, "");
    return {
      from: part.from,
      to: part.to,
      ...(part.section === undefined ? {} : { section: part.section }),
      text: text.length > 80 ? `${text.slice(0, 79)}…` : text,
      commits: [...counts].toSorted((a, b) => b[1] - a[1]).map(([commit]) => commit),
      uncommitted: blame === undefined && attribution !== "not-committed" ? 0 : uncommitted,
    };
  });
  const named = new Set(parts.flatMap((part) => part.commits));
  return {
    ...base,
    attribution,
    parts,
    commits: commits.filter((commit) => named.has(commit.commit)),
  };
}

async function describeCommits(ctx: NotesDeps, blame: Blame): Promise<WhyCommit[]> {
  const described: WhyCommit[] = [];
  // Newest first. Git times are whole seconds, so two commits of one second (a consolidation
  // and an edit right after it) tie: the one whose last line comes later in the note goes first.
  const lastLine = new Map<string, number>();
  for (const [index, line] of blame.lines.entries()) lastLine.set(line.commit, index);
  const sorted = [...blame.commits.values()].toSorted(
    (a, b) =>
      b.authorTimeMs - a.authorTimeMs || (lastLine.get(b.id) ?? -1) - (lastLine.get(a.id) ?? -1),
  );
  for (const commit of sorted) {
    const subject = commit.message.split("\n")[0] ?? "";
    const consolidation = subject.startsWith("memory: consolidate");
    let sources = parseSourceTrailers(commit.message);
    if (sources.length === 0 && consolidation) sources = await doneRecordSources(ctx, commit);
    described.push({
      commit: commit.id,
      author: commit.author,
      date: new Date(commit.authorTimeMs).toISOString(),
      subject,
      // An import's commit names its source too, but no model wrote its text.
      by:
        consolidation || sources.some((source) => source.kind !== "import")
          ? "consolidation"
          : "other",
      sources,
    });
  }
  return described;
}

/** A commit from before source trailers: its `journal:` line, looked up in journal/done/. */
async function doneRecordSources(ctx: NotesDeps, commit: BlameCommit): Promise<MemorySource[]> {
  const sources: MemorySource[] = [];
  for (const id of journalIdsOfMessage(commit.message)) {
    const read = await ctx.persistence.read(`journal/done/${id}.json`);
    let source: MemorySource | undefined;
    if (read.isOk()) {
      try {
        source = sourceOfDoneRecord(id, JSON.parse(read.value));
      } catch {
        source = undefined;
      }
    }
    sources.push(source ?? { kind: "journal", ref: id });
  }
  return sources;
}
