import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nearDuplicates } from "../../../src/notes/analysis/near-duplicates.js";
import { rowsPerBand } from "../../../src/notes/analysis/minhash.js";
import { jaccard, shingleSet, wordHashes } from "../../../src/notes/analysis/shingles.js";
import { arbitraryText, testId } from "./analysis-helpers.js";

const DEPLOYS =
  "Deploys of the console app go out every Tuesday after the design review. The release train is cut from main at noon, and the staging environment gets the build first. If the smoke tests pass, the on-call engineer promotes the build to production. Rollbacks use the previous tag and never a revert commit. Database migrations run before the deploy and must stay backwards compatible.";
const REWORDED = DEPLOYS.replace(
  "Rollbacks use the previous tag and never a revert commit.",
  "To roll back, redeploy the prior tag instead of reverting commits.",
);
const RELATED =
  "How the console app ships: we release weekly, on Tuesdays. Builds reach staging before production, and whoever is on call promotes them once smoke tests are green. Schema changes have to stay compatible with the version before.";

describe("nearDuplicates", () => {
  it("finds a copy with one reworded sentence, not a note on the same subject", () => {
    const pairs = nearDuplicates([
      { id: "id__Ship00", title: "Shipping the console", body: RELATED },
      { id: "id__Dep002", title: "Console deploys", body: REWORDED },
      { id: "id__Dep001", title: "Console deploys", body: DEPLOYS },
    ]);
    expect(pairs).toEqual([{ a: "id__Dep001", b: "id__Dep002", similarity: 0.679 }]);
  });

  it("scores with the exact shingle Jaccard and honours the threshold", () => {
    const exact = jaccard(shingleSet(`T\n${DEPLOYS}`), shingleSet(`T\n${REWORDED}`));
    const notes = [
      { id: "id__AAAAAA", title: "T", body: DEPLOYS },
      { id: "id__BBBBBB", title: "T", body: REWORDED },
    ];
    expect(nearDuplicates(notes, { threshold: exact })[0]?.similarity).toBe(
      Math.round(exact * 1000) / 1000,
    );
    expect(nearDuplicates(notes, { threshold: exact + 0.01 })).toEqual([]);
  });

  it("ignores case and punctuation, never pairs wordless notes or an id with itself", () => {
    expect(
      nearDuplicates([
        { id: "id__AAAAAA", title: "Tabs", body: "Use TABS, not spaces!" },
        { id: "id__BBBBBB", title: "tabs", body: "use tabs not spaces" },
        { id: "id__CCCCCC", title: "—", body: "" },
        { id: "id__DDDDDD", title: "…", body: "" },
        { id: "id__BBBBBB", title: "tabs", body: "use tabs not spaces" },
      ]),
    ).toEqual([{ a: "id__AAAAAA", b: "id__BBBBBB", similarity: 1 }]);
  });

  it("splits words on anything but letters and digits, in any script, ignoring case", () => {
    const [cafe, cafeUpper, uber, uberLower, nihongo, x] = wordHashes(
      "Café, CAFÉ! Über über 日本語 [[x]]",
    );
    expect(cafe).toBe(cafeUpper);
    expect(uber).toBe(uberLower);
    expect(new Set([cafe, uber, nihongo, x]).size).toBe(4);
    expect(wordHashes("Café, CAFÉ! Über über 日本語 [[x]]")).toHaveLength(6);
    expect(wordHashes("x𝒜y")).toHaveLength(1);
    expect(wordHashes(" -- ")).toEqual([]);
  });

  it("bands for a recall of at least 95% at the threshold", () => {
    for (const threshold of [0.3, 0.5, 0.6, 0.8, 0.9, 1]) {
      const rows = rowsPerBand(threshold);
      expect(1 - (1 - threshold ** rows) ** (128 / rows)).toBeGreaterThanOrEqual(0.95);
    }
  });

  it("lists each unordered pair once, a < b, in the documented order", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryText, { maxLength: 30 }),
        fc.double({ min: 0.1, max: 1, noNaN: true }),
        (texts, threshold) => {
          const pairs = nearDuplicates(
            texts.map((body, i) => ({ id: testId(i), title: "", body })),
            { threshold },
          );
          const keys = pairs.map((pair) => `${pair.a} ${pair.b}`);
          expect(new Set(keys).size).toBe(keys.length);
          for (const pair of pairs) {
            expect(pair.a < pair.b).toBe(true);
            expect(pair.similarity).toBeGreaterThanOrEqual(
              Math.round(threshold * 1000) / 1000 - 0.001,
            );
          }
          const sorted = pairs.toSorted(
            (p, q) =>
              q.similarity - p.similarity || (p.a < q.a ? -1 : p.a > q.a ? 1 : p.b < q.b ? -1 : 1),
          );
          expect(pairs).toEqual(sorted);
        },
      ),
    );
  });

  it("always finds a note copied verbatim, whatever the order", () => {
    fc.assert(
      fc.property(
        fc.array(arbitraryText, { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (texts, pick, threshold) => {
          const source = pick % texts.length;
          const notes = texts.map((body, i) => ({ id: testId(i), title: "Same", body }));
          const copy = { id: "id__Copy00", title: "Same", body: texts[source] ?? "" };
          const pairs = nearDuplicates([copy, ...notes].toReversed(), { threshold });
          expect(pairs).toContainEqual({ a: "id__Copy00", b: testId(source), similarity: 1 });
          expect(nearDuplicates([...notes, copy], { threshold })).toEqual(pairs);
        },
      ),
    );
  });
});
