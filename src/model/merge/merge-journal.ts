/**
 * The merge by meaning of the journal's JSON files changed on two clones. A done record
 * written on both (two clones consumed one synced entry) keeps one `consolidated` (the
 * earlier; a tie, the one whose JSON sorts first) with the notes of both, and the other
 * clone's whole `consolidated` under `consolidated.also`: nothing either side wrote is lost,
 * and both clones compute the same bytes. The session cursor keeps, per log, the lower
 * session consumed (a session may be consolidated again, never skipped); lifecycle.json adds
 * the consolidations both sides counted, or keeps the side that defragged last.
 *
 * @module
 */

import { err, ok, type Result } from "neverthrow";
import { InvalidInputError } from "../../errors.js";
import { isRecord } from "../../shared/is-record.js";
import type { MergedText } from "./merge-note.js";

type Json = Record<string, unknown>;

/**
 * Merges a journal JSON file (`journal/...`) changed on two clones; an error when the file
 * is not one this merge knows or does not parse, so the merge is left to git and a person.
 *
 * @example
 * ```ts
 * mergeJournalText("journal/done/x.json", "", ours, theirs);
 * ```
 */
export function mergeJournalText(
  path: string,
  base: string,
  ours: string,
  theirs: string,
): Result<MergedText, InvalidInputError> {
  if (ours === theirs || base === theirs) return ok({ text: ours, marked: 0, decisions: [] });
  if (base === ours) return ok({ text: theirs, marked: 0, decisions: [] });
  const o = parsed(ours);
  const t = parsed(theirs);
  if (o === undefined || t === undefined) {
    return err(new InvalidInputError(`${path}: one side is not a JSON object; merge it by hand.`));
  }
  const b = parsed(base);
  if (/(?:^|\/)journal\/done\/[^/]+\.json$/.test(path)) {
    const merged = mergeDone(o, t);
    if (merged !== undefined) return ok(asText(merged));
  } else if (/(?:^|\/)journal\/session-cursor\.json$/.test(path)) {
    const merged = mergeCursor(b, o, t);
    if (merged !== undefined) return ok(asText(merged));
  } else if (/(?:^|\/)journal\/lifecycle\.json$/.test(path)) {
    return ok(asText(mergeLifecycle(b, o, t)));
  }
  return err(
    new InvalidInputError(
      `${path} was changed differently on both clones and is not a file agent-memory merges by meaning; merge it by hand.`,
    ),
  );
}

function asText(value: Json): MergedText {
  return { text: `${JSON.stringify(value, null, 2)}\n`, marked: 0, decisions: [] };
}

function unique(list: readonly unknown[]): unknown[] {
  return [...new Map(list.map((item) => [JSON.stringify(item), item])).values()];
}

function parsed(text: string): Json | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One done record from two: the earlier consolidation first, the other kept under `also`. */
function mergeDone(ours: Json, theirs: Json): Json | undefined {
  const a = ours["consolidated"];
  const b = theirs["consolidated"];
  if (!isRecord(a) || !isRecord(b)) return undefined;
  const key = (c: Json) => `${String(c["consolidatedAt"])}\u0000${JSON.stringify(c)}`;
  const [first, second, record] = key(a) <= key(b) ? [a, b, ours] : [b, a, theirs];
  const others = [...asList(first["also"]), ...asList(second["also"]), withoutAlso(second)];
  const notes = [...asStrings(first["notes"]), ...asStrings(second["notes"])];
  return {
    ...record,
    consolidated: {
      ...withoutAlso(first),
      ...(notes.length > 0 ? { notes: [...new Set(notes)] } : {}),
      also: unique(others),
    },
  };
}

function withoutAlso(record: Json): Json {
  const { also: _also, ...rest } = record;
  return rest;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asStrings(value: unknown): string[] {
  return asList(value).filter((item): item is string => typeof item === "string");
}

/** Per session log, the lower session consumed; `bytes` only where both sides agree. */
function mergeCursor(base: Json | undefined, ours: Json, theirs: Json): Json | undefined {
  const o = ours["files"];
  const t = theirs["files"];
  if (!isRecord(o) || !isRecord(t)) return undefined;
  const b = isRecord(base?.["files"]) ? base["files"] : {};
  const files: Json = {};
  for (const name of [...new Set([...Object.keys(o), ...Object.keys(t)])].toSorted()) {
    const mine = o[name];
    const other = t[name];
    if (JSON.stringify(mine) === JSON.stringify(other) || other === undefined) {
      files[name] = mine ?? b[name];
      if (files[name] === undefined) delete files[name];
      continue;
    }
    if (mine === undefined) {
      files[name] = other;
      continue;
    }
    if (!isRecord(mine) || !isRecord(other)) return undefined;
    files[name] = { session: Math.min(Number(mine["session"]), Number(other["session"])) };
  }
  return { ...ours, files };
}

/** The side that defragged last; otherwise the consolidations both sides counted, added. */
function mergeLifecycle(base: Json | undefined, ours: Json, theirs: Json): Json {
  const at = (j: Json | undefined) =>
    typeof j?.["lastDefragAt"] === "string" ? j["lastDefragAt"] : "";
  const count = (j: Json | undefined) => {
    const value = j?.["consolidationsSinceDefrag"];
    return typeof value === "number" ? value : 0;
  };
  if (at(ours) !== at(theirs)) return at(ours) > at(theirs) ? ours : theirs;
  const since = at(base) === at(ours) ? count(base) : 0;
  return {
    consolidationsSinceDefrag: count(ours) + count(theirs) - since,
    lastDefragAt: ours["lastDefragAt"] ?? null,
  };
}
