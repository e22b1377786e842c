import type { NoteEdit } from "../../index.js";
import { failureFrom, usageFailure } from "../framework/cli-failure.js";
import { readBody } from "../framework/body-input.js";
import type { CliIo } from "../framework/cli-io.js";
import { COMMIT_OPTIONS, defineCommand } from "../framework/command.js";
import {
  chooseCommit,
  commitOptions,
  describeCommit,
  quoteTitle,
} from "../framework/commit-choice.js";
import { EXIT } from "../framework/exit-codes.js";
import { lookUpNote } from "../framework/note-lookup.js";
import { openNotes } from "../framework/open-memory.js";

const MODES = ["append", "prepend", "replace", "section", "body"] as const;

/** `memory edit <id>`: changes a note's body (append, prepend, replace, a section, all of it). */
export const editCommand = defineCommand({
  name: "edit",
  usage:
    "<id> (--append TEXT | --prepend TEXT | --replace FIND --with TEXT [--all] | --section HEADING [--with TEXT | --append TEXT] | --body TEXT) [options]",
  description:
    'Edits the body of one note and commits it. A TEXT of "-" (or a missing --with) reads stdin.\n' +
    "--replace needs the exact text and refuses when it is missing or occurs more than once (unless\n" +
    "--all); --section replaces what is under a heading up to the next heading of its level, or with\n" +
    "--append adds TEXT at the end of that section, keeping what it holds. The title\n" +
    "and tag line stay (use rename and capture's tags). An edit that changes nothing writes nothing.\n" +
    'A TEXT starting with a dash goes after "=": --append="- item" (or pipe it on stdin).',
  options: {
    ...COMMIT_OPTIONS,
    append: { type: "string" },
    prepend: { type: "string" },
    replace: { type: "string" },
    with: { type: "string" },
    all: { type: "boolean" },
    section: { type: "string" },
    body: { type: "string" },
  },
  optionHelp: [
    [
      "--append TEXT",
      "Add TEXT at the end of the body, after a blank line (with --section: of that section).",
    ],
    ["--prepend TEXT", "Add TEXT at the start of the body, before a blank line."],
    ["--replace FIND", "Replace the exact text FIND (with --with)."],
    ["--with TEXT", "The replacement for --replace, or the new content of --section."],
    [
      "--all",
      "With --replace: replace every occurrence instead of refusing when there are several.",
    ],
    [
      "--section HEADING",
      "Replace the content under this heading (e.g. Decisions or '## Decisions').",
    ],
    ["--body TEXT", "Replace the whole body."],
  ],
  positionals: { min: 1, max: 1 },
  examples: [
    'memory edit Kf9mNp --append "- 2026-05-02: moved to the platform team"',
    'memory edit Kf9mNp --replace "designer" --with "developer"',
    "cat decisions.md | memory edit Kf9mNp --section Decisions",
    'memory edit Kf9mNp --section History --append="- 2026-05: moved to the platform team"',
    'memory edit Kf9mNp --body "Rewritten from scratch." --json',
  ],
  async run({ values, positionals, out, io }) {
    const given = MODES.filter((mode) => values[mode] !== undefined);
    // --section with --append adds to the section: one mode, not two.
    const chosen = given.join() === "append,section" ? ["section"] : given;
    if (chosen.length !== 1) {
      return out.fail(
        usageFailure(
          chosen.length === 0
            ? "say how to edit: --append, --prepend, --replace, --section or --body"
            : `give one of ${chosen.map((mode) => `--${mode}`).join(", ")}, not several`,
          "edit",
        ),
      );
    }
    if (values.with !== undefined && values.append !== undefined) {
      return out.fail(usageFailure("give --section either --with or --append, not both", "edit"));
    }
    if (values.with !== undefined && values.replace === undefined && values.section === undefined) {
      return out.fail(usageFailure("--with goes with --replace or --section", "edit"));
    }
    const edit = await editFrom(values, io);
    if (edit === undefined) {
      return out.fail(
        usageFailure("no text given: pass it as the value, or pipe it on stdin", "edit"),
      );
    }
    const opened = await openNotes(values.root, io);
    if (opened.isErr()) return out.fail(opened.error);
    const { memory } = opened.value;
    const note = await lookUpNote(memory, positionals[0] ?? "");
    if (note.isErr()) return out.fail(note.error);
    const { id, title } = note.value;
    const choice = chooseCommit(
      opened.value,
      values["no-commit"],
      `memory: edit ${quoteTitle(title)} (${edit.kind}, ${id})`,
    );
    const { editNote } = await import("../../notes-entry.js");
    const edited = await editNote(memory, id, edit, commitOptions(choice));
    if (edited.isErr()) return out.fail(failureFrom(edited.error));
    const { changed } = edited.value;
    const committed = edited.value.commit !== null;
    out.print({ ...edited.value, committed }, () => {
      if (!changed) return `Nothing changed in ${id}: the edit gives the body it already has.`;
      return [
        `Edited ${id} ${JSON.stringify(title)} (${edit.kind}).`,
        describeCommit(edited.value, choice),
      ].join("\n");
    });
    return EXIT.ok;
  },
});

interface EditValues {
  readonly append?: string | undefined;
  readonly prepend?: string | undefined;
  readonly replace?: string | undefined;
  readonly with?: string | undefined;
  readonly all?: boolean | undefined;
  readonly section?: string | undefined;
  readonly body?: string | undefined;
}

async function editFrom(values: EditValues, io: CliIo): Promise<NoteEdit | undefined> {
  const text = (option: string | undefined) => readBody(io, option, true);
  if (values.append !== undefined && values.section === undefined) {
    return wrap("append", await text(values.append));
  }
  if (values.prepend !== undefined) return wrap("prepend", await text(values.prepend));
  if (values.body !== undefined) return wrap("replace-body", await text(values.body));
  if (values.replace !== undefined) {
    const replacement = await text(values.with);
    if (replacement === undefined) return undefined;
    return { kind: "replace", find: values.replace, replacement, all: values.all === true };
  }
  if (values.section !== undefined && values.append !== undefined) {
    const content = await text(values.append);
    if (content === undefined) return undefined;
    return { kind: "append-section", heading: values.section, text: content };
  }
  if (values.section !== undefined) {
    const content = await text(values.with);
    if (content === undefined) return undefined;
    return { kind: "replace-section", heading: values.section, text: content };
  }
  return undefined;
}

function wrap(
  kind: "append" | "prepend" | "replace-body",
  text: string | undefined,
): NoteEdit | undefined {
  return text === undefined ? undefined : { kind, text };
}
