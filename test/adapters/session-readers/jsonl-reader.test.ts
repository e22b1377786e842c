import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { memfs } from "memfs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonlSessionReader } from "../../../src/adapters/session-readers/session-jsonl-reader.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { countingFs, entryFor, FIXTURES, writeLargeFile } from "./reader-helpers.js";

const read = async (path: string, budgetBytes = 64 * 1024, fs = memfs().fs) =>
  jsonlSessionReader(path.startsWith("/t/") ? { fs } : {}).read(
    entryFor("jsonl", { sessionPath: path }),
    {
      budgetBytes,
    },
  );

const jsonl = (...lines: unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n") + "\n";

describe("the jsonl session reader", () => {
  it("reads a Claude Code session: text kept, tools on one line, thinking and bookkeeping dropped", async () => {
    const session = okOf(await read(join(FIXTURES, "claude-code-session.jsonl")));
    // The summary line's leafUuid is no line of this file: another session's title, dropped.
    // The prompt queued while the agent worked, never dequeued before the file ends, is kept.
    expect(session.text).toBe(
      [
        "[user] The forecast date test fails on CI but passes locally. Can you find out why?",
        "[assistant] Let me run the test with the CI time zone.",
        "[tool] Bash: TZ=UTC npm test -- src/forecast/date.test.ts",
        '[tool result] error: FAIL src/forecast/date.test.ts ✕ labels tomorrow (12 ms) Expected: "Fri 17 Apr" Received: "Thu 16 Apr"',
        "[assistant] It fails in UTC: `formatDay` uses `getDate()` (local time) on a UTC timestamp. I'll switch it to `getUTCDate()`.",
        "[tool] Edit: /home/dev/weather-app/src/forecast/date.ts",
        "[tool result] The file /home/dev/weather-app/src/forecast/date.ts has been updated.",
        "[assistant] Fixed: the test passes in UTC and in UTC+2. The bug was local-time date math on UTC timestamps.",
        "[user] also check the hourly chart",
        "",
      ].join("\n"),
    );
    expect(session.text).not.toMatch(/Caveat|UTC\+2\. Probably|queue|turn_duration|Fix the flaky/);
    expect(session).toMatchObject({ truncated: false, omittedBytes: 0, warnings: [] });
  });

  it("reads a Codex rollout: injected context, reasoning and UI events dropped", async () => {
    const session = okOf(await read(join(FIXTURES, "codex-rollout.jsonl")));
    const lines = session.text.trimEnd().split("\n");
    expect(lines).toEqual([
      "[summary] Earlier in this session: upgraded vitest to v4 and fixed two type errors in src/api.",
      "[user] The hourly chart shows 25 bars on the day clocks change. Fix it.",
      '[tool] shell: bash -lc rg -n "setHours" src/chart',
      "[tool result] exit 0: src/chart/hourly.ts:14: slot.setHours(slot.getHours() + 1);",
      expect.stringMatching(
        /^\[tool\] apply_patch: \*\*\* Begin Patch \*\*\* Update File: src\/chart\/hourly\.ts/,
      ),
      "[tool result] exit 0: Success. Updated the following files: M src/chart/hourly.ts",
      "[tool] shell: npm test -- src/chart",
      "[tool result] Test Files 3 passed (3) Tests 21 passed (21)",
      "[assistant] Fixed: hourly slots now step by 60 minutes of elapsed time, so a DST day has 23 or 25 real hours but the chart labels stay correct.",
    ]);
    expect(session.text).not.toMatch(/environment_context|Inspecting|token_count/);
  });

  it("reads plain chat messages and legacy bare Codex items, tolerating unknown lines", async () => {
    const { fs } = memfs({
      "/t/chat.jsonl": jsonl(
        { role: "user", content: "hello" },
        { type: "brand-new-line-type", data: 1 },
        {
          type: "message",
          role: "assistant",
          content: [{ type: "output_text", text: "hi there" }],
        },
        [1, 2, 3],
        { role: "system", content: "be terse" },
      ),
    });
    const session = okOf(await read("/t/chat.jsonl", 4096, fs));
    expect(session.text).toBe("[user] hello\n[assistant] hi there\n");
    expect(session.warnings).toEqual([]);
  });

  it("skips lines that are not JSON and counts them; a file with no JSON at all is an error", async () => {
    const { fs } = memfs({
      "/t/mixed.jsonl": `${jsonl({ role: "user", content: "kept" })}{"truncated":\nnot json either\n`,
      "/t/prose.jsonl": "this is\nplain prose\n",
    });
    const session = okOf(await read("/t/mixed.jsonl", 4096, fs));
    expect(session.text).toBe("[user] kept\n");
    expect(session.warnings).toEqual(["2 lines were not JSON and were skipped"]);
    const error = errOf(await read("/t/prose.jsonl", 4096, fs));
    expect(error.code).toBe("SESSION_READ");
    expect(error.message).toMatch(/not JSON Lines/);
  });

  it("marks invalid UTF-8, refuses binary content and reports a missing file", async () => {
    const bad = Buffer.concat([
      Buffer.from('{"role":"user","content":"caf'),
      Buffer.from([0xe9]),
      Buffer.from('"}\n'),
    ]);
    const { fs } = memfs({
      "/t/latin1.jsonl": bad,
      "/t/binary.jsonl": Buffer.from([0x7b, 0, 0x7d, 0x0a]),
    });
    const session = okOf(await read("/t/latin1.jsonl", 4096, fs));
    expect(session.text).toBe("[user] caf\uFFFD\n");
    expect(session.warnings.join()).toMatch(/not valid UTF-8/);
    expect(errOf(await read("/t/binary.jsonl", 4096, fs)).message).toMatch(/looks binary/);
    expect(errOf(await read("/t/missing.jsonl", 4096, fs)).code).toBe("NOT_FOUND");
  });

  it("keeps the first prompt and the newest whole messages within the budget, with one notice where the cut is", async () => {
    const lines = Array.from({ length: 40 }, (_, index) => ({
      role: "user",
      content: `message ${index} `.repeat(5),
    }));
    const text = jsonl(...lines);
    const { fs } = memfs({ "/t/long.jsonl": text });
    const session = okOf(await read("/t/long.jsonl", 600, fs));
    expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(600);
    expect(session.truncated).toBe(true);
    expect(session.text).toMatch(
      /^\[user\] (message 0 ){4}message 0\n\n\[… truncated: .* were left out after the first prompt; the newest part follows …\]\n\n\[user\] message \d+ /,
    );
    expect(session.text.match(/truncated/g)).toHaveLength(1);
    expect(
      session.text.endsWith("[user] message 39 message 39 message 39 message 39 message 39\n"),
    ).toBe(true);
    // omittedBytes: the source between the end of the first prompt and the newest part kept.
    const firstKept = /\[user\] message ([1-9]\d*) /.exec(session.text)?.[1];
    const offset = text.indexOf(JSON.stringify(lines[Number(firstKept)]));
    const firstEnd = text.indexOf("\n") + 1;
    expect(session.omittedBytes).toBe(offset - firstEnd);
  });

  it("widens its window when the tail renders small (mostly tool output)", async () => {
    const toolOutput = {
      type: "user",
      message: { role: "user", content: [{ type: "tool_result", content: "x".repeat(10_000) }] },
    };
    const lines: unknown[] = [
      { type: "user", message: { role: "user", content: "the original request" } },
    ];
    for (let index = 0; index < 200; index++) lines.push(toolOutput);
    const { fs } = memfs({ "/t/tools.jsonl": jsonl(...lines) });
    const session = okOf(await read("/t/tools.jsonl", 64 * 1024, fs));
    expect(session.text.startsWith("[user] the original request\n")).toBe(true);
    expect(session.truncated).toBe(false);
  });

  describe("on a 200 MB transcript", () => {
    let dir: string;
    let big: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), "agent-memory-jsonl-reader-"));
      big = join(dir, "huge.jsonl");
      writeLargeFile(
        big,
        `${JSON.stringify({ role: "assistant", content: "a long answer, again" })}\n`,
        200,
      );
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it("reads a tail window, not the file", async () => {
      const { fs, bytesRead } = countingFs();
      const session = okOf(
        await jsonlSessionReader({ fs }).read(entryFor("jsonl", { sessionPath: big }), {
          budgetBytes: 32_768,
        }),
      );
      expect(bytesRead()).toBeLessThanOrEqual(1024 * 1024);
      expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(32_768);
      expect(session.truncated).toBe(true);
      expect(session.text).toMatch(/\[assistant\] a long answer, again\n$/);
    });
  });
});
