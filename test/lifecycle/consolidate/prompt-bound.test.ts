/**
 * Issue 31: consolidation against the prompt-bound stand-in model, which answers only with
 * text the prompt showed. Every op it proposes must be accepted: the prompt shows what each
 * op needs (the session text a created note is made of, the inbox notes it decides).
 */
import { describe, expect, it } from "vitest";
import { promptBoundLlm } from "../../../src/testing/prompt-bound-llm.js";
import { sentencesOf } from "../../../src/model/markdown/sentences.js";
import { freshWorld, memoryOver } from "../../torture/world.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("consolidation with the prompt-bound model", () => {
  it("creates a note from the session text it was shown and decides every inbox note it saw", async () => {
    const world = await freshWorld();
    const llm = promptBoundLlm();
    const memory = memoryOver(world.persistence, world.git, llm);
    const report = okOf(await memory.consolidate());
    expect(llm.calls).toHaveLength(1);
    const prompt = llm.calls[0]?.request.prompt ?? "";
    expect(report.created.length).toBeGreaterThan(0);
    for (const id of report.created) {
      const note = okOf(await memory.read(id));
      // Every sentence of the new note is one the prompt showed: nothing was made up.
      for (const sentence of sentencesOf(note.body)) expect(prompt).toContain(sentence);
    }
    expect(okOf(await memory.list({ status: "inbox" })).length).toBeGreaterThan(0);
  });
});
