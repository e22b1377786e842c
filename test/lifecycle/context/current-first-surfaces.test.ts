/**
 * Current first on the surfaces an agent reads at session start (issue 30): AGENTS.md and the
 * session context (which `memory context`, MCP `context` and the SessionStart hooks print)
 * never inline or list a superseded note as current.
 */
import { okAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { gptTokenizer } from "../../../src/adapters/tokenizer/gpt-tokenizer.js";
import { generateAgentsMd } from "../../../src/lifecycle/agents-md/generate-agents-md.js";
import { sessionContext } from "../../../src/lifecycle/context/session-context.js";
import type { AgentsMdTarget } from "../../../src/ports/agents-md-target.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

const tokenizer = gptTokenizer();

function ramTarget(): AgentsMdTarget & { content: string | undefined } {
  const target = {
    path: "/repo/AGENTS.md",
    memoryRootFromTarget: "memory",
    content: undefined as string | undefined,
    read: () => okAsync(target.content),
    write: (content: string) => {
      target.content = content;
      return okAsync(undefined);
    },
  };
  return target;
}

async function both(memory: Awaited<ReturnType<typeof freshMemory>>["memory"]) {
  const target = ramTarget();
  const agents = okOf(await generateAgentsMd({ notes: memory, tokenizer, target }));
  const context = okOf(await sessionContext(memory, { budget: 10_000 }));
  return { agents, agentsText: target.content ?? "", context };
}

describe("current first in AGENTS.md and the session context", () => {
  it("shows the end of a chain in a superseded hot note's place, inlined, and never the old text", async () => {
    const { memory } = await freshMemory();
    const first = okOf(await memory.capture({ title: "Database", body: "We use SQLite." }));
    const second = okOf(await memory.capture({ title: "Database v2", body: "We use MySQL." }));
    const third = okOf(await memory.capture({ title: "Database v3", body: "We use Postgres." }));
    const other = okOf(await memory.capture({ title: "Team", body: "Four people." }));
    okOf(await memory.index.set({ hot: [first.id, other.id], warm: [second.id] }));
    okOf(await memory.supersede(first.id, second.id, { reason: "scale", date: "2026-03-01" }));
    okOf(await memory.supersede(second.id, third.id, { reason: "cost", date: "2026-04-01" }));

    const { agents, agentsText, context } = await both(memory);
    expect(agents.inlined).toEqual([third.id, other.id]);
    expect(agents.listed).toEqual([]);
    expect(agents.superseded).toEqual([
      { id: first.id, by: third.id },
      { id: second.id, by: third.id },
    ]);
    expect(agentsText).toContain("We use Postgres.");
    expect(agentsText).not.toContain("SQLite");
    expect(agentsText).not.toContain("MySQL");

    expect(context.hot.map((note) => [note.id, note.title])).toEqual([
      [third.id, "Database v3"],
      [other.id, "Team"],
    ]);
    expect(context.warm).toEqual([]);
    expect(context.superseded).toEqual(agents.superseded);
    expect(context.text).toContain("We use Postgres.");
    expect(context.text).not.toContain("SQLite");
    expect(context.text).not.toContain("MySQL");
  });

  it("leaves out a superseded note whose chain loops or ends at an archived note", async () => {
    const { memory, fs, root } = await freshMemory();
    const a = okOf(await memory.capture({ title: "Loop A", body: "Alpha text." }));
    const b = okOf(await memory.capture({ title: "Loop B", body: "Beta text." }));
    const c = okOf(await memory.capture({ title: "Retired", body: "Gamma text." }));
    const d = okOf(await memory.capture({ title: "Replaced", body: "Delta text." }));
    // Tiered while current: the index API refuses a superseded note.
    okOf(await memory.index.set({ hot: [a.id, d.id], warm: [b.id] }));
    // A loop is written by hand: `memory supersede` refuses one.
    await fs.promises.writeFile(
      `${root}/${a.path}`,
      `# Loop A\n\n> Superseded by [[${b.id}|Loop B]] on 2026-03-01.\n\nAlpha text.\n`,
    );
    await fs.promises.writeFile(
      `${root}/${b.path}`,
      `# Loop B\n\n> Superseded by [[${a.id}|Loop A]] on 2026-03-02.\n\nBeta text.\n`,
    );
    okOf(await memory.supersede(d.id, c.id, { date: "2026-03-03" }));
    okOf(await memory.archive(c.id));

    const { agents, agentsText, context } = await both(memory);
    expect(agents.inlined).toEqual([]);
    expect(agents.listed).toEqual([]);
    expect(agents.superseded).toEqual([
      { id: a.id, by: null },
      { id: d.id, by: null },
      { id: b.id, by: null },
    ]);
    for (const text of ["Alpha", "Beta", "Gamma", "Delta"]) {
      expect(agentsText).not.toContain(text);
      expect(context.text).not.toContain(text);
    }
    expect([...context.hot, ...context.warm]).toEqual([]);
  });

  it("inlines a hot note with one superseded section, keeping the section's mark but not its old text", async () => {
    const { memory } = await freshMemory();
    const hot = okOf(
      await memory.capture({
        title: "Stack",
        body: "## Database\n\nWe use SQLite.\n\n## Team\n\nFour people.",
      }),
    );
    const successor = okOf(await memory.capture({ title: "Database choice", body: "Postgres." }));
    okOf(await memory.index.set({ hot: [hot.id], warm: [] }));
    okOf(
      await memory.supersede(hot.id, successor.id, {
        section: "Database",
        reason: "scale",
        date: "2026-03-01",
      }),
    );

    const { agents, agentsText, context } = await both(memory);
    expect(agents.inlined).toEqual([hot.id]);
    expect(agents.superseded).toEqual([]);
    for (const text of [agentsText, context.text]) {
      expect(text).toContain("Superseded by");
      expect(text).toContain("on 2026-03-01: scale.");
      expect(text).toContain("Four people.");
      expect(text).not.toContain("SQLite");
    }
  });
});
