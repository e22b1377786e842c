import { describe, expect, it } from "vitest";
import { describeAnalysis } from "../../../src/cli/render/analysis-summary.js";
import type { MemoryAnalysis, NoteStats } from "../../../src/notes/analysis/memory-analysis.js";

const note = (i: number, status: NoteStats["status"] = "active"): NoteStats => ({
  id: `id__Note${String(i).padStart(2, "0")}`,
  title: `Note ${i}`,
  path: `topics/note-${i} id__Note${String(i).padStart(2, "0")}.md`,
  status,
  tags: [],
  size: 100,
  createdAt: 0,
  updatedAt: 0,
  inbound: 0,
  outbound: 0,
  indexed: false,
});

const empty: MemoryAnalysis = {
  notes: [],
  orphans: [],
  brokenLinks: [],
  deadEnds: [],
  clusters: [],
  nearDuplicates: [],
  oversize: [],
  cycles: [],
};

describe("describeAnalysis", () => {
  it("prints only the counts when there is nothing to report", () => {
    expect(describeAnalysis(empty)).toBe(
      "0 notes: 0 active, 0 in the inbox, 0 archived.\n" +
        "0 clusters, 0 near-duplicate pairs, 0 orphans, 0 oversize notes, 0 broken links, 0 dead ends, 0 cycles.",
    );
  });

  it("cuts long lists short, shows communities, and aligns ages", () => {
    const notes = Array.from({ length: 14 }, (_, i) => note(i, i === 13 ? "inbox" : "active"));
    const ids = notes.map((n) => n.id);
    const analysis: MemoryAnalysis = {
      ...empty,
      notes,
      clusters: [
        {
          id: ids[0] ?? "",
          noteIds: ids.slice(0, 12),
          communities: [ids.slice(0, 6), ids.slice(6, 12)],
        },
        ...Array.from({ length: 6 }, () => ({ id: ids[12] ?? "", noteIds: ids.slice(12) })),
      ],
      orphans: [
        ...ids.slice(0, 10).map((id, i) => ({ id, ageDays: i === 9 ? 5 : 100 })),
        { id: "id__Gone00", ageDays: 1 },
        { id: "id__Gone01", ageDays: 1 },
      ],
    };
    const text = describeAnalysis(analysis).split("\n");
    expect(text[0]).toBe("14 notes: 13 active, 1 in the inbox, 0 archived.");
    expect(text).toContain(
      "  12 notes  id__Note00 (2 communities)  Note 0, Note 1, Note 2, and 9 more",
    );
    // 7 clusters, 5 shown; 12 orphans, 10 shown.
    expect(text.filter((line) => line.startsWith("  ... and 2 more"))).toEqual([
      '  ... and 2 more ("memory analyze --json" lists all)',
      '  ... and 2 more ("memory analyze --json" lists all)',
    ]);
    expect(text).toContain("  id__Note00  100 days  Note 0");
    expect(text).toContain("  id__Note09    5 days  Note 9");
  });
});
