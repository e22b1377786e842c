/**
 * Session text passes the secret scrubber on its way to the model (issue 28); on the readers'
 * transcript fixtures (shapes of real harness files, see their SOURCES.md) it changes no byte.
 * bench/session-scrub.bench.ts prints the same figure, and LoCoMo's, with the scrubber's cost.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { scrubSecrets } from "../../../src/lifecycle/secret-scrubber.js";

const FIXTURES = resolve(import.meta.dirname, "../../fixtures");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe("the scrubber over real transcripts", () => {
  it("changes none of the readers' fixture transcripts", () => {
    const transcripts = ["transcripts", "sessions", "hooks"]
      .flatMap((folder) => files(join(FIXTURES, folder)))
      .filter((path) => /\.(jsonl|json|md|txt)$/.test(path))
      .filter((path) => !path.endsWith(".expected.json") && !path.endsWith("SOURCES.md"));
    expect(transcripts.length).toBeGreaterThan(20);
    const changed = transcripts.filter((path) => {
      const text = readFileSync(path, "utf8");
      return scrubSecrets(text).text !== text;
    });
    expect(changed).toEqual([]);
  });
});
