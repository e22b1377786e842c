import { toPromise, type AnyActorRef } from "xstate";
import { PipelineError } from "../../errors.js";
import { messageOf } from "../../shared/message-of.js";

/** The output shape both pipelines share: done with a report, or failed at a named step. */
export type PipelineOutput<Done> =
  | Done
  | { readonly status: "failed"; readonly step: string; readonly error: unknown };

/**
 * Starts a pipeline actor and waits for its output. An abort stops the machine (which aborts
 * the step in flight) and becomes a PIPELINE error naming the state it was in; a failed step
 * becomes a PIPELINE error naming the step, with the step's error as its cause.
 */
export async function settleActor<Done extends { readonly status: "done" }>(
  actor: AnyActorRef,
  what: string,
  signal: AbortSignal | undefined,
): Promise<Done> {
  if (signal?.aborted === true)
    throw new PipelineError("start", `The ${what} was aborted before it started.`);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      const step = String((actor.getSnapshot() as { value?: unknown }).value);
      // Settle first: stopping the actor rejects toPromise with a less useful error.
      reject(
        new PipelineError(step, `The ${what} was aborted during ${step}; nothing after it ran.`, {
          cause: signal?.reason,
        }),
      );
      actor.stop();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    actor.start();
    const output = (await Promise.race([toPromise(actor), aborted])) as PipelineOutput<Done>;
    if (output.status === "failed") {
      const cause = output.error;
      const why = messageOf(cause);
      throw new PipelineError(output.step, `The ${what} failed at ${output.step}: ${why}`, {
        cause,
      });
    }
    return output;
  } finally {
    if (onAbort !== undefined) signal?.removeEventListener("abort", onAbort);
  }
}

/** Maps anything a pipeline run threw to a PIPELINE error. */
export function toPipelineError(what: string) {
  return (error: unknown): PipelineError =>
    error instanceof PipelineError
      ? error
      : new PipelineError("unknown", `The ${what} crashed: ${String(error)}`, { cause: error });
}
