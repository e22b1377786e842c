import type { ResultAsync } from "neverthrow";
import type { LlmError } from "../errors.js";

/** One completion request. */
export interface LlmRequest {
  /** The system prompt. */
  readonly system: string;
  /** The user prompt. */
  readonly prompt: string;
  /** Aborts the call; adapters must honour it. */
  readonly signal?: AbortSignal;
}

/** Tokens a provider says a call used; `memory status` and the spend caps count them. */
export interface LlmUsage {
  /** The prompt's tokens (system and user), as the provider counted them. */
  readonly inputTokens: number;
  /** The answer's tokens, as the provider counted them. */
  readonly outputTokens: number;
}

/** An answer with the provider's own count of what it cost. */
export interface LlmAnswer {
  readonly text: string;
  /** Absent when the provider did not say; the memory then estimates with its tokenizer. */
  readonly usage?: LlmUsage;
}

/**
 * The language-model port: text in, text out. `runLlmContract` in `agent-memory/testing`
 * holds an adapter to it.
 */
export interface Llm {
  /**
   * Completes a prompt; resolves to the model's answer text. Every failure is an Err
   * (LlmError), never a throw; an answer that is not non-empty text is an Err; an abort
   * settles the call at once, even when the model beneath ignores the signal.
   */
  complete(request: LlmRequest): ResultAsync<string, LlmError>;
  /**
   * Optional: the same call, with the provider's token counts. When present the memory calls
   * it instead of `complete` and records the provider's figures; when absent (or the answer
   * has no usage) it estimates both sides with its tokenizer. `llmFromAiSdk` implements it.
   */
  completeWithUsage?(request: LlmRequest): ResultAsync<LlmAnswer, LlmError>;
}
