import { createHash, randomBytes } from "node:crypto";
import { err, ok, type Result } from "neverthrow";
import type { MemoryAnalysis } from "../../notes/analysis/memory-analysis.js";
import { readIndexTiers } from "../../model/records/index-note.js";
import { INDEX_NOTE_PATH } from "../../model/layout.js";
import type { NotesMemory } from "../../notes/notes-memory.js";
import type { MemoryError } from "../../errors.js";
import type { Persistence } from "../../ports/persistence.js";
import { readNoteBodies } from "../../notes/reads/read-note-bodies.js";
import { planBatches, shownCost, type DefragNoteLine } from "./defrag-batches.js";
import type { DefragFindings } from "./defrag-prompt.js";
import type { AnalyzeOutput } from "./defrag-steps.js";
import type { SimNote } from "./dry-run-decision.js";
import { DEFAULT_SUPERSEDED_ARCHIVE_DAYS, type DefragGuardrails } from "./validate-decision.js";
import { noteSupersession } from "../../model/supersession/supersession.js";
import {
  renderStaleReferences,
  type StaleReferences,
} from "../../notes/verify/stale-references.js";

/** Most characters of stale-reference lines one defrag prompt shows (about 300 tokens). */
const MAX_STALE_CHARS = 1_200;

/** Most entries of one finding list a prompt shows. */
const MAX_FINDINGS = 50;
const DAY_MS = 86_400_000;

/** What the analyze step needs besides the memory. */
export interface DefragAnalyzeDeps {
  readonly memory: NotesMemory;
  readonly persistence: Persistence;
  readonly now: () => number;
  readonly guardrails: DefragGuardrails;
  /** Characters of note lines and shown bodies one prompt may hold (about half its budget). */
  readonly noteBudgetChars: number;
  /** Verify findings for the notes (absent: no project to check against). */
  readonly staleReferences?: StaleReferences;
}

/**
 * Gathers what defrag plans from: the analysis, every note's text (for the dry run), the
 * index note and its tiers, and the batches of clusters that each fit one prompt, with each
 * batch's findings restricted to its notes and capped.
 */
export async function analyzeForDefrag(
  deps: DefragAnalyzeDeps,
): Promise<Result<AnalyzeOutput, MemoryError>> {
  const analysis = await deps.memory.analyze();
  if (analysis.isErr()) return err(analysis.error);
  const bodies = await readNoteBodies(deps.memory, deps.persistence, (metas) => metas);
  if (bodies.isErr()) return err(bodies.error);
  const index = await deps.persistence.read(INDEX_NOTE_PATH);
  if (index.isErr() && index.error.code !== "NOT_FOUND") return err(index.error);
  const indexBody = index.isOk() ? index.value : "";

  const stats = new Map(analysis.value.notes.map((note) => [note.id, note]));
  const notes: SimNote[] = bodies.value.notes.flatMap((note) => {
    const stat = stats.get(note.id);
    return stat === undefined
      ? []
      : [{ id: note.id, title: note.title, tags: note.tags, body: note.body, status: stat.status }];
  });
  const lines = new Map<string, DefragNoteLine>(
    analysis.value.notes
      .filter((note) => note.status !== "archived")
      .map((note) => [
        note.id,
        {
          id: note.id,
          title: note.title,
          tags: note.tags,
          size: note.size,
          inbound: note.inbound,
          outbound: note.outbound,
          ageDays: Math.max(0, Math.floor((deps.now() - note.createdAt) / DAY_MS)),
          status: note.status,
        },
      ]),
  );
  const clusters = analysis.value.clusters
    .map((cluster) => ({ ...cluster, noteIds: cluster.noteIds.filter((id) => lines.has(id)) }))
    .filter((cluster) => cluster.noteIds.length > 0);
  // Notes in no reported cluster (unlinked singletons) still need tiering and tidying.
  const clustered = new Set(clusters.flatMap((cluster) => cluster.noteIds));
  const loose = [...lines.keys()].filter((id) => !clustered.has(id));
  const batches = planBatches(
    lines,
    loose.length > 0 ? [...clusters, { noteIds: loose }] : clusters,
    deps.noteBudgetChars,
    {
      bodyChars: new Map(notes.map((note) => [note.id, shownCost(note.id, note.body)])),
      // A body may take most of a batch, so an oversized note can still be shown and split;
      // a larger one is listed without it and offered only the actions that need none.
      maxBodyChars: Math.floor((deps.noteBudgetChars * 3) / 4),
    },
  );
  const tiers = readIndexTiers(indexBody);
  const superseded = supersededLongAgo(
    notes,
    deps.now(),
    deps.guardrails.supersededArchiveDays ?? DEFAULT_SUPERSEDED_ARCHIVE_DAYS,
  );
  const stale =
    deps.staleReferences === undefined
      ? undefined
      : await deps.staleReferences(
          notes
            .filter((note) => note.status !== "archived")
            .map((note) => ({ id: note.id, path: note.id, title: note.title, body: note.body })),
        );
  return ok({
    // The salt keeps split parts' ids apart when two clones defrag the same synced state (a
    // DUPLICATE_ID once they merge). No re-run needs the same ids: once a part is written the
    // state, and so the digest, differs anyway.
    run: createHash("sha256")
      .update(JSON.stringify(analysis.value))
      .update(randomBytes(8))
      .digest("hex")
      .slice(0, 16),
    notes,
    indexBody,
    hot: tiers.hot.map((entry) => entry.id),
    warm: tiers.warm.map((entry) => entry.id),
    batches,
    findings: batches.map((batch) => {
      const found = {
        ...findingsFor(analysis.value, batch.ids),
        superseded: cap(superseded.filter((entry) => batch.ids.has(entry.id))),
      };
      if (stale === undefined) return found;
      const shown = renderStaleReferences(stale, [...batch.ids].toSorted(), MAX_STALE_CHARS);
      return shown === "" ? found : { ...found, staleReferences: shown };
    }),
    guardrails: deps.guardrails,
  });
}

/**
 * Notes superseded as a whole (not archived) whose mark's date is more than `days` days
 * before now. A mark without a date is never offered: nothing says how long it has stood.
 */
function supersededLongAgo(
  notes: readonly SimNote[],
  now: number,
  days: number,
): { id: string; by: string; days: number }[] {
  return notes.flatMap((note) => {
    if (note.status === "archived") return [];
    const mark = noteSupersession(note.body);
    if (mark?.date === undefined) return [];
    const age = Math.floor((now - Date.parse(`${mark.date}T00:00:00Z`)) / DAY_MS);
    return age > days ? [{ id: note.id, by: mark.successorId, days: age }] : [];
  });
}

const cap = <T>(items: readonly T[]) => items.slice(0, MAX_FINDINGS);

function findingsFor(analysis: MemoryAnalysis, ids: ReadonlySet<string>): DefragFindings {
  return {
    orphans: cap(analysis.orphans.filter((o) => ids.has(o.id))),
    nearDuplicates: cap(analysis.nearDuplicates.filter((d) => ids.has(d.a) && ids.has(d.b))),
    oversize: cap(analysis.oversize.filter((o) => ids.has(o.id))),
    brokenLinks: cap(analysis.brokenLinks.filter((b) => ids.has(b.sourceId))),
    deadEnds: cap(analysis.deadEnds.filter((id) => ids.has(id))),
    cycles: cap(analysis.cycles.filter((cycle) => cycle.every((id) => ids.has(id)))),
  };
}
