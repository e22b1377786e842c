/**
 * A superseded note is never top of mind, like an archived one: `index.promote` (`memory tier`,
 * the MCP `tier` tool) and `index.set` refuse it with INVALID_INPUT naming its successor, and
 * write nothing. Taking it out of a tier, and tiering other notes beside it, still work.
 */
import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

async function supersededMemory() {
  const { memory, persistence } = await freshMemory();
  const old = okOf(await memory.capture({ title: "Database", body: "SQLite." }));
  const now = okOf(await memory.capture({ title: "Database now", body: "Postgres." }));
  const other = okOf(await memory.capture({ title: "Other", body: "Else." }));
  // Tiered while it was current, then superseded: the entry stays until someone takes it out.
  okOf(await memory.index.promote(old.id, "hot"));
  okOf(await memory.supersede(old.id, now.id, { date: "2026-03-14" }));
  const index = async () => okOf(await persistence.read("index.md"));
  return { memory, old: old.id, now: now.id, other: other.id, index };
}

describe("tiering a superseded note", () => {
  it("promote refuses it, names its successor and how to tier that, and writes nothing", async () => {
    const { memory, old, now, index } = await supersededMemory();
    const before = await index();
    const error = errOf(await memory.index.promote(old, "warm"));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toBe(
      `${old} ("Database") is superseded by ${now} ("Database now"), and a superseded note is ` +
        `never top of mind: tier the current note instead (memory tier ${now} warm). ` +
        `index.md was not changed.`,
    );
    expect(await index()).toBe(before);
  });

  it("set refuses it in either tier and writes nothing", async () => {
    const { memory, old, now, other, index } = await supersededMemory();
    const before = await index();
    const error = errOf(await memory.index.set({ hot: [now], warm: [other, old] }));
    expect(error.code).toBe("INVALID_INPUT");
    expect(error.message).toMatch(new RegExp(`superseded by ${now} .*memory tier ${now} warm`));
    expect(await index()).toBe(before);
  });

  it("demote takes it out, and other notes are tiered beside it", async () => {
    const { memory, old, now, other } = await supersededMemory();
    expect(ids(okOf(await memory.index.promote(other, "warm")))).toEqual([[old], [other]]);
    expect(ids(okOf(await memory.index.demote(old)))).toEqual([[], [other]]);
    expect(ids(okOf(await memory.index.promote(now, "hot")))).toEqual([[now], [other]]);
  });
});

function ids(tiers: {
  hot: readonly { id: string }[];
  warm: readonly { id: string }[];
}): string[][] {
  return [tiers.hot.map((entry) => entry.id), tiers.warm.map((entry) => entry.id)];
}
