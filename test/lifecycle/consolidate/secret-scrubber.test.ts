import { describe, expect, it } from "vitest";
import { scrubSecrets } from "../../../src/lifecycle/secret-scrubber.js";

describe("scrubSecrets", () => {
  it.each([
    ["AKIAABCDEFGHIJKLMNOP", "aws-access-key"],
    ["ghp_0123456789abcdefghijABCDEFGHIJklmnop", "github-token"],
    ["sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345", "anthropic-key"],
    ["sk-proj-abcdefghijklmnopqrstuvwxyz012345", "openai-key"],
    ["xoxb-1234567890-abcdefghij", "slack-token"],
    ["AIzaSyA1234567890abcdefghijklmnopqrstuv", "google-api-key"],
    ["sk_live_0123456789abcdefABCD", "stripe-key"],
    [
      "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
      "jwt",
    ],
    ["-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----", "private-key"],
  ])("redacts %s", (secret, kind) => {
    const { text, redacted } = scrubSecrets(`before ${secret} after`);
    expect(text).toBe(`before [REDACTED:${kind}] after`);
    expect(redacted).toEqual([kind]);
  });

  it("redacts passwords in URLs and assignments, keeping the rest", () => {
    expect(scrubSecrets("postgres://admin:hunter22@db.local/app").text).toBe(
      "postgres://admin:[REDACTED:url-credentials]@db.local/app",
    );
    expect(scrubSecrets("password: correct-horse, then api_key=abc123xyz").text).toBe(
      "password: [REDACTED:assigned-secret], then api_key=[REDACTED:assigned-secret]",
    );
  });

  it("leaves ordinary prose, ids and links alone", () => {
    const prose =
      "The token budget is 12000 tokens; see [[id__Kf9mNp|skills]] and the password policy doc.";
    expect(scrubSecrets(prose)).toEqual({ text: prose, redacted: [] });
  });
});

describe("scrubSecrets, layered shapes", () => {
  it("reports a secret once when two patterns could claim it", () => {
    const { text, redacted } = scrubSecrets("token: sk-ant-api03-abcdefghijklmnopqrstuvwxyz");
    expect(text).toBe("token: [REDACTED:anthropic-key]");
    expect(redacted).toEqual(["anthropic-key"]);
  });
});
