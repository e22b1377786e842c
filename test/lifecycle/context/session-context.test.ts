import { describe, expect, it } from "vitest";
import { sessionContext } from "../../../src/lifecycle/context/session-context.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("sessionContext", () => {
  it("inlines hot notes in index order while they fit, lists the rest, and keeps the pickup first", async () => {
    const { memory } = await freshMemory();
    const small = okOf(await memory.capture({ title: "Small", body: "s".repeat(100) }));
    const big = okOf(await memory.capture({ title: "Big", body: "b".repeat(3_000) }));
    const later = okOf(await memory.capture({ title: "Later", body: "l".repeat(50) }));
    const warm = okOf(await memory.capture({ title: "Warm one", body: "w" }));
    okOf(await memory.index.set({ hot: [small.id, big.id, later.id], warm: [warm.id] }));
    okOf(
      await memory.sessionLog.append({ agent: 0, what: "a", why: "b", how: "c", next: "ship it" }),
    );

    const context = okOf(await sessionContext(memory, { budget: 1_500 }));
    expect(context.hot.map((note) => [note.title, note.body === null])).toEqual([
      ["Small", false],
      ["Big", true],
      // Stops at the first note that does not fit: a later, smaller one never jumps ahead.
      ["Later", true],
    ]);
    expect(context.warm).toEqual([{ id: warm.id, title: "Warm one" }]);
    expect(context.text.startsWith("## Pickup\n\nnext: ship it\n")).toBe(true);
    expect(context.text).toContain(`### Small (${small.id})`);
    expect(context.text).toContain(
      `- [[${big.id}|Big]]\n- [[${later.id}|Later]]\n- [[${warm.id}|Warm one]]`,
    );
    expect(context.text.length).toBeLessThanOrEqual(1_500);

    const roomy = okOf(await sessionContext(memory, { budget: 10_000 }));
    expect(roomy.hot.every((note) => note.body !== null)).toBe(true);
  });

  it("says there is nothing to pick up in a fresh memory", async () => {
    const { memory } = await freshMemory();
    const context = okOf(await sessionContext(memory));
    expect(context).toMatchObject({ pickup: null, hot: [], warm: [] });
    expect(context.text).toContain("No session logged today or yesterday");
  });
});
