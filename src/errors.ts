/**
 * The tagged errors every public operation returns inside a neverthrow Result.
 *
 * One class per kind, each with a literal `code`, a message a person can act on,
 * an optional `cause`, and `toJSON` so errors survive `JSON.stringify` (the CLI's
 * `--json` output and host logs).
 */

/** Serialises an unknown cause without losing the useful part of an Error. */
function causeToJSON(cause: unknown): unknown {
  if (cause instanceof MemoryErrorBase) return cause.toJSON();
  if (cause instanceof Error) return { name: cause.name, message: cause.message };
  return cause;
}

/** Options every error constructor accepts. */
export interface MemoryErrorOptions {
  /** The lower-level error or value that led to this one. */
  readonly cause?: unknown;
}

/** Shared behaviour of every agent-memory error; not exported from the package. */
export abstract class MemoryErrorBase<Code extends string> extends Error {
  /** The literal error code a program switches on. */
  abstract readonly code: Code;

  constructor(message: string, options: MemoryErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }

  /** A plain object for JSON output: code, message and the cause chain. */
  toJSON(): { code: Code; message: string; cause?: unknown } {
    return this.cause === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, cause: causeToJSON(this.cause) };
  }
}

/** A note, file or other named thing does not exist. */
export class NotFoundError extends MemoryErrorBase<"NOT_FOUND"> {
  override readonly name = "NotFoundError";
  readonly code = "NOT_FOUND" as const;
  /**
   * Set when the id asked for names no note because that note was merged: the id its redirect
   * record leads to (see `journal/redirects/`), for a caller that wants to follow it.
   */
  readonly mergedInto: string | undefined;

  constructor(
    message: string,
    options: MemoryErrorOptions & { readonly mergedInto?: string } = {},
  ) {
    super(message, options);
    this.mergedInto = options.mergedInto;
  }

  /** The JSON of every error, with `mergedInto` when it is set. */
  override toJSON(): { code: "NOT_FOUND"; message: string; cause?: unknown; mergedInto?: string } {
    const base = super.toJSON();
    return this.mergedInto === undefined ? base : { ...base, mergedInto: this.mergedInto };
  }
}

/** The caller passed something the library refuses; nothing was written. */
export class InvalidInputError extends MemoryErrorBase<"INVALID_INPUT"> {
  override readonly name = "InvalidInputError";
  readonly code = "INVALID_INPUT" as const;
}

/** Two or more files carry the same note id; the library never picks one silently. */
export class DuplicateIdError extends MemoryErrorBase<"DUPLICATE_ID"> {
  override readonly name = "DuplicateIdError";
  readonly code = "DUPLICATE_ID" as const;
  /** The id that is duplicated. */
  readonly id: string;
  /** Every path (relative to the memory root) that carries the id. */
  readonly paths: readonly string[];

  constructor(id: string, paths: readonly string[], options: MemoryErrorOptions = {}) {
    super(
      `Note id ${id} is used by ${paths.length} files (${paths.join(", ")}). ` +
        `Give a copy a new id (\`memory reid ${id}\`) or fold the copies into one (\`memory merge ${id} ${id}\`) so each id names one note.`,
      options,
    );
    this.id = id;
    this.paths = paths;
  }
}

/** Reading or writing the memory's storage failed. */
export class PersistenceError extends MemoryErrorBase<"PERSISTENCE"> {
  override readonly name = "PersistenceError";
  readonly code = "PERSISTENCE" as const;
}

/** A git operation failed. */
export class GitError extends MemoryErrorBase<"GIT"> {
  override readonly name = "GitError";
  readonly code = "GIT" as const;
}

/** The language model could not be reached or did not answer. */
export class LlmError extends MemoryErrorBase<"LLM"> {
  override readonly name = "LlmError";
  readonly code = "LLM" as const;
}

/** The embedder failed: the call was rejected, aborted, or returned vectors of the wrong shape. */
export class EmbedderError extends MemoryErrorBase<"EMBEDDER"> {
  override readonly name = "EmbedderError";
  readonly code = "EMBEDDER" as const;
}

