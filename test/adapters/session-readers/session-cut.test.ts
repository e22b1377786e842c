import * as fc from "fast-check";
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fitChunks } from "../../../src/adapters/session-readers/session-budget.js";
import {
  fenceLines,
  headOfChunk,
  tailOfChunk,
} from "../../../src/adapters/session-readers/session-cut.js";
import { jsonlSessionReader } from "../../../src/adapters/session-readers/session-jsonl-reader.js";
import { toolLine } from "../../../src/adapters/session-readers/session-line-format.js";
import { okOf } from "../../helpers/result-helpers.js";
import { entryFor } from "./reader-helpers.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("cutting a chunk", () => {
  it("keeps the role tag of a message larger than its share, and starts outside code fences", () => {
    const text = `[assistant] Here is the fix:\n\`\`\`ts\n${"const a = 1;\n".repeat(50)}\`\`\`\nDone, tests pass.\n`;
    const tail = tailOfChunk(text, 200);
    expect(tail.startsWith("[assistant] …")).toBe(true);
    expect(Buffer.byteLength(tail)).toBeLessThanOrEqual(200);
    expect(fenceLines(tail) % 2).toBe(0);
    expect(tail.endsWith("Done, tests pass.\n")).toBe(true);
    const head = headOfChunk(text, 120);
    expect(head.startsWith("[assistant] Here is the fix:")).toBe(true);
    expect(fenceLines(head) % 2).toBe(0);
  });

  it("never splits a character or leaves a fence open, whatever the text and room", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            // Without U+FFFD of its own: a replacement character in the cut then means a cut
            // through a character (CI drew the grapheme "\uFFFD" itself, seed 57806224).
            fc.string({ unit: "grapheme" }).filter((part) => !part.includes("\uFFFD")),
            fc.constant("```"),
            fc.constant("😀"),
          ),
          {
            maxLength: 30,
          },
        ),
        fc.integer({ min: 16, max: 400 }),
        (parts, room) => {
          const text = `[user] ${parts.join("\n")}\n`;
          const balanced = fenceLines(text) % 2 === 0 ? text : `${text}\`\`\`\n`;
          for (const cut of [tailOfChunk(balanced, room), headOfChunk(balanced, room)]) {
            expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(Math.max(room, 0));
            expect(cut).not.toMatch(LONE_SURROGATE);
            expect(cut).not.toContain("\uFFFD");
          }
          expect(fenceLines(tailOfChunk(balanced, room)) % 2).toBe(0);
          expect(fenceLines(headOfChunk(balanced, room)) % 2).toBe(0);
        },
      ),
    );
  });

  it("cuts a one-line tool summary between characters, never through a surrogate pair", () => {
    const line = toolLine("tool result", "", `${"a".repeat(158)}😀 and more`);
    expect(line).not.toMatch(LONE_SURROGATE);
    expect(line).toBe(`[tool result] ${"a".repeat(158)}…\n`);
  });
});

describe("fitting a session", () => {
  it("keeps the first prompt (its start when too long) and the newest part, with one notice", () => {
    const chunks = [
      {
        text: `[user] ${"describe the task ".repeat(200)}\n`,
        offset: 0,
        sourceBytes: 4000,
        prompt: true,
      },
      ...Array.from({ length: 50 }, (_, index) => ({
        text: `[assistant] step ${index}\n`,
        offset: 4000 + index * 100,
        sourceBytes: 100,
      })),
    ];
    const session = fitChunks(chunks, {
      budgetBytes: 1024,
      totalBytes: 9000,
      source: "/s.jsonl",
      warnings: [],
    });
    expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(1024);
    expect(session.text.startsWith("[user] describe the task")).toBe(true);
    expect(session.text.match(/truncated/g)).toHaveLength(1);
    expect(session.text.endsWith("[assistant] step 49\n")).toBe(true);
  });
});

describe("Claude Code queue operations", () => {
  it("renders a prompt the user took back (popAll) nowhere, and one never dequeued once", async () => {
    const lines = [
      { type: "user", message: { role: "user", content: "start" }, uuid: "u1" },
      { type: "queue-operation", operation: "enqueue", content: "never mind this" },
      { type: "queue-operation", operation: "popAll" },
      {
        type: "queue-operation",
        operation: "enqueue",
        content: [{ type: "text", text: "and the docs" }],
      },
      {
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: "ok" }] },
        uuid: "a1",
      },
    ];
    const { fs } = memfs({ "/t/q.jsonl": lines.map((line) => JSON.stringify(line)).join("\n") });
    const session = okOf(
      await jsonlSessionReader({ fs }).read(entryFor("jsonl", { sessionPath: "/t/q.jsonl" }), {
        budgetBytes: 4096,
      }),
    );
    expect(session.text).toBe("[user] start\n[user] and the docs\n[assistant] ok\n");
  });
});
