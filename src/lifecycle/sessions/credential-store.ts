/**
 * Files that hold credentials, never sessions: a journal entry naming one is refused whatever
 * its retrieval method, before any reader opens it. Journal entries arrive by sync from
 * anyone with push access, through MCP and through `memory journal add`; the harness folders
 * transcripts live in also hold the harness's own tokens (`~/.claude/.credentials.json`,
 * `~/.codex/auth.json`, `~/.gemini/oauth_creds.json`).
 *
 * @module
 */

// Names of files that are credential stores wherever they are.
const STORE_NAMES = new Set([
  ".credentials.json",
  "credentials.json",
  "credentials",
  "auth.json",
  "oauth_creds.json",
  "google_accounts.json",
  "secrets.json",
  ".netrc",
  "_netrc",
  ".pgpass",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
  ".htpasswd",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
]);
// Extensions of key and keystore files.
const STORE_EXTENSIONS = [".pem", ".key", ".p12", ".pfx", ".jks", ".keystore", ".kdbx", ".ppk"];
// Folders whose every file is a credential or key.
const STORE_FOLDERS = new Set([".ssh", ".gnupg", ".aws", ".kube", ".docker", ".password-store"]);

/**
 * Why `path` is a known credential store, or undefined when it is not one. Only the name is
 * looked at: the file is never opened.
 *
 * @example
 * ```ts
 * credentialStoreReason("/home/me/.codex/auth.json"); // "auth.json is a credential store ..."
 * credentialStoreReason("/home/me/.codex/sessions/2026/05/06/rollout-x.jsonl"); // undefined
 * ```
 */
export function credentialStoreReason(path: string): string | undefined {
  const parts = path.split(/[\\/]+/).filter((part) => part !== "");
  const name = (parts.at(-1) ?? "").toLowerCase();
  const folder = parts.slice(0, -1).find((part) => STORE_FOLDERS.has(part.toLowerCase()));
  const what =
    STORE_NAMES.has(name) || name.startsWith("id_rsa") || name.startsWith("id_ed25519")
      ? `${name} is a credential store`
      : name === ".env" || name.startsWith(".env.") || name.endsWith(".env")
        ? `${name} is an environment file (it holds keys)`
        : STORE_EXTENSIONS.some((extension) => name.endsWith(extension))
          ? `${name} is a key or certificate file`
          : folder !== undefined
            ? `it lies in ${folder}/, a folder of keys and credentials`
            : undefined;
  return what === undefined
    ? undefined
    : `Refused to read ${path} as a session: ${what}, never a transcript. A journal entry ` +
        "may only name a harness's transcript.";
}

/**
 * How much of `text` the scrubber replaced, as a share of its non-blank characters: near 1
 * for a credentials file read whole, near 0 for a conversation that mentions a key.
 *
 * @example
 * ```ts
 * redactedShare("token: abcd1234efgh", "token: [REDACTED:assigned-secret]"); // about 0.7
 * ```
 */
export function redactedShare(original: string, scrubbed: string): number {
  const before = size(original);
  if (before === 0) return 0;
  const kept = size(scrubbed.replace(/\[REDACTED:[a-z-]+\]/g, ""));
  return Math.max(0, Math.min(1, (before - kept) / before));
}

function size(text: string): number {
  return text.replace(/\s+/g, "").length;
}
