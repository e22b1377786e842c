import { errAsync, okAsync, type ResultAsync } from "neverthrow";
import { ID_SHAPE, isValidId, normalizeIdInput } from "../../model/id.js";
import { INDEX_NOTE_PATH } from "../../model/layout.js";
import { serialized, type NotesDeps } from "../notes-deps.js";
import {
  InvalidInputError,
  type GitError,
  type LockError,
  type NotFoundError,
  type PersistenceError,
} from "../../errors.js";
import {
  readIndexTiers,
  writeIndexTiers,
  type IndexTiers,
} from "../../model/records/index-note.js";
import {
  checkCommitRequest,
  commitIfAsked,
  type CommitOutcome,
  type MutationOptions,
} from "../mutation-options.js";
import { tierRefusal, type PlacedNote } from "./tier-refusals.js";

/** The index note's API: top of mind lives only here. */
export interface IndexNoteApi {
  /** The tiers as written in `index.md` (empty tiers when there is none). */
  get(): ResultAsync<IndexTiers, PersistenceError>;
  /**
   * Replaces both tiers; every other line of `index.md` is kept. A superseded note is refused
   * (INVALID_INPUT, naming its successor): the current note is the one to tier.
   */
  set(tiers: {
    readonly hot: readonly string[];
    readonly warm: readonly string[];
  }): ResultAsync<IndexTiers, IndexError>;
  /**
   * Puts a note in a tier (moving it out of the other one), at the end of the list; an
   * archived or superseded note is refused (INVALID_INPUT; for a superseded one the error
   * names its successor), since a retired note is never top of mind. With
   * `commit`, index.md is committed in the same hold of the memory's lock as the write, and
   * the result says what became of the commit.
   */
  promote(
    id: string,
    tier: "hot" | "warm",
    options?: MutationOptions,
  ): ResultAsync<IndexChange, IndexError>;
  /** Takes a note out of both tiers; `commit` as for promote. */
  demote(id: string, options?: MutationOptions): ResultAsync<IndexChange, IndexError>;
}

/** The tiers after a change, and the commit's outcome when one was asked for. */
export type IndexChange = IndexTiers & Partial<CommitOutcome>;

/** Errors the index API can return. */
export type IndexError =
  | InvalidInputError
  | NotFoundError
  | PersistenceError
  | LockError
  /** A commit was asked for and the memory has no git port (nothing is written then). */
  | GitError;

const checkId = (input: string): string | InvalidInputError => {
  const id = normalizeIdInput(input.trim());
  return isValidId(id) ? id : new InvalidInputError(`"${input}" is not a note id (${ID_SHAPE}).`);
};

const ids = (entries: IndexTiers["hot"]) => entries.map((entry) => entry.id);

const NONE_PLACED = { notes: [], archived: false } as const;

/** Builds the index API over a memory's context. */
export function createIndexNoteApi(ctx: NotesDeps): IndexNoteApi {
  const readText = (): ResultAsync<string | undefined, PersistenceError> =>
    ctx.persistence
      .read(INDEX_NOTE_PATH)
      .orElse((error) => (error.code === "NOT_FOUND" ? okAsync(undefined) : errAsync(error)));

  const write = (
    next: (current: IndexTiers) => { hot: readonly string[]; warm: readonly string[] },
    options: MutationOptions = {},
    placed: { readonly notes: readonly PlacedNote[]; readonly archived: boolean } = NONE_PLACED,
  ): ResultAsync<IndexChange, IndexError> => {
    const commitCheck = checkCommitRequest(ctx, options);
    if (commitCheck.isErr()) return errAsync(commitCheck.error);
    return serialized(ctx, () =>
      readText().andThen((text) =>
        ctx.store.snapshot().andThen((snapshot) => {
          const refused = tierRefusal(snapshot, placed.notes, placed);
          if (refused !== undefined) return errAsync(refused);
          const tiers = next(readIndexTiers(text ?? ""));
          const missing = [...tiers.hot, ...tiers.warm].find((id) => !snapshot.byId.has(id));
          if (missing !== undefined)
            return errAsync(
              new InvalidInputError(
                `No note has the id ${missing}; the index links only to existing notes.`,
              ),
            );
          const entry = (id: string) => ({
            id,
            title: snapshot.byId.get(id)?.[0]?.note.title ?? id,
          });
          const markdown = writeIndexTiers(text, {
            hot: tiers.hot.map(entry),
            warm: tiers.warm.map(entry),
          });
          const done = readIndexTiers(markdown);
          // Same bytes, no write: regenerating an unchanged index causes no git churn.
          const written =
            markdown === text
              ? okAsync<IndexTiers, PersistenceError>(done)
              : ctx.persistence.write(INDEX_NOTE_PATH, markdown).map(() => done);
          // Committed in this same hold, so no other process's commit can take the change.
          return options.commit === undefined
            ? written
            : written.andThen((after) =>
                commitIfAsked(ctx, options, [INDEX_NOTE_PATH]).map((outcome): IndexChange => ({
                  ...after,
                  ...outcome,
                })),
              );
        }),
      ),
    );
  };

  return {
    get: () => readText().map((text) => readIndexTiers(text ?? "")),
    set: (tiers) => {
      const checked = [...tiers.hot, ...tiers.warm].map(checkId);
      const bad = checked.find((id): id is InvalidInputError => id instanceof InvalidInputError);
      if (bad !== undefined) return errAsync(bad);
      const hot = [...new Set(tiers.hot.map((id) => normalizeIdInput(id.trim())))];
      const warm = [...new Set(tiers.warm.map((id) => normalizeIdInput(id.trim())))].filter(
        (id) => !hot.includes(id),
      );
      const placed = [
        ...hot.map((id) => ({ id, tier: "hot" as const })),
        ...warm.map((id) => ({ id, tier: "warm" as const })),
      ];
      return write(() => ({ hot, warm }), {}, { notes: placed, archived: false });
    },
    promote: (input, tier, options) => {
      const id = checkId(input);
      if (id instanceof InvalidInputError) return errAsync(id);
      return write(
        (current) => {
          const hot = ids(current.hot).filter((known) => known !== id);
          const warm = ids(current.warm).filter((known) => known !== id);
          return tier === "hot" ? { hot: [...hot, id], warm } : { hot, warm: [...warm, id] };
        },
        options,
        { notes: [{ id, tier }], archived: true },
      );
    },
    demote: (input, options) => {
      const id = checkId(input);
      if (id instanceof InvalidInputError) return errAsync(id);
      return write(
        (current) => ({
          hot: ids(current.hot).filter((known) => known !== id),
          warm: ids(current.warm).filter((known) => known !== id),
        }),
        options,
      );
    },
  };
}
