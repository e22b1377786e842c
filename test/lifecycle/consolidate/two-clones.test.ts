import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";
import type { Persistence } from "../../../src/ports/persistence.js";

const now = () => Date.UTC(2026, 10, 26, 9);

/** A model that creates one note under the same key in every clone, titled after the clone. */
function modelOf(clone: string) {
  return llmFromFunction(() =>
    JSON.stringify({
      notes: [
        {
          op: "create",
          key: "fact",
          title: `Deploys happen on Tuesdays (${clone})`,
          tags: [],
          body: `Written by the consolidation in clone ${clone}.`,
        },
      ],
      inbox: [],
    }),
  );
}

/** Copies every file of `from` that `to` lacks: what a git merge of the two clones brings. */
async function mergeFiles(from: Persistence, to: Persistence): Promise<void> {
  const have = new Set(okOf(await to.list()).map((file) => file.path));
  for (const file of okOf(await from.list())) {
    if (have.has(file.path) || file.path.startsWith(".agent-memory/")) continue;
    okOf(await to.write(file.path, okOf(await from.read(file.path))));
  }
}

/** An entry as a library without clone names wrote it: no `queued`, anyone's to consume. */
const UNOWNED = `${JSON.stringify(
  {
    version: 1,
    timestamp: "2026-11-26T08:00:00.000Z",
    harness: "manual",
    retrieval: { method: "none" },
    context: {},
    note: "Deploys happen on Tuesdays.",
  },
  null,
  2,
)}\n`;

describe("two clones consolidating the same synced journal entry", () => {
  it("leave an entry to the clone that queued it for a day, then consume it anywhere", async () => {
    const one = await freshMemory({ llm: modelOf("one"), now });
    const two = await freshMemory({ llm: modelOf("two"), now });
    const entry = okOf(
      await one.memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "Deploys happen on Tuesdays.",
      }),
    );
    expect(entry.queued?.clone).toMatch(/^c-[0-9a-f]{16}$/);
    await mergeFiles(one.persistence, two.persistence);
    // Synced to the second clone: pending there, but not its to consume.
    expect(okOf(await two.memory.journal.pending()).map((e) => e.id)).toEqual([entry.id]);
    expect(okOf(await two.memory.journal.consumable()).elsewhere.map((e) => e.id)).toEqual([
      entry.id,
    ]);
    expect(okOf(await two.memory.consolidate()).created).toEqual([]);
    expect(okOf(await two.memory.journal.pending()).map((e) => e.id)).toEqual([entry.id]);
    expect(okOf(await one.memory.consolidate()).created).toHaveLength(1);
    expect(okOf(await one.memory.journal.pending())).toEqual([]);

    // A clone that never syncs again must not keep its entries from everyone: after a day,
    // any clone consumes them.
    const later = await freshMemory({ llm: modelOf("later"), now: () => now() + 25 * 3600_000 });
    await mergeFiles(two.persistence, later.persistence);
    later.memory.filesChanged();
    expect(okOf(await later.memory.consolidate()).created).toHaveLength(1);
  });

  it("create notes under different ids from an unowned entry, so merging duplicates no id", async () => {
    const one = await freshMemory({ llm: modelOf("one"), now });
    const two = await freshMemory({ llm: modelOf("two"), now });
    const entry = { id: "2026-11-26T08-00-00.000Z-0123456789abcdef" };
    okOf(await one.persistence.write(`journal/pending/${entry.id}.json`, UNOWNED));
    // The entry reached the second clone by sync: the same file, the same entry id.
    await mergeFiles(one.persistence, two.persistence);
    expect(okOf(await two.memory.journal.pending()).map((e) => e.id)).toEqual([entry.id]);

    const created = [
      okOf(await one.memory.consolidate()).created,
      okOf(await two.memory.consolidate()).created,
    ];
    expect(created.map((ids) => ids.length)).toEqual([1, 1]);
    expect(created[0]?.[0]).not.toBe(created[1]?.[0]);

    await mergeFiles(two.persistence, one.persistence);
    one.memory.filesChanged();
    const notes = okOf(await one.memory.list());
    expect(notes.map((note) => note.title).toSorted()).toEqual([
      "Deploys happen on Tuesdays (one)",
      "Deploys happen on Tuesdays (two)",
    ]);
    const report = okOf(await one.memory.doctor());
    expect(report.findings.filter((f) => f.kind === "duplicate-id")).toEqual([]);
  });
});
