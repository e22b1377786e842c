import { type } from "arktype";
import { describe, expect, it } from "vitest";
import {
  serializeJournalEntry,
  type JournalEntry,
} from "../../../src/model/records/journal-entry.js";
import { journalEntrySchema } from "../../../src/lifecycle/journal/journal-entry-schema.js";
import {
  inferRetrievalMethod,
  journalEntryFromFlags,
} from "../../../src/lifecycle/journal/journal-flags.js";
import {
  isJournalId,
  journalIdOf,
  sortableTimestamp,
} from "../../../src/lifecycle/journal/journal-paths.js";

const valid: JournalEntry = {
  version: 1,
  timestamp: "2026-02-13T09:30:00.000Z",
  harness: "amp",
  retrieval: { method: "amp-thread", threadId: "T-019c545f-cffb" },
  context: { cwd: "/home/me/project", repo: "github.com/me/project" },
  note: "the flaky test was a timezone bug",
};

const summaryOf = (input: unknown): string => {
  const checked = journalEntrySchema(input);
  return checked instanceof type.errors ? checked.summary : "valid";
};

describe("the journal entry schema", () => {
  it("accepts a full version-1 entry and any harness or method name", () => {
    expect(summaryOf(valid)).toBe("valid");
    expect(
      summaryOf({ ...valid, harness: "my-harness", retrieval: { method: "slack-thread" } }),
    ).toBe("valid");
    const { note: _note, ...withoutNote } = valid;
    expect(summaryOf({ ...withoutNote, context: {} })).toBe("valid");
    expect(summaryOf({ ...valid, retrieval: { method: "constructor" } })).toBe("valid");
  });

  it.each([
    [{ ...valid, version: 2 }, /version must be 1/],
    [{ ...valid, timestamp: "yesterday" }, /timestamp/],
    [{ ...valid, harness: "" }, /harness/],
    [{ ...valid, retrieval: {} }, /method/],
    [
      { ...valid, retrieval: { method: "file" } },
      /sessionPath must be set for retrieval method "file"/,
    ],
    [{ ...valid, retrieval: { method: "amp-thread" } }, /threadId must be set/],
    [{ ...valid, context: undefined }, /context/],
    [{ ...valid, note: "x".repeat(10_001) }, /note/],
    ["a string", /object/],
  ])("refuses malformed entry %#", (input, message) => {
    expect(summaryOf(input)).toMatch(message);
  });

  it("drops undeclared keys and serialises in one canonical order", () => {
    const shuffled = {
      note: valid.note,
      context: { repo: "github.com/me/project", cwd: "/home/me/project", extra: 1 },
      retrieval: { threadId: "T-019c545f-cffb", method: "amp-thread" },
      harness: "amp",
      timestamp: valid.timestamp,
      version: 1,
      unknown: true,
    };
    const checked = journalEntrySchema(shuffled);
    if (checked instanceof type.errors) throw new Error(checked.summary);
    expect(serializeJournalEntry(checked)).toBe(serializeJournalEntry(valid));
    expect(serializeJournalEntry(checked)).not.toMatch(/unknown|extra/);
  });
});

describe("journal file names", () => {
  it("sort chronologically as text and contain no colon", () => {
    const times = [
      Date.UTC(2026, 0, 2),
      Date.UTC(2025, 11, 31, 23, 59, 59, 999),
      Date.UTC(2026, 0, 1, 9),
    ];
    const names = times.map((time) => sortableTimestamp(time) ?? "");
    expect(names.every((name) => !name.includes(":"))).toBe(true);
    expect(names.toSorted()).toEqual(
      times.toSorted((a, b) => a - b).map((t) => sortableTimestamp(t)),
    );
    expect(sortableTimestamp(Date.UTC(10_000, 0, 1))).toBeUndefined();
  });

  it("keep ids inside their folder", () => {
    expect(isJournalId("2026-02-13T09-30-00.000Z-3f9a0c1e5b7d2a64")).toBe(true);
    expect(isJournalId("../index")).toBe(false);
    expect(isJournalId(".hidden")).toBe(false);
    expect(journalIdOf("journal/pending/a.json", "pending")).toBe("a");
    expect(journalIdOf("journal/pending/.gitkeep", "pending")).toBeUndefined();
    expect(journalIdOf("journal/pending/sub/a.json", "pending")).toBeUndefined();
  });
});

describe("the CLI flags of journal add", () => {
  it("map one to one onto an entry, inferring the retrieval method", () => {
    expect(
      journalEntryFromFlags({
        harness: "amp",
        thread: "T-xxx",
        cwd: "/p",
        repo: "owner/name",
        note: "n",
      }),
    ).toEqual({
      harness: "amp",
      retrieval: { method: "amp-thread", threadId: "T-xxx" },
      context: { cwd: "/p", repo: "owner/name" },
      note: "n",
    });
    expect(inferRetrievalMethod({ harness: "claude-code", session: "/s/a.jsonl" })).toBe("jsonl");
    expect(inferRetrievalMethod({ harness: "manual", session: "/s/notes.md" })).toBe("file");
    expect(inferRetrievalMethod({ harness: "gemini", session: "/s/session-2025.json" })).toBe(
      "jsonl",
    );
    expect(inferRetrievalMethod({ harness: "other", thread: "x" })).toBe("command");
    expect(inferRetrievalMethod({ harness: "manual" })).toBe("none");
    expect(inferRetrievalMethod({ harness: "constructor", thread: "x" })).toBe("command");
    expect(inferRetrievalMethod({ harness: "amp", thread: "T", method: "command" })).toBe(
      "command",
    );
  });
});
