/**
 * The core of verify: every note's references checked against one repository index. Lines
 * past a file's end need the file's length, read once per file and only for files a note
 * cites with a line.
 *
 * @module
 */

import { ResultAsync } from "neverthrow";
import type { GitError, PersistenceError } from "../../errors.js";
import {
  extractCodeReferences,
  type CodeReference,
} from "../../model/references/code-references.js";
import { currentText, supersededSpans } from "../../model/supersession/superseded-text.js";
import type { ProjectRepository } from "../../ports/project-repository.js";
import {
  checkReference,
  missingLine,
  type MissingReference,
  type ReferenceVerdict,
  type StaleReferenceKind,
} from "./check-reference.js";
import {
  buildRepositoryInventory,
  countLines,
  type RepositoryInventory,
} from "./repository-inventory.js";

/** A note as verify reads it. */
export interface VerifiableNote {
  readonly id: string;
  /** The file, relative to the memory root. */
  readonly path: string;
  readonly title: string;
  readonly body: string;
}

/** A reference in a note that the repository no longer has: a doctor-style finding. */
export interface VerifyFinding {
  readonly kind: StaleReferenceKind;
  readonly severity: "warning";
  /** The note's file, relative to the memory root. */
  readonly path: string;
  readonly id: string;
  readonly title: string;
  /** The reference as the note writes it. */
  readonly text: string;
  /** What was looked for, and where. */
  readonly checked: string;
  readonly message: string;
  readonly fix: string;
}

/** What verify found. */
export interface VerifyReport {
  /** True when no reference is stale. */
  readonly ok: boolean;
  /** The repository checked against. */
  readonly repository: string;
  /** Files of the repository listed (the memory's own left out): 0 means nothing to check against. */
  readonly files: number;
  /** Notes read. */
  readonly notes: number;
  /** References the repository could confirm or refute (the rest are not its to judge). */
  readonly checked: number;
  /** Stale references, in note path order, then order of appearance. */
  readonly findings: readonly VerifyFinding[];
  /**
   * References left unchecked because they stand in superseded text (a note or section under
   * a `> Superseded by` mark): history, not a current claim. 0 with `includeSuperseded`.
   */
  readonly skippedSuperseded: number;
}

/** Options of {@link verifyNoteTexts}. */
export interface VerifyTextOptions {
  /** Check references in superseded notes and sections too (default false: they are history). */
  readonly includeSuperseded?: boolean;
}

/**
 * Checks the references of `notes` against `repository`: one listing, and one identifier
 * index when some note names a symbol.
 */
export function verifyNoteTexts(
  notes: readonly VerifiableNote[],
  repository: ProjectRepository,
  options: VerifyTextOptions = {},
): ResultAsync<VerifyReport, GitError | PersistenceError> {
  let skippedSuperseded = 0;
  const extracted = notes
    .toSorted((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((note) => {
      if (options.includeSuperseded === true)
        return { note, references: extractCodeReferences(note.body) };
      // The superseded text is history: its references are counted, not checked.
      for (const span of supersededSpans(note.body))
        skippedSuperseded += extractCodeReferences(
          note.body.slice(span.text.start, span.text.end),
        ).length;
      return { note, references: extractCodeReferences(currentText(note.body)) };
    });
  const identifiers = extracted.some(({ references }) =>
    references.some((reference) => reference.kind === "symbol"),
  );
  return buildRepositoryInventory(repository, { identifiers }).andThen((inventory) =>
    ResultAsync.fromSafePromise(judge(extracted, inventory, repository)).map((report) => ({
      ...report,
      skippedSuperseded,
    })),
  );
}

async function judge(
  extracted: readonly { note: VerifiableNote; references: readonly CodeReference[] }[],
  inventory: RepositoryInventory,
  repository: ProjectRepository,
): Promise<Omit<VerifyReport, "skippedSuperseded">> {
  const lineCounts = new Map(inventory.lineCounts);
  const findings: VerifyFinding[] = [];
  let checked = 0;
  for (const { note, references } of extracted) {
    const verdicts: { reference: CodeReference; verdict: ReferenceVerdict }[] = [];
    for (const reference of references) {
      let verdict = checkReference(reference, inventory);
      if (verdict.status === "line") {
        const lines = await lineCount(verdict.path, lineCounts, repository);
        verdict =
          lines === undefined
            ? { status: "unchecked" }
            : verdict.line <= lines
              ? { status: "present" }
              : { status: "missing", missing: missingLine(verdict, lines, inventory.location) };
      }
      verdicts.push({ reference, verdict });
    }
    // A symbol missing from a note that cites nothing else of this repository is more likely
    // another project's (a library's API, a tool's setting) than a stale one.
    const anchored = verdicts.some(({ verdict }) => verdict.status === "present");
    for (const { reference, verdict } of verdicts) {
      if (verdict.status === "present") checked += 1;
      if (verdict.status !== "missing") continue;
      checked += 1;
      if (reference.historical || (reference.kind === "symbol" && !anchored)) continue;
      findings.push(findingOf(note, reference, verdict.missing));
    }
  }
  return {
    ok: findings.length === 0,
    repository: inventory.location,
    files: inventory.files.size,
    notes: extracted.length,
    checked,
    findings,
  };
}

async function lineCount(
  path: string,
  cache: Map<string, number>,
  repository: ProjectRepository,
): Promise<number | undefined> {
  const known = cache.get(path);
  if (known !== undefined) return known;
  const text = await repository.read(path);
  if (text.isErr()) return undefined;
  const lines = countLines(text.value);
  cache.set(path, lines);
  return lines;
}

function findingOf(
  note: VerifiableNote,
  reference: CodeReference,
  missing: MissingReference,
): VerifyFinding {
  return {
    kind: missing.kind,
    severity: "warning",
    path: note.path,
    id: note.id,
    title: note.title,
    text: reference.text,
    checked: missing.checked,
    message: missing.message,
    fix: missing.fix,
  };
}
