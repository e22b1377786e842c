import { err, errAsync, ok, type Result, type ResultAsync } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import { parseNote, serializeNote } from "../../model/note-format.js";
import { validateBody, validateTitle } from "../../model/note-input.js";
import type { ChangedNote } from "../mutation-options.js";
import { changedNote } from "./changed-note.js";
import type { NotesDeps } from "../notes-deps.js";
import { writeSingleNote } from "./single-note-write.js";
import type { UpdateError, UpdateOptions } from "./update.js";

/** A section added at the end of a note. */
export interface AppendSection {
  /** The section's text. */
  readonly body: string;
  /** Optional `## ` heading put above it. */
  readonly heading?: string;
}

/**
 * Adds a section at the end of a note's body without replacing any of its text: the safe
 * edit for a writer that has not seen (or does not want to rewrite) the whole note. The
 * file is read fresh under the lock, so an edit made behind the library's back a moment
 * ago is kept. Idempotent: a section already at the end of the note is not added twice
 * (a re-run after a crash adds it once). `expectedHash` makes it a compare-and-swap.
 *
 * @example
 * ```ts
 * await memory.append(id, { heading: "2026-11-23", body: "Deploys now need two approvals." });
 * ```
 */
export function appendToNote(
  ctx: NotesDeps,
  id: string,
  section: AppendSection,
  options: UpdateOptions = {},
): ResultAsync<ChangedNote, UpdateError> {
  const text = sectionText(section);
  if (text.isErr()) return errAsync(text.error);
  return writeSingleNote(ctx, id, options, {
    plan: (stored) =>
      ctx.persistence.read(stored.path).map((markdown) => {
        const note = parseNote(markdown, id, { slug: stored.slug });
        // Already at the end (a re-run after a crash): not added twice, committed when asked.
        if (note.body.trimEnd().endsWith(text.value))
          return { change: { kind: "none", commit: true }, report: undefined } as const;
        const body =
          note.body.trim() === "" ? text.value : `${note.body.trimEnd()}\n\n${text.value}`;
        const appended = serializeNote({ title: note.title, tags: note.tagLine, body });
        return { change: { kind: "rewrite", markdown: appended }, report: undefined } as const;
      }),
  }).andThen((done) => changedNote(ctx, done.rewritten ?? done.found, done.outcome));
}

function sectionText(section: AppendSection): Result<string, InvalidInputError> {
  const body = validateBody(section.body);
  if (body.isErr()) return err(body.error);
  if (body.value.trim() === "")
    return err(new InvalidInputError("An appended section needs text; nothing was written."));
  if (section.heading === undefined) return ok(body.value.trim());
  const heading = validateTitle(section.heading);
  if (heading.isErr()) return err(heading.error);
  return ok(`## ${heading.value}\n\n${body.value.trim()}`);
}
