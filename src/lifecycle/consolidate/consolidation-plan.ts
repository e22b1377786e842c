import { err, ok, type Result } from "neverthrow";
import { isValidId } from "../../model/id.js";
import { extractLinks } from "../../model/links.js";
import { serializeNote } from "../../model/note-format.js";
import { validateBody, validateTags, validateTitle } from "../../model/note-input.js";
import {
  MAX_ANSWER_NOTE_BYTES,
  NEW_NOTE_LINK,
  type ConsolidationAnswer,
} from "./consolidation-answer.js";
import { checkSupersedes, type PlannedSupersede, type PlanRefusal } from "./supersede-plan.js";

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

/** A section added at the end of an existing note: replaces none of its text. */
export interface PlannedAppend {
  readonly id: string;
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
  /** Absent in plans saved before appends existed. */
  readonly appends?: readonly PlannedAppend[];
  readonly inbox: readonly PlannedInboxAction[];
  /** Notes marked as superseded (absent in plans saved before supersede existed). */
  readonly supersedes?: readonly PlannedSupersede[];
  /** Ops of the answer refused one by one; the rest of the plan applies. */
  readonly refused?: readonly PlanRefusal[];
}

/** What the plan is checked against. */
export interface PlanScope {
  /** Ids of the notes an answer may update or merge into (inbox and active). */
  readonly updatableIds: ReadonlySet<string>;
  /** Ids of the inbox notes the prompt showed. */
  readonly inboxIds: ReadonlySet<string>;
  /**
   * Ids of the notes the prompt showed whole: only these may get a new body (a model may
   * remove only text it was shown). Undefined: every updatable note counts as shown.
   */
  readonly shownIds?: ReadonlySet<string>;
  /** Ids of the notes the prompt showed cut: they may only be appended to. */
  readonly cutIds?: ReadonlySet<string>;
  /** Every id a note carries (archived included): a link to anything else is broken. Undefined: not checked. */
  readonly knownIds?: ReadonlySet<string>;
}

const KEY = /^[a-z0-9][a-z0-9-]{0,39}$/;

/**
 * Checks a well-shaped answer against the memory. Every problem is listed (a sentence the
 * model can act on in its one repair attempt); an answer with any problem changes nothing.
 * Supersede ops are the exception: each is refused on its own (`refused`), the rest applies.
 */
export function validatePlan(
  answer: ConsolidationAnswer,
  scope: PlanScope,
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
  const appends: PlannedAppend[] = [];
  const updated = new Set<string>();
  for (const [i, note] of answer.notes.entries()) {
    const where = `notes[${i}]`;
    if (note.op === "append") {
      const section = checkAppend(where, note, scope, keys, problems);
      if (section !== undefined) appends.push(section);
      continue;
    }
    const content = checkContent(where, note, keys, scope, problems);
    if (note.op === "create") {
      if (content !== undefined && note.key !== undefined)
        creates.push({ key: note.key, ...content });
      continue;
    }
    if (note.id === undefined || !isValidId(note.id) || !scope.updatableIds.has(note.id)) {
      problems.push(
        `${where}: an update needs the "id" of an existing inbox or active note; "${note.id ?? ""}" is not one.`,
      );
    } else if (scope.cutIds?.has(note.id) === true) {
      problems.push(
        `${where}: ${note.id} was cut in the prompt, so its full text was not shown and an update would drop the rest: use {"op": "append", "id": "${note.id}", "body": "..."} to add a section instead.`,
      );
    } else if (scope.shownIds !== undefined && !scope.shownIds.has(note.id)) {
      problems.push(
        `${where}: ${note.id} was not shown in this prompt, so it cannot be rewritten; use "append" to add a section to it.`,
      );
    } else if (note.body.trim() === "") {
      problems.push(`${where}: the update of ${note.id} has an empty body; a note keeps its text.`);
    } else if (updated.has(note.id)) {
      problems.push(`${where}: ${note.id} is updated twice; merge the two updates into one.`);
    } else {
      updated.add(note.id);
      if (content !== undefined) updates.push({ id: note.id, ...content });
    }
  }
  const inbox = checkInbox(answer.inbox, scope, keys, problems);
  if (problems.length > 0) return err(problems);
  const shownIds =
    scope.shownIds === undefined
      ? undefined
      : new Set([...scope.shownIds, ...(scope.cutIds ?? [])]);
  const { planned, refused } = checkSupersedes(answer.supersede ?? [], {
    shownIds,
    updatableIds: scope.updatableIds,
    keys,
  });
  return ok({
    creates,
    updates,
    appends,
    inbox,
    ...(planned.length > 0 ? { supersedes: planned } : {}),
    ...(refused.length > 0 ? { refused } : {}),
  });
}

