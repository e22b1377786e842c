/**
 * Removes secrets from text entering the memory (new notes, new sections, journal entries,
 * session-log sections), whatever the model did: the notes end up in git, in AGENTS.md and
 * in other agents' prompts. It never runs over text already in a note (`scrubNewText`
 * skips every line the note holds), and each pattern is tested against a corpus of
 * ordinary prose about keys, tokens and passwords that it must leave alone.
 *
 * @module
 */

interface SecretPattern {
  readonly kind: string;
  readonly pattern: RegExp;
}

// Shapes of common credentials. Each is specific enough not to match ordinary prose.
const SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    kind: "private-key",
    // To its END line; a header without one stops at the first blank line, never at the
    // end of the note.
    pattern:
      /-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----|(?:(?!\n[ \t]*\n)[\s\S])*)/g,
  },
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  {
    kind: "github-token",
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})\b/g,
  },
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: "openai-key", pattern: /\bsk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{20,}/g },
  { kind: "slack-token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: "google-api-key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: "stripe-key", pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{16,}\b/g },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: "url-credentials", pattern: /(?<=[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]{3,}(?=@)/gi },
  {
    kind: "assigned-secret",
    // A password-like word names a secret whatever its value looks like...
    pattern:
      /(?<=\b(?:password|passwd|pwd|secret)\s*[:=]\s*["']?)(?!\[REDACTED|[$<{%])(?![a-z]+(?:[-_][a-z]+){2,}\b)[^\s"'`,;]{6,}/gi,
  },
  {
    kind: "assigned-secret",
    // ...but "token", "auth" and "api_key" are also settings and prose (`auth: enabled-for-staging`,
    // `token = rotate-weekly-by-cron`): only a machine-made value (letters and a digit, 8 or
    // more characters, no spaces) counts.
    pattern:
      /(?<=\b(?:token|api[_-]?key|access[_-]?key|auth)\s*[:=]\s*["']?)(?!\[REDACTED|[$<{%])(?=[^\s"'`,;]*\d)(?=[^\s"'`,;]*[A-Za-z])[^\s"'`,;]{8,}/gi,
  },
];

/** What the scrubber removed, by kind. */
export interface ScrubReport {
  readonly text: string;
  readonly redacted: readonly string[];
}

/**
 * Replaces every credential-shaped substring with `[REDACTED:<kind>]`.
 *
 * @example
 * ```ts
 * scrubSecrets("key AKIAABCDEFGHIJKLMNOP here").text; // "key [REDACTED:aws-access-key] here"
 * ```
 */
export function scrubSecrets(text: string): ScrubReport {
  let scrubbed = text;
  const redacted: string[] = [];
  for (const { kind, pattern } of SECRET_PATTERNS) {
    scrubbed = scrubbed.replace(pattern, () => {
      redacted.push(kind);
      return `[REDACTED:${kind}]`;
    });
  }
  return { text: scrubbed, redacted };
}

/**
 * Scrubs only the text `text` adds to `existing`: every line `existing` already holds is
 * kept byte for byte (a person's old text is never rewritten); the new lines are scrubbed,
 * a run of consecutive new lines at a time so a multi-line key is caught whole.
 *
 * @example
 * ```ts
 * scrubNewText("old token: abc12345xyz\nnew token: def67890uvw", "old token: abc12345xyz").text;
 * // "old token: abc12345xyz\nnew token: [REDACTED:assigned-secret]"
 * ```
 */
export function scrubNewText(text: string, existing: string): ScrubReport {
  if (existing === "") return scrubSecrets(text);
  const old = new Set(existing.split("\n").map((line) => line.trim()));
  const out: string[] = [];
  const redacted: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const scrubbed = scrubSecrets(run.join("\n"));
    out.push(scrubbed.text);
    redacted.push(...scrubbed.redacted);
    run = [];
  };
  for (const line of text.split("\n")) {
    if (line.trim() !== "" && old.has(line.trim())) {
      flush();
      out.push(line);
    } else run.push(line);
  }
  flush();
  return { text: out.join("\n"), redacted };
}
