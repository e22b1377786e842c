/** Every LLM adapter of the package, run through the Llm contract. */
import { fileURLToPath } from "node:url";
import { llmFromAiSdk, type AiSdkGenerateText } from "../../../src/adapters/llm/llm-from-ai-sdk.js";
import { llmFromCommand } from "../../../src/adapters/llm/llm-from-command.js";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { runLlmContract } from "../../../src/testing/index.js";

/** Hands back whatever it is given, where the adapters' types say a string must be. */
const untyped = <T>(value: unknown): T => value as T;

runLlmContract("llmFromFunction", {
  answering: (answer) => llmFromFunction(() => answer),
  failing: () =>
    llmFromFunction(() => {
      throw new Error("quota exceeded");
    }),
  withoutText: () => ({
    "a number": llmFromFunction(() => untyped(42)),
    nothing: llmFromFunction(() => untyped(undefined)),
    null: llmFromFunction(async () => untyped(null)),
    "an object": llmFromFunction(() => untyped({ text: "hidden" })),
    "an empty string": llmFromFunction(() => ""),
    "only whitespace": llmFromFunction(async () => " \n\t"),
  }),
  hanging: () => llmFromFunction(() => new Promise<string>(() => undefined)),
});

/** A stand-in for the AI SDK's generateText that resolves to `result`. */
const generateTextGiving =
  (result: unknown): AiSdkGenerateText<string> =>
  async () =>
    untyped(result);

runLlmContract("llmFromAiSdk", {
  answering: (answer) =>
    llmFromAiSdk({ generateText: generateTextGiving({ text: answer }), model: "fake" }),
  failing: () =>
    llmFromAiSdk({
      generateText: () => Promise.reject(new Error("429 rate limited")),
      model: "fake",
    }),
  withoutText: () => ({
    "a number as text": llmFromAiSdk({
      generateText: generateTextGiving({ text: 42 }),
      model: "m",
    }),
    nothing: llmFromAiSdk({ generateText: generateTextGiving(undefined), model: "m" }),
    "a streamText result": llmFromAiSdk({
      generateText: generateTextGiving({ textStream: [] }),
      model: "m",
    }),
    "an empty text": llmFromAiSdk({
      generateText: generateTextGiving({ text: "", finishReason: "length" }),
      model: "m",
    }),
  }),
  hanging: () => llmFromAiSdk({ generateText: () => new Promise(() => undefined), model: "fake" }),
});

const script = (name: string) =>
  fileURLToPath(new URL(`../../fixtures/llm/${name}`, import.meta.url));
const node = (...args: string[]) =>
  llmFromCommand({ command: process.execPath, args, timeoutMs: 20_000 });

runLlmContract("llmFromCommand", {
  answering: (answer) => node(script("answer.mjs"), answer),
  failing: () => node(script("fail.mjs")),
  withoutText: () => ({
    "blank output": node(script("empty.mjs")),
    "no output at all": node("-e", ""),
  }),
  hanging: () => node(script("slow.mjs")),
});
