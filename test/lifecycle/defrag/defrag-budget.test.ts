import { describe, expect, it } from "vitest";
import {
  planBatches,
  shownBlock,
  shownCost,
  type DefragNoteLine,
} from "../../../src/lifecycle/defrag/defrag-batches.js";
import { buildDefragPrompt } from "../../../src/lifecycle/defrag/defrag-prompt.js";
import { DEFAULT_GUARDRAILS } from "../../../src/lifecycle/defrag/validate-decision.js";

const BUDGET_TOKENS = 12_000;
const CHARS = BUDGET_TOKENS * 4;

/** 10,000 notes: one giant cluster with communities, one giant without, and many small ones. */
function syntheticMemory() {
  const notes = new Map<string, DefragNoteLine>();
  const ids: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    const id = `id__${i.toString(36).padStart(6, "0")}`;
    ids.push(id);
    notes.set(id, {
      id,
      title: `A note title of moderate length about topic number ${i}`,
      tags: ["work", "design", `topic${i % 17}`],
      size: 900 + (i % 300),
      inbound: i % 7,
      outbound: 5,
      ageDays: i % 400,
      status: "active",
    });
  }
  const withCommunities = ids.slice(0, 4_000);
  const communities = Array.from({ length: 40 }, (_, c) =>
    withCommunities.slice(c * 100, c * 100 + 100),
  );
  const clusters = [
    { noteIds: withCommunities, communities },
    { noteIds: ids.slice(4_000, 7_000) },
    ...Array.from({ length: 300 }, (_, c) => ({
      noteIds: ids.slice(7_000 + c * 10, 7_010 + c * 10),
    })),
  ];
  return { notes, ids, clusters };
}

describe("defrag prompts at 10,000 notes", () => {
  it("every batch's prompt stays within the budget, and every note is in exactly one batch", () => {
    const { notes, ids, clusters } = syntheticMemory();
    const batches = planBatches(notes, clusters, CHARS / 2);
    expect(batches.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (const [i, batch] of batches.entries()) {
      const findings = {
        orphans: [...batch.ids].slice(0, 50).map((id) => ({ id, ageDays: 400 })),
        nearDuplicates: [...batch.ids]
          .slice(0, 50)
          .map((id) => ({ a: id, b: id, similarity: 0.9 })),
        oversize: [...batch.ids].slice(0, 50).map((id) => ({ id, size: 9000 })),
        brokenLinks: [...batch.ids]
          .slice(0, 50)
          .map((id) => ({ sourceId: id, targetId: "id__Gone00" })),
        deadEnds: [...batch.ids].slice(0, 50),
        cycles: [...batch.ids].slice(0, 50).map((id) => [id, id]),
      };
      const prompt = buildDefragPrompt({
        batch,
        findings,
        hot: [],
        warm: [],
        guardrails: DEFAULT_GUARDRAILS,
        position: [i + 1, batches.length],
      });
      expect(prompt.system.length + prompt.prompt.length).toBeLessThanOrEqual(CHARS);
      for (const id of batch.ids) {
        expect(seen.has(id)).toBe(false);
        seen.add(id);
      }
    }
    expect(seen.size).toBe(ids.length);
  });

  it("keeps a cluster whole when it fits, so merges inside it can be proposed", () => {
    const { notes, clusters } = syntheticMemory();
    const small = clusters.slice(2, 5);
    const batches = planBatches(notes, small, CHARS / 2);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.ids.size).toBe(30);
  });

  it("with bodies shown, every prompt still fits, and each body that fits a batch is shown whole", () => {
    const { notes, ids, clusters } = syntheticMemory();
    // Real-sized bodies: most a few hundred bytes to a few KB, a few larger than any batch.
    const bodies = new Map(
      ids.map((id, i) => [id, `Body of ${id}. `.repeat(i % 97 === 0 ? 3_000 : 20 + (i % 200))]),
    );
    const bodyChars = new Map([...bodies].map(([id, body]) => [id, shownCost(id, body)]));
    const maxBodyChars = (CHARS / 2) * 0.75;
    const batches = planBatches(notes, clusters, CHARS / 2, { bodyChars, maxBodyChars });
    let shown = 0;
    for (const [i, batch] of batches.entries()) {
      const prompt = buildDefragPrompt({
        batch,
        findings: {
          orphans: [],
          nearDuplicates: [],
          oversize: [],
          brokenLinks: [],
          deadEnds: [],
          cycles: [],
        },
        hot: [],
        warm: [],
        guardrails: DEFAULT_GUARDRAILS,
        position: [i + 1, batches.length],
        bodies,
      });
      expect(prompt.system.length + prompt.prompt.length).toBeLessThanOrEqual(CHARS);
      for (const id of batch.shown ?? []) {
        expect(prompt.prompt).toContain(shownBlock(id, bodies.get(id) ?? ""));
        shown += 1;
      }
    }
    const fitting = ids.filter((id) => (bodyChars.get(id) ?? 0) <= maxBodyChars);
    expect(shown).toBe(fitting.length);
    expect(fitting.length).toBeLessThan(ids.length);
  });
});
