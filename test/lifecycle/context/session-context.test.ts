import { describe, expect, it } from "vitest";
import { sessionContext } from "../../../src/lifecycle/context/session-context.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("sessionContext", () => {
  it("inlines hot notes in index order while they fit, lists the rest, and keeps the pickup first", async () => {
    const { memory } = await freshMemory();
    const small = okOf(await memory.capture({ title: "Small", body: "word ".repeat(20) }));
    const big = okOf(await memory.capture({ title: "Big", body: "word ".repeat(600) }));
    const later = okOf(await memory.capture({ title: "Later", body: "word ".repeat(10) }));
    const warm = okOf(await memory.capture({ title: "Warm one", body: "w" }));
    okOf(await memory.index.set({ hot: [small.id, big.id, later.id], warm: [warm.id] }));
    okOf(
      await memory.sessionLog.append({ agent: 0, what: "a", why: "b", how: "c", next: "ship it" }),
    );

    const context = okOf(await sessionContext(memory, { budget: 300 }));
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
    expect(memory.tokenizer.countTokens(context.text)).toBeLessThanOrEqual(300);

    const roomy = okOf(await sessionContext(memory, { budget: 10_000 }));
    expect(roomy.hot.every((note) => note.body !== null)).toBe(true);
  });

  it("lists what does not fit by title and id, whole lines only, then how many more the index has", async () => {
    const { memory } = await freshMemory();
    const notes = [];
    for (let n = 0; n < 40; n++) {
      notes.push(
        okOf(
          await memory.capture({
            title: `Decision ${n}: the release train leaves on Tuesdays, whatever is late`,
            body: `Sentence one of note ${n}. Sentence two of note ${n}.`,
          }),
        ),
      );
    }
    okOf(
      await memory.index.set({
        hot: notes.slice(0, 5).map((note) => note.id),
        warm: notes.slice(5).map((note) => note.id),
      }),
    );
    okOf(
      await memory.sessionLog.append({ agent: 0, what: "a", why: "b", how: "c", next: "ship it" }),
    );
    const context = okOf(await sessionContext(memory, { budget: 250 }));
    expect(memory.tokenizer.countTokens(context.text)).toBeLessThanOrEqual(250);
    expect(context.text.startsWith("## Pickup\n\nnext: ship it\n")).toBe(true);
    const lines = context.text.trimEnd().split("\n");
    const listed = lines.filter((line) => line.startsWith("- [["));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(40);
    // Every list line is whole: a link with its full title.
    for (const line of listed) expect(line).toMatch(/^- \[\[id__\w{6}\|Decision \d+: .* late\]\]$/);
    const more = 40 - listed.length - context.hot.filter((note) => note.body !== null).length;
    expect(lines.at(-1)).toBe(`- ${more} more notes in the index note (index.md)`);

    // A character limit (a harness's) holds too, on top of the tokens.
    const capped = okOf(await sessionContext(memory, { budget: 10_000, maxChars: 900 }));
    expect(capped.text.length).toBeLessThanOrEqual(900);
    expect(capped.text.trimEnd().split("\n").at(-1)).toMatch(/^- \d+ more notes in the index note/);

    // Even a budget smaller than the pickup keeps the pickup whole.
    const tiny = okOf(await sessionContext(memory, { budget: 5 }));
    expect(tiny.text.startsWith("## Pickup\n\nnext: ship it\n")).toBe(true);
    expect(tiny.text).toContain("- 40 more notes in the index note (index.md)");
  });

  it("says there is nothing to pick up in a fresh memory", async () => {
    const { memory } = await freshMemory();
    const context = okOf(await sessionContext(memory));
    expect(context).toMatchObject({ pickup: null, hot: [], warm: [] });
    expect(context.text).toContain("No session logged today or yesterday");
  });
});
