import { appendFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mergeLogEnd, mergesSince, recordMerges } from "../../../src/adapters/git-cli/merge-log.js";

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("the clone's record of merges by meaning", () => {
  it("reads back what was recorded after a mark, skipping a torn line", async () => {
    dir = await mkdtemp(join(tmpdir(), "merge-log-"));
    await mkdir(join(dir, ".agent-memory"));
    const note = {
      path: "topics/a id__Ab3xYz.md",
      kind: "note",
      marked: 1,
      decisions: ["x"],
    } as const;
    expect(await recordMerges(dir, [note])).toBe(true);
    const mark = await mergeLogEnd(dir);
    await appendFile(join(dir, ".agent-memory", "merged.jsonl"), '{"path": "torn');
    await appendFile(join(dir, ".agent-memory", "merged.jsonl"), "\n");
    const index = { path: "index.md", kind: "index", marked: 0, decisions: [] } as const;
    expect(await recordMerges(dir, [index])).toBe(true);
    expect(await mergesSince(dir, mark)).toEqual([index]);
    expect(await mergesSince(dir, 0)).toEqual([note, index]);
  });

  it("writes nothing where the memory's private folder does not exist", async () => {
    dir = await mkdtemp(join(tmpdir(), "merge-log-"));
    const index = { path: "index.md", kind: "index", marked: 0, decisions: [] } as const;
    expect(await recordMerges(dir, [index])).toBe(false);
    expect(await readdir(dir)).toEqual([]);
    expect(await mergesSince(dir, 0)).toEqual([]);
    expect(await mergeLogEnd(dir)).toBe(0);
  });
});
