import { describe, expect, it } from "vitest";
import { scrubNewText, scrubSecrets } from "../../src/lifecycle/secret-scrubber.js";

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

/** Issue 12, defect 5: the scrubber changes only what it must. */
describe("scrubSecrets leaves ordinary prose alone", () => {
  const prose = [
    "auth: enabled-for-staging",
    "token = rotate-weekly-by-cron",
    "api_key: stored-in-vault",
    "password: kept-in-the-team-vault",
    "Set auth: oauth-via-google for the console.",
    "The token budget is 12000 tokens per prompt.",
    "Rotate the API key every 90 days; the secret lives in the vault.",
    "Passwords must be at least 12 characters long.",
    "token: $GITHUB_TOKEN is read from the environment",
    "api_key: <your-key-here>",
    "auth = required-for-all-routes",
    "We discussed the private key rotation: see the runbook.",
    "The -----BEGIN PUBLIC KEY----- header marks a public key.",
  ];
  it.each(prose)("keeps %j", (line) => {
    expect(scrubSecrets(line)).toEqual({ text: line, redacted: [] });
  });

  it("a private-key header without an END line stops at the blank line", () => {
    const text =
      "Key below.\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n\nYears of human notes after it.\nMore text.";
    const { text: out, redacted } = scrubSecrets(text);
    expect(out).toBe(
      "Key below.\n[REDACTED:private-key]\n\nYears of human notes after it.\nMore text.",
    );
    expect(redacted).toEqual(["private-key"]);
  });

  it("still catches machine-made values after token, auth and api_key", () => {
    expect(scrubSecrets("token = a8f9c0d1e2b3").text).toBe("token = [REDACTED:assigned-secret]");
    expect(scrubSecrets("auth: Zx81kLmQ0pR").text).toBe("auth: [REDACTED:assigned-secret]");
  });
});

describe("scrubNewText never touches text already in the note", () => {
  it("keeps an old line that looks like a secret and scrubs the same shape in a new line", () => {
    const existing = "Old: password: hunter2hunter2";
    const text = `${existing}\nNew: password: swordfish99`;
    const { text: out, redacted } = scrubNewText(text, existing);
    expect(out).toBe(`${existing}\nNew: password: [REDACTED:assigned-secret]`);
    expect(redacted).toHaveLength(1);
  });
});
