import { describe, expect, it } from "vitest";
import {
  DuplicateIdError,
  GitError,
  InvalidInputError,
  LlmError,
  NotFoundError,
  PersistenceError,
} from "../src/errors.js";

describe("tagged errors", () => {
  it("carry a literal code, a message and a serialisable cause chain", () => {
    const root = new Error("EIO: disk on fire");
    const persistence = new PersistenceError("Could not write x", { cause: root });
    const git = new GitError("commit failed", { cause: persistence });
    expect(git).toBeInstanceOf(Error);
    expect(JSON.parse(JSON.stringify(git))).toEqual({
      code: "GIT",
      message: "commit failed",
      cause: {
        code: "PERSISTENCE",
        message: "Could not write x",
        cause: { name: "Error", message: "EIO: disk on fire" },
      },
    });
  });

  it("have one code per kind", () => {
    const codes = [
      new NotFoundError("x"),
      new InvalidInputError("x"),
      new DuplicateIdError("id__AAAAAA", ["a", "b"]),
      new PersistenceError("x"),
      new GitError("x"),
      new LlmError("x"),
    ].map((error) => error.code);
    expect(codes).toEqual([
      "NOT_FOUND",
      "INVALID_INPUT",
      "DUPLICATE_ID",
      "PERSISTENCE",
      "GIT",
      "LLM",
    ]);
  });

  it("names every path of a duplicate id and says how to fix it", () => {
    const error = new DuplicateIdError("id__AAAAAA", [
      "topics/a id__AAAAAA.md",
      "archive/b id__AAAAAA.md",
    ]);
    expect(error.paths).toHaveLength(2);
    expect(error.message).toMatch(/topics\/a id__AAAAAA\.md/);
    expect(error.message).toMatch(/memory reid id__/);
  });
});
