/**
 * `memory.agentsMd(...)`: the AGENTS.md generation bound to one memory.
 *
 * @module
 */

import type { ResultAsync } from "neverthrow";
import type { Persistence } from "../../ports/persistence.js";
import type { AgentsMdTarget } from "../../ports/agents-md-target.js";
import type { Tokenizer } from "../../ports/tokenizer.js";
import { memoryTarget } from "./memory-target.js";
import {
  generateAgentsMd,
  type AgentsMdError,
  type AgentsMdNotes,
  type AgentsMdResult,
} from "./generate-agents-md.js";

/** Options of `memory.agentsMd`. */
export interface AgentsMdOptions {
  /**
   * Where the section goes: a target (e.g. `fileTarget` for the repository's
   * AGENTS.md), or a path inside the memory root such as `"AGENTS.md"`.
   */
  readonly target: AgentsMdTarget | string;
  /** The section's budget in tokens, counted by the memory's tokenizer; default 2,000. */
  readonly budgetTokens?: number;
  /** Hot notes whose file is bigger are listed, not inlined; default 8,192 bytes. */
  readonly maxNoteBytes?: number;
}

/** The bound generation: what `memory.agentsMd` is. */
export type AgentsMdFunction = (
  options: AgentsMdOptions,
) => ResultAsync<AgentsMdResult, AgentsMdError>;

/**
 * Binds {@link generateAgentsMd} to a memory's notes, persistence (which serves string
 * targets inside the memory root) and tokenizer.
 *
 * @example
 * ```ts
 * const agentsMd = bindAgentsMd(notes, persistence, gptTokenizer());
 * await agentsMd({ target: "AGENTS.md", budgetTokens: 4_000 });
 * ```
 */
export function bindAgentsMd(
  notes: AgentsMdNotes,
  persistence: Persistence,
  tokenizer: Tokenizer,
): AgentsMdFunction {
  return (options) =>
    generateAgentsMd({
      notes,
      tokenizer,
      target:
        typeof options.target === "string"
          ? memoryTarget(persistence, options.target)
          : options.target,
      ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens }),
      ...(options.maxNoteBytes === undefined ? {} : { maxNoteBytes: options.maxNoteBytes }),
    });
}
