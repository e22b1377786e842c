/**
 * The readers over the researched transcript fixtures (test/fixtures/transcripts, sources in
 * its SOURCES.md): every prompt and reply of each `*.expected.json` appears, in order, under
 * its tag; injected text, compaction summaries and foreign summaries are labelled or dropped;
 * and at a 24 KB share the first prompt survives even when the session is far larger.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { memfs } from "memfs";
import { describe, expect, it } from "vitest";
import { fileSessionReader } from "../../../src/adapters/session-readers/session-file-reader.js";
import { jsonlSessionReader } from "../../../src/adapters/session-readers/session-jsonl-reader.js";
import type { SessionReader } from "../../../src/ports/session-reader.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { entryFor } from "./reader-helpers.js";

const ROOT = join(import.meta.dirname, "../../fixtures/transcripts");

interface Expected {
  readonly turns: readonly { role: string; text: string; label?: string }[];
}

interface Fixture {
  /** Path under test/fixtures/transcripts. */
  readonly path: string;
  readonly method: "jsonl" | "file";
  /** The tag each expected role renders under. */
  readonly tags?: Readonly<Record<string, string>>;
  /** A line (or document change) that adds one long reply, for the big-session test. */
  readonly pad: (content: string, index: number) => string;
}

const long = (index: number) =>
  `padding reply ${index}: ${"the build is green again. ".repeat(120)}`;
const line = (value: unknown) => `${JSON.stringify(value)}\n`;

const FIXTURES: readonly Fixture[] = [
  {
    path: "claude-code/7d3c9a1e-5b2f-4c8d-9e0a-1f2b3c4d5e6f.jsonl",
    method: "jsonl",
    pad: (content, index) =>
      content +
      line({
        parentUuid: null,
        isSidechain: false,
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: long(index) }] },
        uuid: `pad-${index}`,
      }),
  },
  {
    path: "claude-code/7d3c9a1e-5b2f-4c8d-9e0a-1f2b3c4d5e6f/subagents/agent-b71c2d9e.jsonl",
    method: "jsonl",
    tags: { "subagent-prompt": "[subagent prompt]", assistant: "[subagent assistant]" },
    pad: (content, index) =>
      content +
      line({
        isSidechain: true,
        type: "assistant",
        message: { role: "assistant", content: [{ type: "text", text: long(index) }] },
        uuid: `pad-${index}`,
      }),
  },
  {
    path: "codex/rollout-2026-05-06T14-03-11-019a9e2c-6b1d-7f30-9c4e-2d8a5b7f1e03.jsonl",
    method: "jsonl",
    pad: (content, index) =>
      content +
      line({
        type: "response_item",
        payload: {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: long(index) }],
        },
      }),
  },
  {
    path: "codex-exec/exec-events.jsonl",
    method: "jsonl",
    pad: (content, index) =>
      content +
      line({
        type: "item.completed",
        item: { id: `pad_${index}`, type: "agent_message", text: long(index) },
      }),
  },
  {
    path: "cursor/c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f/c2d4e6f8-1a3b-4c5d-8e7f-9a0b1c2d3e4f.jsonl",
    method: "jsonl",
    pad: (content, index) =>
      content +
      line({ role: "assistant", message: { content: [{ type: "text", text: long(index) }] } }),
  },
  {
    path: "gemini/session-2026-05-02T10-15-5a1f2b3c.jsonl",
    method: "jsonl",
    pad: (content, index) =>
      content + line({ id: `pad-${index}`, type: "gemini", content: long(index) }),
  },
  {
    path: "gemini/session-2025-12-03T06-35-9e8d7c6b.json",
    method: "jsonl",
    pad: (content, index) => {
      const document = JSON.parse(content) as { messages: unknown[] };
      document.messages.push({ id: `pad-${index}`, type: "gemini", content: long(index) });
      return JSON.stringify(document, null, 2);
    },
  },
  {
    path: "pi/--home-dev-weather-app--/2026-05-07T08-00-00-000Z_019e1a2b-3c4d-7e5f-8a6b-7c8d9e0f1a2b.jsonl",
    method: "jsonl",
    pad: (content, index) => {
      const lastId = /"id":"([^"]+)"[^\n]*\n?$/.exec(content)?.[1] ?? "";
      return (
        content +
        line({
          type: "message",
          id: `pad${index}`,
          parentId: lastId,
          message: { role: "assistant", content: [{ type: "text", text: long(index) }] },
        })
      );
    },
  },
  {
    path: "amp/T-019e2b3c-4d5e-7f60-8a7b-9c0d1e2f3a4b.md",
    method: "file",
    pad: (content, index) => `${content}\n## Assistant\n\n${long(index)}\n`,
  },
];

const source = (path: string) => readFileSync(join(ROOT, path), "utf8");
const expected = (path: string): Expected =>
  JSON.parse(source(path.replace(/\.(jsonl|json|md)$/, ".expected.json"))) as Expected;

function readerFor(fixture: Fixture, fs: ReturnType<typeof memfs>["fs"]): SessionReader {
  return fixture.method === "file" ? fileSessionReader({ fs }) : jsonlSessionReader({ fs });
}

