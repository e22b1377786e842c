/**
 * Consolidation never consumes a session it could not read: a reader's error or an Ok with
 * no text leaves the entry pending with the reason (shown by journal.unreadReasons), and the
 * readers' warnings about sessions they did read reach the report.
 */
import { okAsync } from "neverthrow";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import type { SessionReader } from "../../../src/ports/session-reader.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

const ANSWER = JSON.stringify({
  notes: [{ op: "create", key: "k", title: "A fact", tags: ["t"], body: "b" }],
  inbox: [],
});

const reading = (text: string, warnings: readonly string[] = []): SessionReader => ({
  read: () =>
    okAsync({
      text,
      source: "/s.jsonl",
      truncated: false,
      omittedBytes: 0,
      totalBytes: 99,
      warnings,
    }),
});

describe("consolidating unreadable sessions", () => {
  it("leaves an entry whose reader returned no text pending, with the reason, and passes warnings on", async () => {
    const { memory, persistence } = await freshMemory({
      llm: llmFromFunction(() => ANSWER),
      sessionReaders: {
        blank: reading("  \n"),
        good: reading("[user] fix the build\n", ["2 lines were not JSON and were skipped"]),
      },
    });
    const blank = okOf(
      await memory.journal.add({ harness: "x", retrieval: { method: "blank", sessionPath: "/b" } }),
    );
    const good = okOf(
      await memory.journal.add({ harness: "x", retrieval: { method: "good", sessionPath: "/g" } }),
    );

    const report = okOf(await memory.consolidate());
    expect(report.consumed).toEqual([good.id]);
    expect(report.unreadable).toEqual([
      { id: blank.id, reason: expect.stringMatching(/was read but gave no text/) },
    ]);
    expect(report.warnings).toEqual([
      { id: good.id, warning: "2 lines were not JSON and were skipped" },
    ]);
    expect(okOf(await memory.journal.pending()).map((entry) => entry.id)).toEqual([blank.id]);
    const reasons = okOf(await memory.journal.unreadReasons());
    expect([...reasons.keys()]).toEqual([blank.id]);
    expect(reasons.get(blank.id)?.reason).toMatch(/gave no text/);
    // The reason is derived state: never in the run's commit.
    expect(okOf(await persistence.list(".agent-memory/unread")).map((file) => file.path)).toEqual([
      `.agent-memory/unread/${blank.id}.json`,
    ]);
  });

  it("forgets the reason once the entry is read and consumed; a dry run records nothing", async () => {
    let text = "";
    const { memory } = await freshMemory({
      llm: llmFromFunction(() => ANSWER),
      sessionReaders: { later: { read: (...args) => reading(text).read(...args) } },
    });
    const entry = okOf(
      await memory.journal.add({ harness: "x", retrieval: { method: "later", sessionPath: "/l" } }),
    );
    okOf(await memory.consolidate({ dryRun: true }));
    expect(okOf(await memory.journal.unreadReasons()).size).toBe(0);
    okOf(await memory.consolidate());
    expect(okOf(await memory.journal.unreadReasons()).has(entry.id)).toBe(true);
    text = "[user] now there is a session\n";
    const report = okOf(await memory.consolidate());
    expect(report.consumed).toEqual([entry.id]);
    expect(okOf(await memory.journal.unreadReasons()).size).toBe(0);
  });
});
