/**
 * Consolidation and defrag show the model the verify findings of the notes in their prompts
 * (a short, bounded line per stale reference), so it can correct or retire a note that cites a
 * file the project no longer has; without a project, the prompts carry no such section.
 */
import { okAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import type { LlmRequest } from "../../src/ports/llm.js";
import type { ProjectRepository } from "../../src/ports/project-repository.js";
import { renderStaleReferences } from "../../src/notes/verify/stale-references.js";
import { freshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { okOf } from "../helpers/result-helpers.js";

/** A project of two files, as a host without a checkout might describe it. */
const project: ProjectRepository = {
  location: "/src/app",
  files: () => okAsync(["package.json", "src/deploy/release.ts"]),
  read: (path) =>
    okAsync(path === "package.json" ? '{"scripts":{"deploy":"node src/deploy/release.ts"}}' : ""),
  remoteUrls: () => okAsync([]),
  installedBinaries: () => okAsync(null),
};

const STALE_NOTE = {
  id: "id__Deploy",
  title: "Deploys run the release script",
  body: "Deploys of the console run src/deploy/ship.ts through `npm run ship`.",
};

function recordingLlm(answer: string) {
  const requests: LlmRequest[] = [];
  return { llm: llmFromFunction((request) => (requests.push(request), answer)), requests };
}

async function consolidatePrompt(withProject: boolean): Promise<string> {
  const { llm, requests } = recordingLlm('{"notes": [], "inbox": []}');
  const { memory, fs, root } = await freshMemory({
    llm,
    ...(withProject ? { project } : {}),
  });
  await seedNotes(fs, root, [STALE_NOTE]);
  okOf(await memory.commit("seed"));
  okOf(
    await memory.journal.add({
      harness: "manual",
      retrieval: { method: "none" },
      note: "Deploys of the console now go through the release branch.",
    }),
  );
  okOf(await memory.consolidate());
  return requests[0]?.prompt ?? "";
}

describe("stale references in the prompts", () => {
  it("consolidation shows the stale references of the notes it shows", async () => {
    const prompt = await consolidatePrompt(true);
    expect(prompt).toContain("### Deploys run the release script");
    expect(prompt).toContain("## Stale references");
    expect(prompt).toContain(
      "- id__Deploy: src/deploy/ship.ts: the repository has no file or folder src/deploy/ship.ts.",
    );
    expect(prompt).toContain(
      '- id__Deploy: npm run ship: no package.json of the repository has a "ship" script.',
    );
  });

  it("consolidation without a project carries no such section", async () => {
    expect(await consolidatePrompt(false)).not.toContain("## Stale references");
  });

  it("defrag shows them among the batch's findings", async () => {
    const { llm, requests } = recordingLlm('{"hotTier": [], "warmTier": [], "actions": []}');
    const { memory, fs, root } = await freshMemory({ llm, project });
    await seedNotes(fs, root, [STALE_NOTE, { id: "id__Other1", title: "Other", body: "Fine." }]);
    okOf(await memory.commit("seed"));
    okOf(await memory.defrag({ dryRun: true }));
    expect(requests[0]?.prompt).toContain(
      "stale references (the project's repository no longer has",
    );
    expect(requests[0]?.prompt).toContain(
      "- id__Deploy: src/deploy/ship.ts: the repository has no",
    );
  });

  it("bounds the lines in characters, counting what it leaves out", () => {
    const lines = new Map([
      ["id__A", Array.from({ length: 100 }, (_, at) => `src/x${at}.ts gone`)],
    ]);
    const shown = renderStaleReferences(lines, ["id__A"], 300);
    expect(shown.length).toBeLessThanOrEqual(330);
    expect(shown).toMatch(/- \(\d+ more not shown\)$/);
  });
});