async function render(fixture: Fixture, content: string, budgetBytes: number) {
  const path = `/t/${fixture.path.split("/").at(-1) ?? "x"}`;
  const { fs } = memfs({ [path]: content });
  return readerFor(fixture, fs).read(entryFor(fixture.method, { sessionPath: path }), {
    budgetBytes,
  });
}

/** `[tag] text` for an expected turn. */
function tagged(fixture: Fixture, turn: Expected["turns"][number]): string {
  const tag = fixture.tags?.[turn.role] ?? `[${turn.role}]`;
  return `${tag} ${turn.label ?? turn.text}`;
}

describe("the readers over the published transcript shapes", () => {
  for (const fixture of FIXTURES) {
    it(`renders every prompt and reply of ${fixture.path} in order under its tag`, async () => {
      const session = okOf(await render(fixture, source(fixture.path), 64 * 1024));
      let at = -1;
      for (const turn of expected(fixture.path).turns) {
        const found = session.text.indexOf(tagged(fixture, turn), at + 1);
        expect({ turn: tagged(fixture, turn), found: found > at }).toEqual({
          turn: tagged(fixture, turn),
          found: true,
        });
        at = found;
      }
      // Nothing image-like is inlined.
      expect(session.text).not.toContain("iVBORw0KGgo");
    });

    it(`keeps the first prompt of ${fixture.path} at a 24 KB share when the session is 1 MB`, async () => {
      let content = source(fixture.path);
      for (let index = 0; Buffer.byteLength(content) < 1024 * 1024; index++) {
        content = fixture.pad(content, index);
      }
      const session = okOf(await render(fixture, content, 24 * 1024));
      expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(24 * 1024);
      expect(session.truncated).toBe(true);
      expect(session.text.match(/\[… truncated/g)).toHaveLength(1);
      expect(session.text).toMatch(/padding reply \d+: the build/);
      const first = expected(fixture.path).turns[0];
      // codex exec streams hold no prompt (it was the command's argument): nothing to keep.
      const prompt =
        first === undefined || first.role === "assistant" ? "" : tagged(fixture, first);
      expect(session.text.startsWith(prompt)).toBe(true);
    });
  }
});

const readJsonl = (path: string) =>
  jsonlSessionReader().read(entryFor("jsonl", { sessionPath: join(ROOT, path) }), {
    budgetBytes: 8192,
  });

describe("what the readers label or drop", () => {
  const claude = FIXTURES[0];
  const codex = FIXTURES[2];

  it("Claude Code: queued prompts once, compaction summary as [summary], foreign summaries dropped, subagents marked, images as (image)", async () => {
    if (claude === undefined) throw new Error("fixture list changed");
    const { text } = okOf(await render(claude, source(claude.path), 64 * 1024));
    expect(text.match(/\[user\] also check the weekly view/g)).toHaveLength(1);
    expect(text.match(/\[user\] run the tests too/g)).toHaveLength(1);
    expect(text).toContain(
      "[summary] This session is being continued from a previous conversation",
    );
    expect(text).not.toContain("[user] This session is being continued");
    expect(text).toContain("[title] Hourly chart shows 25 bars on DST change day");
    expect(text).not.toContain("Stream the CSV exporter");
    expect(text).toContain("[subagent prompt] Search src/chart");
    expect(text).toContain("[subagent assistant] Only src/chart/weekly.ts:31");
    expect(text).toContain("[tool result] (image)\n");
    expect(text).not.toMatch(/Caveat|<command-name>|local-command-stdout|Probably the buckets/);
  });

  it("Codex: injected blocks dropped per block, exec output without its header, polls condensed, image-only message kept", async () => {
    if (codex === undefined) throw new Error("fixture list changed");
    const { text } = okOf(await render(codex, source(codex.path), 64 * 1024));
    expect(text).not.toMatch(
      /AGENTS\.md|environment_context|permissions instructions|INSTRUCTIONS/,
    );
    expect(text).not.toMatch(/Chunk ID|Wall time|Original token count|Output:/);
    expect(text).not.toContain('"session_id"');
    expect(text).toContain("[tool result] running (session 51234): RUN v4.0.3");
    expect(text).toContain("[tool result] session 51234, exit 1: FAIL src/chart/weekly.test.ts");
    expect(text).toContain("[user] (image)\n");
  });

  it("refuses the Gemini checkpoint and logs.json, and an Amp export given to the jsonl reader, saying what they are", async () => {
    expect(errOf(await readJsonl("gemini/checkpoint-dst-fix.json")).message).toMatch(
      /Gemini CLI checkpoint/,
    );
    expect(errOf(await readJsonl("gemini/logs.json")).message).toMatch(/Gemini CLI logs\.json/);
    expect(errOf(await readJsonl("amp/T-019e2b3c-4d5e-7f60-8a7b-9c0d1e2f3a4b.md")).message).toMatch(
      /an Amp thread export \(markdown\); read it with the "file" retrieval method/,
    );
  });
});
