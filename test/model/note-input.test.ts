import { ok, type Result } from "neverthrow";
import { describe, expect, it } from "vitest";
import { validateBody, validateTags, validateTitle } from "../../src/model/note-input.js";

/** The error of a result, or undefined when it succeeded. */
function failure<T, E>(result: Result<T, E>): E | undefined {
  return result.match(
    () => undefined,
    (error) => error,
  );
}

describe("validateTitle", () => {
  it("trims and accepts ordinary titles", () => {
    expect(validateTitle("  Igor — fullstack developer  ")).toEqual(
      ok("Igor — fullstack developer"),
    );
    expect(validateTitle("C# tips: use `npm ci` [draft]")).toEqual(
      ok("C# tips: use `npm ci` [draft]"),
    );
    expect(validateTitle("日本語のノート")).toEqual(ok("日本語のノート"));
  });

  it("accepts 200 characters, counting code points", () => {
    expect(validateTitle("a".repeat(200)).isOk()).toBe(true);
    expect(validateTitle("😀".repeat(200)).isOk()).toBe(true);
  });

  it.each([
    ["empty", "", "empty"],
    ["blank", "   \t ", "empty"],
    ["too long", "a".repeat(201), "201 characters"],
    ["newline", "two\nlines", "line break"],
    ["carriage return", "two\rlines", "line break"],
    ["tab", "a\tb", "control character"],
    ["NUL", "a\u0000b", "control character"],
    ["line separator", "a\u2028b", "line break"],
    ["closing brackets", "see [[x]]", "]]"],
  ])("refuses a title that is %s", (_, title, fragment) => {
    const error = failure(validateTitle(title));
    expect(error?.code).toBe("INVALID_INPUT");
    expect(error?.message).toContain(fragment);
  });
});

describe("validateBody", () => {
  it("normalises line endings and trims blank edges", () => {
    expect(validateBody("\r\n\r\n  first\r\nsecond  \r\n\r\n  \n")).toEqual(ok("  first\nsecond"));
    expect(validateBody("")).toEqual(ok(""));
    expect(validateBody("\n \n")).toEqual(ok(""));
  });

  it("refuses NUL characters", () => {
    const error = failure(validateBody("a\u0000b"));
    expect(error?.code).toBe("INVALID_INPUT");
    expect(error?.message).toContain("NUL");
  });
});

describe("validateTags", () => {
  it("accepts names with or without #, and deduplicates case-insensitively", () => {
    expect(
      validateTags(["#people", "Work", "work", "#WORK", " lang/rust ", "café", "日本語"]),
    ).toEqual(ok(["people", "Work", "lang/rust", "café", "日本語"]));
    expect(validateTags([])).toEqual(ok([]));
  });

  it.each([
    ["with a space", "my tag", "whitespace"],
    ["empty", "", "empty"],
    ["just #", "#", "empty"],
    ["a hex colour", "#ff0000", "hex colour"],
    ["all digits", "123", "all digits"],
    ["punctuation", "a.b", "characters other than"],
    ["double #", "##a", "characters other than"],
  ])("refuses a tag %s", (_, tag, fragment) => {
    const error = failure(validateTags(["ok", tag]));
    expect(error?.code).toBe("INVALID_INPUT");
    expect(error?.message).toContain(fragment);
    expect(error?.message).toContain("for example");
  });

  it("names every invalid tag in one message", () => {
    const message = failure(validateTags(["a b", "ok", "42"]))?.message;
    expect(message).toContain('"a b"');
    expect(message).toContain('"42"');
    expect(message).not.toContain('"ok"');
  });
});
