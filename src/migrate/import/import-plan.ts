/**
 * The pure half of an import: what a kind's reading becomes as notes of this memory. Each
 * source key gets an id (the one an earlier import recorded, else a fresh one), `{linkTo}`
 * parts become `[[id|text]]` links (a key the reading does not have stays plain text and is
 * reported), the text passes the secret scrubber, and a body too big for one note is split
 * at its headings into parts linked from the first. Nothing is read or written here.
 *
 * @module
 */
import { isValidDisplayText } from "../../model/links.js";
import { noteHash } from "../../model/note-hash.js";
import { normalizeBody, serializeNote } from "../../model/note-format.js";
import { MAX_TITLE_LENGTH } from "../../model/note-input.js";
import { dedupeTags, isValidTagName } from "../../model/tags.js";
import { scrubSecrets } from "../../lifecycle/secret-scrubber.js";
import type { ImportedNote, ImportProblem, ImportReading, ImportSourceRef } from "./import-kind.js";
import type { ImportRecord } from "./import-record.js";
import { splitBody } from "./split-oversize.js";

/** One note the import would write (a part of a split note is one too). */
export interface PlannedNote {
  /** The source key; a split note's later parts are `<key>#part-<n>`. */
  readonly key: string;
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  /** The body as it is written: links resolved, secrets redacted, normalized. */
  readonly body: string;
  readonly source: ImportSourceRef;
  /** Version of the source text behind this note (what a re-run compares). */
  readonly sourceHash: string;
  /** The note file the import writes, and its version. */
  readonly markdown: string;
  readonly hash: string;
  /** Secrets redacted from this note's text, by kind. */
  readonly redacted: Readonly<Record<string, number>>;
}

/** A note too big for one file, and the notes it became. */
export interface PlannedSplit {
  readonly key: string;
  readonly ids: readonly string[];
}

/** What a reading becomes. */
export interface ImportPlan {
  readonly notes: readonly PlannedNote[];
  readonly splits: readonly PlannedSplit[];
  readonly links: { readonly resolved: number; readonly unresolved: number };
  /** The kind's problems and the pipeline's (unresolved links, tags that are no tag names). */
  readonly problems: readonly ImportProblem[];
}

/** What planning needs beside the reading. */
export interface ImportPlanDeps {
  /** The record of an earlier import of this source, if any. */
  readonly record: ImportRecord | undefined;
  /** A fresh id no note, record or earlier pick uses. */
  readonly freshId: () => string;
}

/**
 * The notes a reading becomes.
 *
 * @example
 * ```ts
 * const plan = planImport(reading, { record: undefined, freshId: () => generateId() });
 * plan.notes.map((note) => note.id);
 * ```
 */
