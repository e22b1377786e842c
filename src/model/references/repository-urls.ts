/**
 * Links to files of a hosted repository (GitHub, GitLab and their self-hosted kin) and the
 * repository a git remote URL names, so a note's link can be matched to the checkout it
 * describes.
 *
 * @module
 */

/** A link to a file or folder of a hosted repository. */
export interface RepositoryUrlReference {
  readonly kind: "url";
  readonly text: string;
  /** `host/owner/name` in lower case, the same shape {@link repositoryKey} gives. */
  readonly repository: string;
  /** `blob` (a file) or `tree` (a folder). */
  readonly view: "blob" | "tree";
  /** The segments after the view: the ref (which may itself hold `/`) and then the path. */
  readonly refAndPath: readonly string[];
  readonly line?: number;
  readonly endLine?: number;
}

const URL_TOKEN = /https?:\/\/[^\s<>()[\]"'`|]+/g;
const VIEWS = new Set(["blob", "tree", "raw", "blame"]);

/** Every http(s) URL in `text`, without trailing punctuation. */
export function urlsIn(text: string): string[] {
  return [...text.matchAll(URL_TOKEN)].map((match) => match[0].replace(/[.,;:!?]+$/, ""));
}

/**
 * A file or folder link to a hosted repository: `https://HOST/OWNER/NAME/blob/REF/PATH#L3`
 * (GitHub) or `https://HOST/GROUP/NAME/-/tree/REF/PATH` (GitLab). Undefined for any other URL.
 *
 * @example
 * ```ts
 * repositoryUrl("https://github.com/acme/app/blob/main/src/a.ts#L3");
 * // { kind: "url", repository: "github.com/acme/app", view: "blob", refAndPath: ["main", "src", "a.ts"], line: 3, ... }
 * ```
 */
export function repositoryUrl(text: string): RepositoryUrlReference | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const segments = url.pathname.split("/").filter((segment) => segment !== "");
  const dash = segments.indexOf("-");
  const viewAt = dash >= 2 ? dash + 1 : 2;
  const owner = segments.slice(0, dash >= 2 ? dash : 2);
  const view = segments[viewAt];
  if (owner.length < 2 || view === undefined || !VIEWS.has(view)) return undefined;
  const refAndPath = segments.slice(viewAt + 1).map(decodeSegment);
  if (refAndPath.length < 2) return undefined;
  const lines = /^#L(\d+)(?:-L?(\d+))?$/.exec(url.hash);
  return {
    kind: "url",
    text,
    repository: [url.hostname.toLowerCase(), ...owner]
      .join("/")
      .toLowerCase()
      .replace(/\.git$/, ""),
    view: view === "tree" ? "tree" : "blob",
    refAndPath,
    ...(lines?.[1] === undefined ? {} : { line: Number(lines[1]) }),
    ...(lines?.[2] === undefined ? {} : { endLine: Number(lines[2]) }),
  };
}

/**
 * The `host/owner/name` a git remote URL names, in lower case: `git@github.com:acme/app.git`,
 * `ssh://git@host:22/group/app.git` and `https://user@host/acme/app` alike. Undefined for a
 * local path.
 *
 * @example
 * ```ts
 * repositoryKey("git@github.com:Acme/App.git"); // "github.com/acme/app"
 * ```
 */
export function repositoryKey(remote: string): string | undefined {
  const trimmed = remote.trim();
  const scp = /^(?:[\w.-]+@)?([\w.-]+):(?!\/)(.+)$/.exec(trimmed);
  let host: string;
  let path: string;
  if (scp !== null && !trimmed.includes("://")) {
    host = scp[1] ?? "";
    path = scp[2] ?? "";
  } else {
    try {
      const url = new URL(trimmed);
      if (url.protocol === "file:" || url.hostname === "") return undefined;
      host = url.hostname;
      path = url.pathname;
    } catch {
      return undefined;
    }
  }
  const segments = path
    .replace(/\.git\/?$/, "")
    .split("/")
    .filter((segment) => segment !== "");
  if (host === "" || segments.length < 2) return undefined;
  return [host, ...segments].join("/").toLowerCase();
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
