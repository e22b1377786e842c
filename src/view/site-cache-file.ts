/**
 * The site cache's file, `.agent-memory/cache/view.json`: a header line (format, version, a
 * digest of the rest), then the graph's groups as JSON.
 *
 * @module
 */
import { createHash } from "node:crypto";

const FORMAT = "agent-memory/view-cache";
// Bumped whenever a cached value would come out differently for the same input (the graph's
// groups: site-graph.ts's use of the analysis) or the file's shape changes (version 1 also
// kept every body as HTML). A file of another version is ignored and rewritten.
const RENDERER_VERSION = 2;

/** The graph's groups (node numbers, per group), with the key of the links they came from. */
export interface CachedGroups {
  readonly key: string;
  readonly parts: readonly (readonly number[])[];
}

/**
 * The file: a header line (format, version, a digest of the rest), then the payload as JSON.
 * The digest catches a torn or hand-edited file before its JSON is trusted.
 */
export function encodeSiteCache(groups: CachedGroups | undefined): string {
  const payload = JSON.stringify({ groups: groups ?? null });
  return `${FORMAT} ${RENDERER_VERSION} ${digest(payload)}\n${payload}`;
}

/** The file's groups, or undefined when it is not a whole file of this version. */
export function decodeSiteCache(text: string): { groups: CachedGroups | undefined } | undefined {
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
  const { groups } = parsed as Record<string, unknown>;
  return { groups: isGroups(groups) ? groups : undefined };
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
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
