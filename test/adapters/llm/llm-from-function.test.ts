import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import type { LlmRequest } from "../../../src/ports/llm.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

describe("llmFromFunction", () => {
  it("passes the whole request, the signal included, and returns the answer", async () => {
    const seen: LlmRequest[] = [];
    const controller = new AbortController();
    const llm = llmFromFunction(async (request) => {
      seen.push(request);
      return `echo: ${request.prompt}`;
    });
    const answer = await llm.complete({ system: "sys", prompt: "hi", signal: controller.signal });
    expect(okOf(answer)).toBe("echo: hi");
    expect(seen[0]?.system).toBe("sys");
    expect(seen[0]?.signal).toBe(controller.signal);
  });

  it("accepts a synchronous function", async () => {
    const llm = llmFromFunction(() => "sync answer");
    expect(okOf(await llm.complete({ system: "", prompt: "" }))).toBe("sync answer");
  });

  it("turns a throw, a rejection and a non-string answer into an LlmError", async () => {
    const throwing = llmFromFunction(() => {
      throw new Error("boom");
    });
    const rejecting = llmFromFunction(() => Promise.reject(new Error("quota exceeded")));
    const wrongType = llmFromFunction(() => 42 as unknown as string);
    for (const [llm, message] of [
      [throwing, /boom/],
      [rejecting, /quota exceeded/],
      [wrongType, /not a string/],
    ] as const) {
      const error = errOf(await llm.complete({ system: "", prompt: "" }));
      expect(error.code).toBe("LLM");
      expect(error.message).toMatch(message);
      expect(JSON.parse(JSON.stringify(error))).toMatchObject({ code: "LLM" });
    }
  });

  it("does not call the function when the signal is already aborted", async () => {
    let called = false;
    const llm = llmFromFunction(() => {
      called = true;
      return "x";
    });
    const controller = new AbortController();
    controller.abort(new Error("user cancelled"));
    const error = errOf(await llm.complete({ system: "", prompt: "", signal: controller.signal }));
    expect(error.message).toMatch(/aborted/);
    expect(called).toBe(false);
  });
});
