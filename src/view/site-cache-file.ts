/**
 * The site cache's file, `.agent-memory/cache/view.json`: a header line (format, version, a
 * digest of the rest), then the payload as JSON in columns.
 *
 * @module
 */
import { createHash } from "node:crypto";

const FORMAT = "agent-memory/view-cache";
// Bumped whenever a cached value would come out differently for the same input: the body's
// HTML (note-body-html.ts, its CommonMark options, notePath's shape) or the graph's groups
// (site-graph.ts's use of the analysis). A file of another version is ignored and rewritten.
const RENDERER_VERSION = 1;

/** A note's body as HTML, with what it was rendered from besides the note's path. */
export interface CachedBody {
  /** The note file's version (noteHash of its bytes). */
  readonly hash: string;
  /** Per link, "1" when its target existed, "0" when it was marked broken. */
  readonly exists: string;
  readonly html: string;
}

/** The graph's groups (node numbers, per group), with the key of the links they came from. */
export interface CachedGroups {
  readonly key: string;
  readonly parts: readonly (readonly number[])[];
}

/**
 * The file: a header line (format, version, a digest of the rest), then the payload as JSON
 * in columns. The digest catches a torn or hand-edited file before its JSON is trusted.
 */
export function encodeSiteCache(
  bodies: ReadonlyMap<string, CachedBody>,
  groups: CachedGroups | undefined,
): string {
  const payload = JSON.stringify({
    paths: [...bodies.keys()],
    hashes: [...bodies.values()].map((body) => body.hash),
    exists: [...bodies.values()].map((body) => body.exists),
    html: [...bodies.values()].map((body) => body.html),
    groups: groups ?? null,
  });
  return `${FORMAT} ${RENDERER_VERSION} ${digest(payload)}\n${payload}`;
}

/** The file's bodies and groups, or undefined when it is not a whole file of this version. */
export function decodeSiteCache(
  text: string,
): { bodies: Map<string, CachedBody>; groups: CachedGroups | undefined } | undefined {
  const newline = text.indexOf("\n");
  if (newline < 0) return undefined;
  const [format, version, sum] = text.slice(0, newline).split(" ");
  if (format !== FORMAT || version !== String(RENDERER_VERSION)) return undefined;
  const payload = text.slice(newline + 1);
  if (sum !== digest(payload)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const { paths, hashes, exists, html, groups } = parsed as Record<string, unknown>;
  if (!strings(paths) || !strings(hashes) || !strings(exists) || !strings(html)) return undefined;
  if (hashes.length !== paths.length || exists.length !== paths.length) return undefined;
  if (html.length !== paths.length) return undefined;
  const bodies = new Map<string, CachedBody>();
  paths.forEach((path, at) => {
    bodies.set(path, { hash: hashes[at] ?? "", exists: exists[at] ?? "", html: html[at] ?? "" });
  });
  return { bodies, groups: isGroups(groups) ? groups : undefined };
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

function strings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === "string");
}

function isGroups(value: unknown): value is CachedGroups {
  if (typeof value !== "object" || value === null) return false;
  const { key, parts } = value as Record<string, unknown>;
  return (
    typeof key === "string" &&
    Array.isArray(parts) &&
    parts.every(
      (part) => Array.isArray(part) && part.every((at) => Number.isInteger(at) && at >= 0),
    )
  );
}
