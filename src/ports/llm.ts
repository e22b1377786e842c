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

/** The language-model port: text in, text out. */
export interface Llm {
  /** Completes a prompt; resolves to the model's answer text. */
  complete(request: LlmRequest): ResultAsync<string, LlmError>;
}
