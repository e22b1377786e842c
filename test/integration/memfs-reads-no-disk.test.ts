/**
 * A memory built on memfs never touches the real disk unless its host gives it a reader that
 * does (issue 11, item 5): consolidation's session readers are the host's choice, and
 * inMemoryPorts brings readers over its own memfs. A transcript that exists only on the real
 * disk stays unread (and its entry pending); the same path on the memfs volume is read.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../src/adapters/in-memory/in-memory.js";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { createMemory } from "../../src/memory.js";
import { okOf } from "../helpers/result-helpers.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "am-disk-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const TRANSCRIPT = "[user] the secret plan lives only on the real disk\n";

describe("a memory on memfs and the real disk", () => {
  it("does not read a transcript that exists only on the real disk", async () => {
    const path = join(dir, "session.md");
    await writeFile(path, TRANSCRIPT);
    const prompts: string[] = [];
    const llm = llmFromFunction(({ prompt }) => {
      prompts.push(prompt);
      return JSON.stringify({ notes: [], inbox: [] });
    });
    const ports = okOf(await inMemoryPorts());
    const memory = createMemory({ ...ports, llm });
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "file", sessionPath: path },
      }),
    );
    const report = okOf(await memory.consolidate());
    expect(prompts.join("\n")).not.toContain("secret plan");
    expect(report.unreadable.map((entry) => entry.reason).join(" ")).toMatch(/does not exist/);
    expect(okOf(await memory.journal.pending())).toHaveLength(1);
  });

  it("reads the same path from its own memfs volume", async () => {
    const ports = okOf(await inMemoryPorts());
    const path = "/transcripts/session.md";
    await ports.fs.promises.mkdir("/transcripts", { recursive: true });
    await ports.fs.promises.writeFile(path, TRANSCRIPT);
    const prompts: string[] = [];
    const llm = llmFromFunction(({ prompt }) => {
      prompts.push(prompt);
      return JSON.stringify({ notes: [], inbox: [] });
    });
    const memory = createMemory({ ...ports, llm });
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "file", sessionPath: path },
      }),
    );
    okOf(await memory.consolidate());
    expect(prompts.join("\n")).toContain("secret plan");
  });
});
