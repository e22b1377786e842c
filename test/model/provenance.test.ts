/**
 * The source trailers consolidation writes on its commits round-trip through the parser
 * whatever the values hold, survive git's whitespace cleanup, and older commits' `journal:`
 * lines and done records are read too.
 */
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  describeSource,
  formatSourceTrailer,
  journalIdsOfMessage,
  parseSourceTrailers,
  sourceOfDoneRecord,
  type MemorySource,
} from "../../src/model/provenance.js";

const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: undefined });
const value = fc.string({ unit: "binary", maxLength: 40 });
const source: fc.Arbitrary<MemorySource> = fc
  .record({
    kind: fc.constantFrom("journal" as const, "session-log" as const),
    ref: value,
    harness: optional(value),
    session: optional(value),
    date: optional(value),
    transcript: optional(value),
  })
  .map((record) =>
    Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)),
  ) as unknown as fc.Arbitrary<MemorySource>;

/**
 * What `git commit --cleanup=whitespace` does to a message. Git's whitespace is ASCII only
 * (its own isspace): a value ending in U+00A0 or U+3000 keeps it, so `String.prototype.trim`,
 * which strips every Unicode space, is not git's cleanup (fast-check found that, 1 run in
 * about 140,000).
 */
const cleanup = (message: string): string =>
  message
    .split("\n")
    .map((line) => line.replace(/[ \t\r\f\v]+$/, ""))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "");

describe("source trailers", () => {
  it("round-trip any values, one line each, through git's whitespace cleanup", () => {
    fc.assert(
      fc.property(fc.array(source, { maxLength: 5 }), (sources) => {
        const lines = sources.map(formatSourceTrailer);
        for (const line of lines) expect(line).not.toContain("\n");
        const message = cleanup(["memory: consolidate", "", "created: x", ...lines].join("\n"));
        expect(parseSourceTrailers(message)).toEqual(sources);
      }),
      { numRuns: 500 },
    );
  });

  it("reads as a person would write it, and skips lines of another kind", () => {
    const line = formatSourceTrailer({
      kind: "journal",
      ref: "2026-11-27T09-30-00.000Z-3f9a",
      harness: "claude-code",
      session: "3f2a",
      date: "2026-11-27T09:30:00.000Z",
      transcript: "~/.claude/projects/p;q/3f2a.jsonl",
    });
    expect(line).toBe(
      "Memory-Source: journal 2026-11-27T09-30-00.000Z-3f9a; harness claude-code; session 3f2a; date 2026-11-27T09:30:00.000Z; transcript ~/.claude/projects/p%3Bq/3f2a.jsonl",
    );
    expect(
      parseSourceTrailers(
        "x\n\nMemory-Source: webhook 12; harness a\nMemory-Source: journal b; colour red",
      ),
    ).toEqual([{ kind: "journal", ref: "b" }]);
  });

  it("finds the journal line of a consolidation commit made before trailers", () => {
    expect(
      journalIdsOfMessage(
        "memory: consolidate 2 journal entries\n\ncreated: id__AAAAAA\njournal: a1, b-2\nrun: 3f",
      ),
    ).toEqual(["a1", "b-2"]);
    expect(journalIdsOfMessage("memory: capture id__AAAAAA")).toEqual([]);
  });

  it("reads a done record and describes sources on one line", () => {
    const fromDone = sourceOfDoneRecord("a1", {
      version: 1,
      timestamp: "2026-11-27T09:30:00.000Z",
      harness: "amp",
      retrieval: { method: "amp-thread", threadId: "T-1" },
      consolidated: { commit: null },
    });
    expect(fromDone).toEqual({
      kind: "journal",
      ref: "a1",
      harness: "amp",
      session: "T-1",
      date: "2026-11-27T09:30:00.000Z",
    });
    expect(sourceOfDoneRecord("x", ["not", "a", "record"])).toBeUndefined();
    expect(describeSource(fromDone ?? { kind: "journal", ref: "" })).toBe(
      "amp session T-1, 2026-11-27T09:30:00.000Z (journal a1)",
    );
    expect(
      describeSource({
        kind: "session-log",
        ref: "sessions/2026/11/27/agent0.md#2",
        date: "2026-11-27",
      }),
    ).toBe("session log sessions/2026/11/27/agent0.md#2, 2026-11-27");
  });
});

describe("import sources (issue 34)", () => {
  it("an import's trailer names the kind, the source and the record, and reads back", () => {
    const imported = {
      kind: "import" as const,
      ref: "obsidian/my vault",
      record: "journal/imports/obsidian/my-vault.json",
    };
    const line = formatSourceTrailer(imported);
    expect(line).toBe(
      "Memory-Source: import obsidian/my vault; record journal/imports/obsidian/my-vault.json",
    );
    expect(parseSourceTrailers(`memory: import 2 notes\n\n${line}`)).toEqual([imported]);
    expect(describeSource(imported)).toBe(
      "import obsidian/my vault (record journal/imports/obsidian/my-vault.json)",
    );
  });
});
