import { describe, expect, it } from "vitest";
import { sessionContext } from "../../../src/lifecycle/context/session-context.js";
import { freshMemory, unwrap } from "../../helpers/fresh-memory.js";

describe("sessionContext", () => {
  it("inlines hot notes in index order while they fit, lists the rest, and keeps the pickup first", async () => {
    const { memory } = await freshMemory();
    const small = unwrap(await memory.capture({ title: "Small", body: "s".repeat(100) }));
    const big = unwrap(await memory.capture({ title: "Big", body: "b".repeat(3_000) }));
    const later = unwrap(await memory.capture({ title: "Later", body: "l".repeat(50) }));
    const warm = unwrap(await memory.capture({ title: "Warm one", body: "w" }));
    unwrap(await memory.index.set({ hot: [small.id, big.id, later.id], warm: [warm.id] }));
    unwrap(
      await memory.sessionLog.append({ agent: 0, what: "a", why: "b", how: "c", next: "ship it" }),
    );

    const context = unwrap(await sessionContext(memory, { budget: 1_500 }));
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

    const roomy = unwrap(await sessionContext(memory, { budget: 10_000 }));
    expect(roomy.hot.every((note) => note.body !== null)).toBe(true);
  });

  it("says there is nothing to pick up in a fresh memory", async () => {
    const { memory } = await freshMemory();
    const context = unwrap(await sessionContext(memory));
    expect(context).toMatchObject({ pickup: null, hot: [], warm: [] });
    expect(context.text).toContain("No session logged today or yesterday");
  });
});
