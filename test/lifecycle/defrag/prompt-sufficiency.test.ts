import { describe, expect, it } from "vitest";
import { promptBoundLlm } from "../../../src/testing/prompt-bound-llm.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { okOf } from "../../helpers/result-helpers.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";

/** Distinct sentences about one topic, so a dropped one is noticed. */
function prose(topic: string, count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `The ${topic} team recorded observation number ${i + 1} about the rollout.`,
  ).join(" ");
}

/** A memory with one oversized three-topic note, a near-duplicate pair and a young orphan. */
async function seeded() {
  const llm = promptBoundLlm();
  const fresh = await freshMemory({ llm });
  const oversized = ["Deploys", "Alerts", "Billing"]
    .map((topic) => `## ${topic} notes\n\n${prose(topic.toLowerCase(), 45)}`)
    .join("\n\n");
  await seedNotes(fresh.fs, fresh.root, [
    {
      id: "id__HubHub",
      title: "Console app",
      body: "#ops\n\nHub: [[id__BIGBIG|handbook]], [[id__DupOne|deploys]], [[id__DupTwo|deploy notes]].",
    },
    { id: "id__BIGBIG", title: "Ops handbook", body: `#ops\n\n${oversized}` },
    {
      id: "id__DupOne",
      title: "Deploys use the release branch",
      body: `${prose("release", 12)} Deploys go through the release branch after review.`,
    },
    {
      id: "id__DupTwo",
      title: "Deploys go via release branch",
      body: `${prose("release", 12)} Deploys go through the release branch after a review.`,
    },
    {
      id: "id__Orphan",
      title: "Pager rotation",
      body: "#ops\n\nThe pager rotates every Monday at noon.",
    },
  ]);
  okOf(await fresh.memory.commit("seed"));
  return { ...fresh, llm };
}

describe("defrag shows the model every body it may rewrite", () => {
  it("the prompt-bound model's split, merge and relink are all accepted, and no sentence is lost", async () => {
    const { memory, llm } = await seeded();
    const before = okOf(await memory.list());
    const sentences = new Set<string>();
    for (const meta of before) {
      for (const s of sentencesOf(okOf(await memory.read(meta.id)).body)) sentences.add(s);
    }
    const report = okOf(await memory.defrag());
    const types = report.applied.map((action) => action.type).toSorted();
    expect(report.refused).toEqual([]);
    expect(types).toEqual(["merge", "relink", "split"]);
    expect(llm.calls[0]?.request.prompt).toContain('<note id="id__BIGBIG">');
    const after = new Set<string>();
    for (const meta of okOf(await memory.list())) {
      for (const s of sentencesOf(okOf(await memory.read(meta.id)).body)) after.add(s);
    }
    const text = [...after].join(" ");
    expect([...sentences].filter((s) => !text.includes(s.replace(/\[\[[^\]]*\]\]/g, "")))).toEqual(
      [],
    );
    expect(report.created).toHaveLength(3);
  });

  it("a body too large for a batch is not shown, and a new body for it is refused", async () => {
    const { memory, llm } = await seeded();
    const huge = okOf(await memory.read("id__BIGBIG"));
    const padded = `${huge.body}\n\n## Appendix\n\n${prose("appendix", 400)}`;
    okOf(await memory.update("id__BIGBIG", { body: padded }));
    okOf(await memory.commit("grow"));
    const report = okOf(await memory.defrag());
    expect(llm.calls[0]?.request.prompt).not.toContain('<note id="id__BIGBIG">');
    expect(llm.calls[0]?.request.prompt).toContain("id__BIGBIG | Ops handbook");
    expect(report.applied.map((action) => action.type)).not.toContain("split");
  });
});