export function planImport(reading: ImportReading, deps: ImportPlanDeps): ImportPlan {
  const problems: ImportProblem[] = [...reading.problems];
  const ids = new Map<string, string>();
  const idOf = (key: string): string => {
    let id = ids.get(key) ?? deps.record?.notes[key]?.id;
    id ??= deps.freshId();
    ids.set(key, id);
    return id;
  };
  const notes = uniqueKeys(reading.notes, problems);
  for (const note of notes) idOf(note.key);
  let resolved = 0;
  let unresolved = 0;
  const planned: PlannedNote[] = [];
  const splits: PlannedSplit[] = [];
  for (const note of notes) {
    const body = note.body
      .map((part) => {
        if (typeof part === "string") return part;
        const target = ids.get(part.linkTo);
        if (target === undefined) {
          unresolved++;
          problems.push({
            code: "unresolved-link",
            file: note.source.file,
            detail: `A link from "${note.title}" to "${part.linkTo}" names nothing in the source: kept as the text "${part.text}".`,
          });
          return part.text;
        }
        resolved++;
        return linkText(target, part.text);
      })
      .join("");
    const title = importTitle(note.title, note.key);
    const tags = tagNames(note, problems);
    const scrubbedTitle = scrubSecrets(title.title);
    const scrubbedBody = scrubSecrets(title.carried + body);
    const redacted = countKinds([...scrubbedTitle.redacted, ...scrubbedBody.redacted]);
    const sourceHash = noteHash(JSON.stringify([note.title, note.body, note.tags]));
    const parts = splitBody(normalizeBody(scrubbedBody.text));
    const partIds = parts.map((_, index) =>
      index === 0 ? idOf(note.key) : idOf(`${note.key}#part-${index + 1}`),
    );
    const partTitle = (index: number): string =>
      index === 0
        ? scrubbedTitle.text
        : `${[...scrubbedTitle.text].slice(0, MAX_TITLE_LENGTH - 12).join("")} (part ${index + 1})`;
    if (parts.length > 1) {
      splits.push({ key: note.key, ids: partIds });
    }
    for (const [index, text] of parts.entries()) {
      const partBody =
        index === 0 && parts.length > 1
          ? `${text}\n\nContinued in ${partIds
              .slice(1)
              .map((id, at) => linkText(id, partTitle(at + 1)))
              .join(", ")}.`
          : text;
      const content = { title: partTitle(index), tags, body: normalizeBody(partBody) };
      const markdown = serializeNote(content);
      planned.push({
        key: index === 0 ? note.key : `${note.key}#part-${index + 1}`,
        id: partIds[index] ?? idOf(note.key),
        ...content,
        source: note.source,
        sourceHash,
        markdown,
        hash: noteHash(markdown),
        redacted: index === 0 ? redacted : {},
      });
    }
  }
  return { notes: planned, splits, links: { resolved, unresolved }, problems };
}

/** `[[id|text]]`, or the text followed by a bare link when it cannot be a link's text. */
function linkText(id: string, text: string): string {
  const display = text.replace(/\s*\n\s*/g, " ").trim();
  return isValidDisplayText(display) ? `[[${id}|${display}]]` : `${text} [[${id}]]`;
}

/**
 * A title the note format accepts. A title it refuses (too long, a line break, `]]`, empty)
 * is shortened or cleaned, and the original is carried into the body's first line so no
 * text is lost.
 */
function importTitle(raw: string, key: string): { title: string; carried: string } {
  // oxlint-disable-next-line no-control-regex -- control characters are what is removed
  let title = raw.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replaceAll("]]", "] ]");
  title = title.replace(/\s+/g, " ").trim();
  if (title === "") title = key.replace(/\s+/g, " ").trim() || "Imported note";
  const chars = [...title];
  if (chars.length > MAX_TITLE_LENGTH) title = `${chars.slice(0, MAX_TITLE_LENGTH - 1).join("")}…`;
  title = title.replaceAll("]]", "] ]");
  const changed = title !== raw.trim();
  return { title, carried: changed && raw.trim() !== "" ? `${raw.trim()}\n\n` : "" };
}

function tagNames(note: ImportedNote, problems: ImportProblem[]): string[] {
  const names = note.tags.map((tag) => tag.trim().replace(/^#/, ""));
  const bad = names.filter((name) => !isValidTagName(name));
  if (bad.length > 0) {
    problems.push({
      code: "skipped",
      file: note.source.file,
      detail: `"${note.title}": ${bad.map((name) => `"${name}"`).join(", ")} cannot be tag names (letters, digits, "_", "-", "/"): left off the tag line.`,
    });
  }
  return dedupeTags(names.filter(isValidTagName));
}

/** Notes whose key an earlier note of the reading has are renamed `<key>~2`, and reported. */
function uniqueKeys(notes: readonly ImportedNote[], problems: ImportProblem[]): ImportedNote[] {
  const seen = new Set<string>();
  return notes.map((note) => {
    if (!seen.has(note.key)) {
      seen.add(note.key);
      return note;
    }
    let n = 2;
    while (seen.has(`${note.key}~${n}`)) n++;
    const key = `${note.key}~${n}`;
    seen.add(key);
    problems.push({
      code: "unreadable",
      file: note.source.file,
      detail: `Two notes of the source have the key "${note.key}": the second is imported as "${key}".`,
    });
    return { ...note, key };
  });
}

function countKinds(kinds: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of kinds) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}
