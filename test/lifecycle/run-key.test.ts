/**
 * The ids a consolidation or defrag run plans: drawn by the model's generator from a digest
 * of the run's seed, so a re-run makes the same ones, at the width new ids have.
 */
import { describe, expect, it } from "vitest";
import { plannedId } from "../../src/lifecycle/run-key.js";
import { ID_BODY_LENGTH, ID_PREFIX, isValidId } from "../../src/model/id.js";

describe("plannedId", () => {
  it("makes the ids the run's own base62 loop made before it used the model's generator", () => {
    // Pinned from that loop (first digest bytes below 248, each mod 62): a run saved by an
    // earlier version and resumed by this one writes the notes under the ids it planned.
    expect(plannedId("a1b2c3d4e5f6a7b8:Xy12Ab34Cd56", "deploys")).toBe("id__nD8XHf");
    expect(plannedId("a1b2c3d4e5f6a7b8:Xy12Ab34Cd56", "deploys", 1)).toBe("id__89GNbx");
    expect(plannedId("a1b2c3d4e5f6a7b8", "conflict:id__Kf9mNp")).toBe("id__USv53R");
    expect(plannedId("r", "split:id__Kf9mNp#2")).toBe("id__tD5qjy");
  });

  it("is a valid id of the current width, the same for the same seed, key and attempt", () => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const id = plannedId("seed", "key", attempt);
      expect(isValidId(id)).toBe(true);
      expect(id.length).toBe(ID_PREFIX.length + ID_BODY_LENGTH);
      expect(plannedId("seed", "key", attempt)).toBe(id);
    }
    expect(plannedId("seed", "key", 0)).not.toBe(plannedId("seed", "key", 1));
  });
});
