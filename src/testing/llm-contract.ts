/**
 * The Llm contract: every adapter of the port must pass this suite. It drives the adapter
 * through what lies beneath it (a function, an SDK call, a command), so the fixture builds
 * the adapter over a model that answers, fails, hands back no text, or never answers.
 */
import { describe, expect, it } from "vitest";
import type { LlmError } from "../errors.js";
import type { Llm, LlmRequest } from "../ports/llm.js";
import { resultOf, settlesWithin } from "./port-call.js";
import { errOf, okOf } from "./result-helpers.js";

/**
 * The adapter under test over models that behave in the ways the contract needs.
 *
 * @example
 * ```ts
 * const fixture: LlmContractFixture = {
 *   answering: (answer) => llmFromFunction(() => answer),
 *   failing: () => llmFromFunction(() => { throw new Error("429 rate limited"); }),
 *   withoutText: () => ({ "a number": llmFromFunction(() => 42 as unknown as string) }),
 *   hanging: () => llmFromFunction(() => new Promise<string>(() => undefined)),
 * };
 * ```
 */
export interface LlmContractFixture {
  /** The adapter over a model that answers every prompt with `answer` (one line of text). */
  answering(answer: string): Llm;
  /** The adapter over a model that fails: it throws, rejects, exits non-zero, ... */
  failing(): Llm;
  /**
   * Adapters over a model that hands back no text, keyed by what it hands back instead
   * ("a number", "nothing", "an empty string", "blank output", ...). Each must be refused.
   * Called once when the suite is registered (for the test names) and again in each check.
   */
  withoutText(): Readonly<Record<string, Llm>>;
  /** The adapter over a model that never answers and ignores the abort signal it is given. */
  hanging(): Llm;
}

/**
 * How long an aborted call may take to settle: the adapter stops waiting on the model, so
 * this is scheduling time, not model time.
 */
const PROMPT_MS = 1000;
const ANSWER = "Paris — the capital ✓";

/**
 * Registers the Llm contract (a vitest `describe` block) for the adapter in `fixture`: it
 * answers with the model's text, returns every failure as an Err with code `"LLM"` (never a
 * throw), refuses an answer that is not text, and honours the abort signal promptly even
 * when the model beneath it ignores it.
 *
 * @example
 * ```ts
 * // my-llm.test.ts, in the host's repository
 * import { runLlmContract } from "agent-memory/testing";
 *
 * runLlmContract("myLlm", {
 *   answering: (answer) => myLlm({ client: fakeClient({ text: answer }) }),
 *   failing: () => myLlm({ client: fakeClient({ status: 500 }) }),
 *   withoutText: () => ({ "no text field": myLlm({ client: fakeClient({}) }) }),
 *   hanging: () => myLlm({ client: fakeClient({ never: true }) }),
 * });
 * ```
 */
export function runLlmContract(name: string, fixture: LlmContractFixture): void {
  describe(`Llm contract: ${name}`, () => {
    it("answers with the model's text", async () => {
      const llm = fixture.answering(ANSWER);
      expect(okOf(await complete(llm, { system: "Be brief.", prompt: "Capital of France?" }))).toBe(
        ANSWER,
      );
      expect(okOf(await complete(llm, { system: "", prompt: "Again?" }))).toBe(ANSWER);
    });

    it("returns a failure of the model as an Err with code LLM and a message", async () => {
      expectLlmError(errOf(await complete(fixture.failing(), { system: "", prompt: "x" })));
    });

    it.each(Object.keys(fixture.withoutText()))(
      "refuses a model that hands back %s instead of text",
      async (kind) => {
        const llm = fixture.withoutText()[kind];
        if (llm === undefined) throw new Error(`the fixture has no ${kind} adapter`);
        expectLlmError(errOf(await complete(llm, { system: "", prompt: "x" })));
      },
    );

    it("fails at once, without an answer, when the signal is already aborted", async () => {
      const controller = new AbortController();
      controller.abort(new Error("cancelled by the contract"));
      const pending = complete(fixture.answering(ANSWER), {
        system: "",
        prompt: "x",
        signal: controller.signal,
      });
      const result = await settlesWithin(PROMPT_MS, "complete() with an aborted signal", pending);
      expectLlmError(errOf(result));
    });

    it("stops waiting when the signal aborts mid-call, even if the model ignores it", async () => {
      const controller = new AbortController();
      const pending = complete(fixture.hanging(), {
        system: "",
        prompt: "x",
        signal: controller.signal,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      controller.abort(new Error("cancelled by the contract"));
      const result = await settlesWithin(PROMPT_MS, "complete() after an abort", pending);
      expectLlmError(errOf(result));
    });
  });
}

function complete(llm: Llm, request: LlmRequest) {
  return resultOf("complete", () => llm.complete(request));
}

function expectLlmError(error: LlmError): void {
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe("LLM");
  expect(typeof error.message).toBe("string");
  expect(error.message.trim()).not.toBe("");
  expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: "LLM" });
}
