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
}
