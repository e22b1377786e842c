/**
 * Removes secrets from text before it is written to a note, whatever the model did: the
 * notes end up in git, in AGENTS.md and in other agents' prompts.
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
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
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
    pattern:
      /(?<=\b(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth)\s*[:=]\s*["']?)(?!\[REDACTED)[^\s"'`,;]{6,}/gi,
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
