/** Issue 12, defect 7: defrag never replaces text the model was not shown. */
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { okOf } from "../../helpers/result-helpers.js";

const RUNBOOK =
  "## Rollback\n\nRevert the tag. Then tell the team.\n\n## Alerts\n\nPage the owner.";

async function memoryWith(actions: unknown[]) {
  const fresh = await freshMemory({
    llm: llmFromFunction(() => JSON.stringify({ hotTier: [], warmTier: [], actions })),
  });
  await seedNotes(fresh.fs, fresh.root, [
    { id: "id__Runbk1", title: "Runbook", body: RUNBOOK },
    { id: "id__Deploy", title: "Deploys", body: "Deploys go through the release branch." },
    {
      id: "id__Deplo2",
      title: "Deploy notes",
      body: "Reviews happen on Tuesdays. Owners sign off.",
    },
  ]);
  okOf(await fresh.memory.commit("seed"));
  return fresh;
}

const bodyOf = async (fresh: Awaited<ReturnType<typeof memoryWith>>, id: string) =>
  okOf(await fresh.memory.read(id)).body;

describe("defrag keeps every sentence it was not shown", () => {
  it("refuses a relink whose body drops text", async () => {
    const fresh = await memoryWith([
      { type: "relink", id: "id__Runbk1", body: "See [[id__Deploy|deploys]]." },
    ]);
    const report = okOf(await fresh.memory.defrag());
    expect(report.refused?.map((refusal) => refusal.rule)).toEqual(["drops-text"]);
    expect(report.applied).toEqual([]);
    expect(await bodyOf(fresh, "id__Runbk1")).toBe(RUNBOOK);
  });

  it("accepts a relink that only adds links", async () => {
    const fresh = await memoryWith([
      {
        type: "relink",
        id: "id__Deploy",
        body: "Deploys go through the [[id__Runbk1|release]] branch.\n\nSee [[id__Deplo2|notes]].",
      },
    ]);
    okOf(await fresh.memory.defrag());
    expect(await bodyOf(fresh, "id__Deploy")).toContain("[[id__Deplo2|notes]]");
  });

  it("refuses a split whose parts lose a sentence", async () => {
    const fresh = await memoryWith([
      {
        type: "split",
        id: "id__Runbk1",
        parts: [
          { title: "Roll back by reverting the tag", tags: [], body: "Revert the tag." },
          { title: "Alerts page the owner", tags: [], body: "Page the owner." },
        ],
      },
    ]);
    const report = okOf(await fresh.memory.defrag());
    expect(report.refused?.[0]?.message).toMatch(/Then tell the team/);
    expect(await bodyOf(fresh, "id__Runbk1")).toBe(RUNBOOK);
  });

  it("refuses a merge whose new body loses a source's text", async () => {
    const fresh = await memoryWith([
      {
        type: "merge",
        sources: ["id__Deplo2"],
        target: "id__Deploy",
        body: "Deploys go through the release branch.",
      },
    ]);
    const report = okOf(await fresh.memory.defrag());
    expect(report.refused?.[0]?.message).toMatch(/Reviews happen on Tuesdays/);
    expect(await bodyOf(fresh, "id__Deplo2")).toBe("Reviews happen on Tuesdays. Owners sign off.");
  });
});

describe("defrag scrubs only the text the model adds", () => {
  it("keeps an old secret-looking line, redacts a new token, and counts it", async () => {
    const fresh = await memoryWith([
      {
        type: "relink",
        id: "id__Deploy",
        body: "Deploys go through the release branch.\npassword: hunter2hunter2 (old, rotated)\nNew: ghp_0123456789abcdefghijABCDEFGHIJklmnop [[id__Runbk1|runbook]]",
      },
    ]);
    await seedNotes(fresh.fs, fresh.root, [
      {
        id: "id__Deploy",
        title: "Deploys",
        body: "Deploys go through the release branch.\npassword: hunter2hunter2 (old, rotated)",
      },
    ]);
    const report = okOf(await fresh.memory.defrag());
    expect(report.redactions).toBe(1);
    const body = await bodyOf(fresh, "id__Deploy");
    expect(body).toContain("password: hunter2hunter2 (old, rotated)");
    expect(body).toContain("New: [REDACTED:github-token] [[id__Runbk1|runbook]]");
  });
});
