/** A merge never leaves the target linking to itself (issue 15). */
import { describe, expect, it } from "vitest";
import { extractLinks } from "../../../src/model/links.js";
import { freshMemory, sequentialIds } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

describe("merge and self-links", () => {
  it("turns the links between the merged notes into their words, and keeps every sentence", async () => {
    const { memory } = await freshMemory({ generateId: sequentialIds("M") });
    const target = okOf(
      await memory.capture(
        { title: "Deploys", body: "We deploy on Fridays." },
        { status: "active" },
      ),
    );
    const source = okOf(
      await memory.capture(
        { title: "Release branch", body: `Cut from main, see [[${target.id}|the deploy note]].` },
        { status: "active" },
      ),
    );
    okOf(
      await memory.update(target.id, {
        body: `We deploy on Fridays, from the [[${source.id}|release branch]].`,
      }),
    );
    okOf(await memory.merge([source.id], target.id));
    const merged = okOf(await memory.read(target.id));
    expect(extractLinks(merged.body).filter((link) => link.id === target.id)).toEqual([]);
    expect(merged.body).toContain("We deploy on Fridays, from the release branch.");
    expect(merged.body).toContain("Cut from main, see the deploy note.");
    // A second run (a merge that stopped midway) adds nothing twice.
    const again = await memory.merge([source.id], target.id);
    expect(again.isErr() || okOf(await memory.read(target.id)).body === merged.body).toBe(true);
  });
});
