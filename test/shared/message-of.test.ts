import { describe, expect, it } from "vitest";
import { messageOf } from "../../src/shared/message-of.js";

describe("messageOf", () => {
  it("takes an Error's message and stringifies anything else", () => {
    expect(messageOf(new TypeError("bad"))).toBe("bad");
    expect(messageOf("EACCES")).toBe("EACCES");
    expect(messageOf(42)).toBe("42");
    expect(messageOf(undefined)).toBe("undefined");
  });
});