function checkAppend(
  where: string,
  note: ConsolidationAnswer["notes"][number],
  scope: PlanScope,
  keys: ReadonlySet<string>,
  problems: string[],
): PlannedAppend | undefined {
  if (note.id === undefined || !isValidId(note.id) || !scope.updatableIds.has(note.id)) {
    problems.push(
      `${where}: an append needs the "id" of an existing inbox or active note; "${note.id ?? ""}" is not one.`,
    );
    return undefined;
  }
  const body = validateBody(note.body);
  if (body.isErr()) {
    problems.push(`${where}: ${body.error.message}`);
    return undefined;
  }
  if (body.value.trim() === "") {
    problems.push(`${where}: the append to ${note.id} has no text.`);
    return undefined;
  }
  checkLinks(where, body.value, keys, scope, problems);
  if (Buffer.byteLength(body.value) > MAX_ANSWER_NOTE_BYTES) {
    problems.push(
      `${where}: the appended section is over the ${MAX_ANSWER_NOTE_BYTES}-byte limit.`,
    );
    return undefined;
  }
  return { id: note.id, body: body.value };
}

/** `[[new:key]]` must name a created note and `[[id__…]]` a note that exists. */
function checkLinks(
  where: string,
  body: string,
  keys: ReadonlySet<string>,
  scope: PlanScope,
  problems: string[],
): void {
  for (const match of body.matchAll(NEW_NOTE_LINK)) {
    if (!keys.has(match[1] ?? ""))
      problems.push(`${where}: [[new:${match[1] ?? ""}]] names no note created in this answer.`);
  }
  if (scope.knownIds === undefined) return;
  for (const link of extractLinks(body)) {
    if (!scope.knownIds.has(link.id))
      problems.push(
        `${where}: [[${link.id}]] links to a note that does not exist; link only ids shown in the prompt, or [[new:<key>]] for a note you create.`,
      );
  }
}

function checkContent(
  where: string,
  note: ConsolidationAnswer["notes"][number],
  keys: ReadonlySet<string>,
  scope: PlanScope,
  problems: string[],
): { title: string; tags: string[]; body: string } | undefined {
  const title = validateTitle(note.title ?? "");
  const tags = validateTags(note.tags ?? []);
  const body = validateBody(note.body);
  for (const result of [title, tags, body])
    if (result.isErr()) problems.push(`${where}: ${result.error.message}`);
  if (title.isErr() || tags.isErr() || body.isErr()) return undefined;
  checkLinks(where, body.value, keys, scope, problems);
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
  scope: PlanScope,
  keys: ReadonlySet<string>,
  problems: string[],
): PlannedInboxAction[] {
  const planned: PlannedInboxAction[] = [];
  const seen = new Set<string>();
  for (const [i, item] of actions.entries()) {
    const where = `inbox[${i}]`;
    if (!scope.inboxIds.has(item.id)) {
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
      keys.has(key) || (isValidId(into) && scope.updatableIds.has(into) && into !== item.id);
    if (!known) {
      problems.push(
        `${where}: "merged" needs "into": the id of another existing note or "new:<key>" of a created one.`,
      );
    } else
      planned.push({ id: item.id, action: "merged", into: keys.has(key) ? `new:${key}` : into });
  }
  // A merge into an inbox note that is itself merged away or archived is a chain or a cycle
  // (A into B, B into A): its text would land in a note that is gone.
  const leaving = new Set(planned.filter((p) => p.action !== "keep").map((p) => p.id));
  for (const item of planned) {
    if (item.action === "merged" && item.into !== undefined && leaving.has(item.into)) {
      problems.push(
        `inbox: ${item.id} is merged into ${item.into}, which is itself merged or archived (a chain or a cycle); merge both into one note that stays.`,
      );
    }
  }
  return planned;
}
