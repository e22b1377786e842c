import {
  formatSourceTrailer,
  sourceOfDoneRecord,
  type MemorySource,
} from "../../model/provenance.js";
import type { Persistence } from "../../ports/persistence.js";
import { journalPath } from "../journal/journal-paths.js";
import { scrubSecrets } from "../secret-scrubber.js";
import type { LoggedSession } from "../sessions/session-unconsumed.js";

/** A source field longer than this is cut: a label, not a document. */
const MAX_FIELD = 300;

/**
 * The sources of a run's text: one per consumed journal entry, from its done record (written
 * just before the commit; its transcript path already has the home directory written `~`),
 * and one per session-log section. Every value passes the secret scrubber, since the
 * commit message goes wherever the repository is pushed. A done record that cannot be read
 * still names its entry.
 *
 * @example
 * ```ts
 * const sources = await runSources(persistence, ["2026-11-27T09-30-00.000Z-3f9a"], []);
 * ```
 */
export async function runSources(
  persistence: Persistence,
  entryIds: readonly string[],
  logged: readonly LoggedSession[],
): Promise<MemorySource[]> {
  const sources: MemorySource[] = [];
  for (const id of entryIds) {
    const read = await persistence.read(journalPath("done", id));
    sources.push(cleaned(read.isOk() ? fromRecord(id, read.value) : { kind: "journal", ref: id }));
  }
  for (const session of logged) {
    sources.push(
      cleaned({ kind: "session-log", ref: `${session.path}#${session.number}`, date: session.day }),
    );
  }
  return sources;
}

/**
 * The trailer block of a consolidation commit: a blank line, then a `Memory-Source:` line
 * per source; "" when there is none (an inbox-only run).
 *
 * @example
 * ```ts
 * sourceTrailers([{ kind: "journal", ref: "a1", harness: "amp" }]); // "\n\nMemory-Source: journal a1; harness amp"
 * ```
 */
export function sourceTrailers(sources: readonly MemorySource[]): string {
  return sources.length === 0 ? "" : `\n\n${sources.map(formatSourceTrailer).join("\n")}`;
}

function fromRecord(id: string, text: string): MemorySource {
  try {
    return sourceOfDoneRecord(id, JSON.parse(text)) ?? { kind: "journal", ref: id };
  } catch {
    return { kind: "journal", ref: id };
  }
}

function clean(value: string): string {
  return scrubSecrets(value).text.slice(0, MAX_FIELD);
}

function cleaned(source: MemorySource): MemorySource {
  return Object.fromEntries(
    Object.entries(source).map(([key, value]) => [key, key === "kind" ? value : clean(value)]),
  ) as unknown as MemorySource;
}
