import { err, ok, type Result } from "neverthrow";
import { isValidId } from "../../model/id.js";
import { serializeNote } from "../../model/note-format.js";
import { validateBody, validateTags, validateTitle } from "../../model/note-input.js";
import {
  MAX_ANSWER_NOTE_BYTES,
  NEW_NOTE_LINK,
  type ConsolidationAnswer,
} from "./consolidation-answer.js";

/** A note the run creates; `key` is the model's temporary name for it. */
export interface PlannedCreate {
  readonly key: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly body: string;
}

/** An existing note the run rewrites (a changed title is a rename). */
export interface PlannedUpdate {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly body: string;
}

/** What happens to one inbox note; `into` is an id or `new:<key>`. */
export interface PlannedInboxAction {
  readonly id: string;
  readonly action: "merged" | "keep" | "archive";
  readonly into?: string;
}

/** A validated answer: every id exists, every key resolves, every note is within limits. */
export interface ConsolidationPlan {
  readonly creates: readonly PlannedCreate[];
  readonly updates: readonly PlannedUpdate[];
  readonly inbox: readonly PlannedInboxAction[];
}

/** What the plan is checked against. */
export interface PlanContext {
  /** Ids of the notes an answer may update or merge into (inbox and active). */
  readonly updatableIds: ReadonlySet<string>;
  /** Ids of the inbox notes the prompt showed. */
  readonly inboxIds: ReadonlySet<string>;
}

const KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * Checks a well-shaped answer against the memory. Every problem is listed (a sentence the
 * model can act on in its one repair attempt); an answer with any problem changes nothing.
 */
export function validatePlan(
  answer: ConsolidationAnswer,
  context: PlanContext,
): Result<ConsolidationPlan, string[]> {
  const problems: string[] = [];
  const keys = new Set<string>();
  for (const [i, note] of answer.notes.entries()) {
    if (note.op !== "create") continue;
    if (note.key === undefined || !KEY.test(note.key)) {
      problems.push(
        `notes[${i}]: a create needs a "key" of lowercase letters, digits and dashes (at most 40).`,
      );
    } else if (keys.has(note.key)) {
      problems.push(`notes[${i}]: the key "${note.key}" is used twice.`);
    } else keys.add(note.key);
    if (note.id !== undefined)
      problems.push(`notes[${i}]: a create must not carry an "id"; the library assigns it.`);
  }
  const creates: PlannedCreate[] = [];
  const updates: PlannedUpdate[] = [];
  const updated = new Set<string>();
  for (const [i, note] of answer.notes.entries()) {
    const where = `notes[${i}]`;
    const content = checkContent(where, note, keys, problems);
    if (note.op === "create") {
      if (content !== undefined && note.key !== undefined)
        creates.push({ key: note.key, ...content });
      continue;
    }
    if (note.id === undefined || !isValidId(note.id) || !context.updatableIds.has(note.id)) {
      problems.push(
        `${where}: an update needs the "id" of an existing inbox or active note; "${note.id ?? ""}" is not one.`,
      );
    } else if (updated.has(note.id)) {
      problems.push(`${where}: ${note.id} is updated twice; merge the two updates into one.`);
    } else {
      updated.add(note.id);
      if (content !== undefined) updates.push({ id: note.id, ...content });
    }
  }
  const inbox = checkInbox(answer.inbox, context, keys, problems);
  return problems.length > 0 ? err(problems) : ok({ creates, updates, inbox });
}

function checkContent(
  where: string,
  note: { title: string; tags: string[]; body: string },
  keys: ReadonlySet<string>,
  problems: string[],
): { title: string; tags: string[]; body: string } | undefined {
  const title = validateTitle(note.title);
  const tags = validateTags(note.tags);
  const body = validateBody(note.body);
  for (const result of [title, tags, body])
    if (result.isErr()) problems.push(`${where}: ${result.error.message}`);
  if (title.isErr() || tags.isErr() || body.isErr()) return undefined;
  for (const match of body.value.matchAll(NEW_NOTE_LINK)) {
    if (!keys.has(match[1] ?? ""))
      problems.push(`${where}: [[new:${match[1] ?? ""}]] names no note created in this answer.`);
  }
  const bytes = Buffer.byteLength(
    serializeNote({ title: title.value, tags: tags.value, body: body.value }),
  );
  if (bytes > MAX_ANSWER_NOTE_BYTES) {
    problems.push(
      `${where}: "${title.value}" is ${bytes} bytes, over the ${MAX_ANSWER_NOTE_BYTES}-byte limit; split it into smaller notes.`,
    );
    return undefined;
  }
  return { title: title.value, tags: tags.value, body: body.value };
}

function checkInbox(
  actions: ConsolidationAnswer["inbox"],
  context: PlanContext,
  keys: ReadonlySet<string>,
  problems: string[],
): PlannedInboxAction[] {
  const planned: PlannedInboxAction[] = [];
  const seen = new Set<string>();
  for (const [i, item] of actions.entries()) {
    const where = `inbox[${i}]`;
    if (!context.inboxIds.has(item.id)) {
      problems.push(`${where}: ${item.id} is not one of the inbox notes shown.`);
      continue;
    }
    if (seen.has(item.id)) problems.push(`${where}: ${item.id} is decided twice.`);
    seen.add(item.id);
    if (item.action !== "merged") {
      if (item.into !== undefined) problems.push(`${where}: "into" only goes with "merged".`);
      planned.push({ id: item.id, action: item.action });
      continue;
    }
    const into = item.into ?? "";
    const key = into.startsWith("new:") ? into.slice(4) : into;
    const known =
      keys.has(key) || (isValidId(into) && context.updatableIds.has(into) && into !== item.id);
    if (!known) {
      problems.push(
        `${where}: "merged" needs "into": the id of another existing note or "new:<key>" of a created one.`,
      );
    } else
      planned.push({ id: item.id, action: "merged", into: keys.has(key) ? `new:${key}` : into });
  }
  return planned;
}