/** An operation was refused because it would break something (a link, a lock, a rule). */
export class ConflictError extends MemoryErrorBase<"CONFLICT"> {
  override readonly name = "ConflictError";
  readonly code = "CONFLICT" as const;
}

/** Another process held the memory's lock for longer than the wait allowed. */
export class LockError extends MemoryErrorBase<"LOCKED"> {
  override readonly name = "LockError";
  readonly code = "LOCKED" as const;
}

/**
 * A session transcript could not be turned into text: the source is unreadable or binary,
 * or the command that prints it failed or timed out.
 */
export class SessionReadError extends MemoryErrorBase<"SESSION_READ"> {
  override readonly name = "SessionReadError";
  readonly code = "SESSION_READ" as const;
  /**
   * True when the source was refused (outside the allowed folders, or a credential store),
   * not merely unreadable now: retrying can never succeed, so consolidation quarantines the
   * entry instead of keeping it pending.
   */
  readonly refused: boolean;

  constructor(message: string, options: MemoryErrorOptions & { readonly refused?: boolean } = {}) {
    super(message, options);
    this.refused = options.refused === true;
  }
}

/** A consolidation or defrag run stopped at a step; `step` names it, `cause` says why. */
export class PipelineError extends MemoryErrorBase<"PIPELINE"> {
  override readonly name = "PipelineError";
  readonly code = "PIPELINE" as const;
  /** The step that failed (e.g. "runAgent"). */
  readonly step: string;
  /**
   * What the steps before the failed one applied and kept (a lifecycle run: `pulled`,
   * `consolidation`, `commit`, ...); absent when nothing was applied. A caller reads it to
   * know that a failed run still merged or committed, and never redoes that work by hand.
   */
  readonly done?: Readonly<Record<string, unknown>>;

  constructor(
    step: string,
    message: string,
    options: MemoryErrorOptions & { readonly done?: Readonly<Record<string, unknown>> } = {},
  ) {
    super(message, options);
    this.step = step;
    if (options.done !== undefined) this.done = options.done;
  }

  override toJSON(): {
    code: "PIPELINE";
    message: string;
    cause?: unknown;
    step: string;
    done?: Readonly<Record<string, unknown>>;
  } {
    return {
      ...super.toJSON(),
      step: this.step,
      ...(this.done === undefined ? {} : { done: this.done }),
    };
  }
}

/** Which cap a model call would have crossed. */
export type BudgetScope = "run" | "day";

/** The figures of a budget stop, in tokens. */
export interface BudgetFigures {
  /** The cap that stopped the run: this run's or today's (UTC). */
  readonly scope: BudgetScope;
  /** The cap, in tokens. */
  readonly cap: number;
  /** Tokens already spent against that cap (this run's, or today's including this run). */
  readonly spent: number;
  /** What was left of the cap: cap - spent (0 when nothing). */
  readonly left: number;
  /** What the refused call needed: its prompt's tokens plus the answer allowance. */
  readonly needed: number;
}

/**
 * A model call was not made because it would have crossed a spend cap (per run or per day).
 * Nothing was lost: what the run kept before it is saved, its unconsumed entries stay pending.
 */
export class BudgetError extends MemoryErrorBase<"BUDGET"> {
  override readonly name = "BudgetError";
  readonly code = "BUDGET" as const;
  readonly figures: BudgetFigures;

  constructor(figures: BudgetFigures, message: string, options: MemoryErrorOptions = {}) {
    super(message, options);
    this.figures = figures;
  }

  override toJSON(): { code: "BUDGET"; message: string; cause?: unknown } & BudgetFigures {
    return { ...super.toJSON(), ...this.figures };
  }
}

/** Every error the library returns. */
export type MemoryError =
  | NotFoundError
  | InvalidInputError
  | DuplicateIdError
  | PersistenceError
  | GitError
  | LlmError
  | EmbedderError
  | ConflictError
  | LockError
  | SessionReadError
  | BudgetError
  | PipelineError;

/** Every literal error code. */
export type MemoryErrorCode = MemoryError["code"];
