import { describe, expect, it } from "vitest";
import {
  llmFromAiSdk,
  type AiSdkGenerateText,
  type AiSdkGenerateTextOptions,
} from "../../../src/adapters/llm/llm-from-ai-sdk.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

/** A stand-in for the AI SDK's model objects. */
interface FakeModel {
  readonly provider: string;
  readonly modelId: string;
}
const model: FakeModel = { provider: "fake", modelId: "fake-1" };

function recording(answer: (options: AiSdkGenerateTextOptions<FakeModel>) => Promise<string>) {
  const calls: AiSdkGenerateTextOptions<FakeModel>[] = [];
  const generateText: AiSdkGenerateText<FakeModel> = async (options) => {
    calls.push(options);
    return { text: await answer(options), finishReason: "stop" };
  };
  return { calls, generateText };
}

const throwing: AiSdkGenerateText<FakeModel> = () => {
  throw new Error("no API key");
};
const honoursAbort: AiSdkGenerateText<FakeModel> = ({ abortSignal }) =>
  new Promise((_, reject) => {
    abortSignal?.addEventListener("abort", () => reject(new Error("The operation was aborted")));
  });
const neverSettles: AiSdkGenerateText<FakeModel> = () => new Promise(() => undefined);
const empty: AiSdkGenerateText<FakeModel> = async () => ({ text: "  ", finishReason: "length" });
// What a host passing the wrong AI SDK function (streamText) would hand over.
const wrong = (async () => ({ textStream: [] })) as unknown as AiSdkGenerateText<FakeModel>;

describe("llmFromAiSdk", () => {
  it("calls generateText with the model, system, prompt and signal, and returns the text", async () => {
    const { calls, generateText } = recording(async ({ prompt }) => `echo: ${prompt}`);
    const controller = new AbortController();
    const llm = llmFromAiSdk({ generateText, model });
    const answer = await llm.complete({
      system: "Be brief.",
      prompt: "Hi",
      signal: controller.signal,
    });
    expect(okOf(answer)).toBe("echo: Hi");
    expect(calls).toEqual([
      { model, system: "Be brief.", prompt: "Hi", abortSignal: controller.signal },
    ]);
  });

  it("leaves out an empty system prompt and an absent signal", async () => {
    const { calls, generateText } = recording(async () => "ok");
    await llmFromAiSdk({ generateText, model }).complete({ system: "", prompt: "Hi" });
    expect(calls).toEqual([{ model, prompt: "Hi" }]);
    expect(Object.keys(calls[0] ?? {})).toEqual(["model", "prompt"]);
  });

  it("accepts a gateway model id string", async () => {
    const calls: unknown[] = [];
    const generateText = async (options: AiSdkGenerateTextOptions<string>) => {
      calls.push(options.model);
      return { text: "ok" };
    };
    await llmFromAiSdk({ generateText, model: "openai/gpt-5" }).complete({
      system: "",
      prompt: "x",
    });
    expect(calls).toEqual(["openai/gpt-5"]);
  });

  it("turns a rejection into an LlmError with the cause", async () => {
    const failure = new Error("429 rate limited");
    const { generateText } = recording(() => Promise.reject(failure));
    const error = errOf(
      await llmFromAiSdk({ generateText, model }).complete({ system: "", prompt: "x" }),
    );
    expect(error.code).toBe("LLM");
    expect(error.message).toMatch(/AI SDK call failed: 429 rate limited/);
    expect(error.cause).toBe(failure);
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: "LLM" });
  });

  it("turns a synchronous throw into an LlmError", async () => {
    const error = errOf(
      await llmFromAiSdk({ generateText: throwing, model }).complete({ system: "", prompt: "x" }),
    );
    expect(error.message).toMatch(/no API key/);
  });

  it("reports an abort mid-call as aborted", async () => {
    const controller = new AbortController();
    const pending = llmFromAiSdk({ generateText: honoursAbort, model }).complete({
      system: "",
      prompt: "x",
      signal: controller.signal,
    });
    controller.abort(new Error("user cancelled"));
    const error = errOf(await pending);
    expect(error.message).toMatch(/aborted before it answered/);
    expect(error.cause).toEqual(new Error("user cancelled"));
  });

  it("does not call generateText when the signal is already aborted", async () => {
    const { calls, generateText } = recording(async () => "x");
    const controller = new AbortController();
    controller.abort();
    const result = await llmFromAiSdk({ generateText, model }).complete({
      system: "",
      prompt: "x",
      signal: controller.signal,
    });
    expect(errOf(result).message).toMatch(/aborted before it started/);
    expect(calls).toEqual([]);
  });

  it("refuses an empty answer, naming the finish reason, and a result without text", async () => {
    const emptyError = errOf(
      await llmFromAiSdk({ generateText: empty, model }).complete({ system: "", prompt: "x" }),
    );
    expect(emptyError.message).toMatch(/empty answer \(finish reason: length\)/);

    const wrongError = errOf(
      await llmFromAiSdk({ generateText: wrong, model }).complete({ system: "", prompt: "x" }),
    );
    expect(wrongError.message).toMatch(/returned no text/);
  });
});

describe("llmFromAiSdk with a function that ignores the signal", () => {
  it("still settles at once on abort", async () => {
    const controller = new AbortController();
    const pending = llmFromAiSdk({ generateText: neverSettles, model }).complete({
      system: "",
      prompt: "x",
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 10);
    expect(errOf(await pending).message).toMatch(/aborted/);
  });
});

const withUsage =
  (result: Record<string, unknown>): AiSdkGenerateText<FakeModel> =>
  async () => ({ text: "ok", finishReason: "stop", ...result });
const usageOf = async (generateText: AiSdkGenerateText<FakeModel>) => {
  const llm = llmFromAiSdk({ generateText, model });
  if (llm.completeWithUsage === undefined) throw new Error("no completeWithUsage");
  return okOf(await llm.completeWithUsage({ system: "", prompt: "Hi" })).usage;
};

describe("llmFromAiSdk passes the provider's token counts through (issue 31)", () => {
  it("reads AI SDK 5+'s totalUsage before usage, and AI SDK 4's promptTokens/completionTokens", async () => {
    // The shapes of `LanguageModelUsage` (ai 5/6: inputTokens, outputTokens; ai 4: promptTokens, completionTokens).
    expect(
      await usageOf(
        withUsage({
          usage: { inputTokens: 10, outputTokens: 2 },
          totalUsage: { inputTokens: 30, outputTokens: 6, totalTokens: 36 },
        }),
      ),
    ).toEqual({ inputTokens: 30, outputTokens: 6 });
    expect(await usageOf(withUsage({ usage: { promptTokens: 12, completionTokens: 3 } }))).toEqual({
      inputTokens: 12,
      outputTokens: 3,
    });
  });

  it("gives no usage when a side is missing or not a count, so the memory estimates", async () => {
    expect(await usageOf(withUsage({}))).toBeUndefined();
    expect(
      await usageOf(withUsage({ usage: { inputTokens: undefined, outputTokens: 4 } })),
    ).toBeUndefined();
    expect(
      await usageOf(withUsage({ usage: { inputTokens: -1, outputTokens: 4 } })),
    ).toBeUndefined();
  });

  it("complete still answers with the text alone", async () => {
    const llm = llmFromAiSdk({
      generateText: withUsage({ usage: { inputTokens: 1, outputTokens: 1 } }),
      model,
    });
    expect(okOf(await llm.complete({ system: "", prompt: "Hi" }))).toBe("ok");
  });
});
