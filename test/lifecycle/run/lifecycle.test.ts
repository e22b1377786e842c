import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { defragDue, LIFECYCLE_STATE_PATH } from "../../../src/lifecycle/run/lifecycle-state.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

const DAY = 86_400_000;

describe("when defrag is due", () => {
  it("after N consolidations, or days since the last defrag once something was consolidated", () => {
    const now = Date.UTC(2026, 10, 22);
    expect(defragDue({ consolidationsSinceDefrag: 4, lastDefragAt: null }, {}, now)).toBe(false);
    expect(defragDue({ consolidationsSinceDefrag: 5, lastDefragAt: null }, {}, now)).toBe(true);
    expect(
      defragDue({ consolidationsSinceDefrag: 2, lastDefragAt: null }, { consolidations: 2 }, now),
    ).toBe(true);
    const lastWeek = new Date(now - 8 * DAY).toISOString();
    expect(defragDue({ consolidationsSinceDefrag: 1, lastDefragAt: lastWeek }, {}, now)).toBe(true);
    expect(defragDue({ consolidationsSinceDefrag: 0, lastDefragAt: lastWeek }, {}, now)).toBe(
      false,
    );
  });
});

describe("memory.run in memory (isomorphic-git: no pull or push)", () => {
  it("consolidates, runs defrag when due, writes AGENTS.md and commits; the state is kept in the repository", async () => {
    const answers = [
      JSON.stringify({
        notes: [{ op: "create", key: "k", title: "A fact", tags: [], body: "b" }],
        inbox: [],
      }),
      JSON.stringify({ hotTier: [], warmTier: [], actions: [] }),
    ];
    const prompts: string[] = [];
    const llm = llmFromFunction(({ prompt }) => {
      prompts.push(prompt);
      return answers.shift() ?? "";
    });
    const { memory, fs, root } = await freshMemory({ llm });
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "a fact",
      }),
    );
    const report = okOf(
      await memory.run({ defragEvery: { consolidations: 1 }, agentsMd: [{ target: "AGENTS.md" }] }),
    );
    expect(report.pulled).toBe("unsupported");
    expect(report.pushed).toBe("unsupported");
    expect(report.consolidation.created).toHaveLength(1);
    expect(report.defrag?.status).toBe("done");
    expect(report.agentsMd[0]?.written).toBe(true);
    expect(
      JSON.parse(String(await fs.promises.readFile(`${root}/${LIFECYCLE_STATE_PATH}`, "utf8"))),
    ).toMatchObject({
      consolidationsSinceDefrag: 0,
    });
    expect(okOf(await memory.commit("left over?"))).toBeNull();
    // Nothing new: no model call, no defrag, nothing to commit.
    const again = okOf(
      await memory.run({ defragEvery: { consolidations: 1 }, agentsMd: [{ target: "AGENTS.md" }] }),
    );
    expect(prompts).toHaveLength(2);
    expect(again.defrag).toBeNull();
    expect(again.agentsMd[0]?.written).toBe(false);
    expect(again.commit).toBeNull();
  });
});
