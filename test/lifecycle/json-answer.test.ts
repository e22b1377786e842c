import { type } from "arktype";
import { describe, expect, it } from "vitest";
import { firstJsonObject, parseJsonAnswer } from "../../src/lifecycle/json-answer.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

const shape = type({ a: "number", "s?": "string" });

describe("reading the JSON object of a model's answer", () => {
  it("takes the first balanced object, so prose after it may hold a } (issue 13)", () => {
    expect(okOf(parseJsonAnswer('Here it is: {"a": 1}. Done (see {x}).', shape))).toEqual({ a: 1 });
  });

  it("respects braces and escaped quotes inside strings", () => {
    expect(firstJsonObject('{"a": 1, "s": "a } and \\" {"} trailing }')).toBe(
      '{"a": 1, "s": "a } and \\" {"}',
    );
  });

  it("reads a fenced object, and says what is wrong otherwise", () => {
    expect(okOf(parseJsonAnswer('```json\n{"a": 2}\n```', shape))).toEqual({ a: 2 });
    expect(errOf(parseJsonAnswer("no json here", shape))).toMatch(/contains no JSON object/);
    expect(errOf(parseJsonAnswer("{a: 1}", shape))).toMatch(/does not parse/);
    expect(errOf(parseJsonAnswer('{"a": "x"}', shape))).toMatch(/wrong shape/);
  });
});
