import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  commandArgs,
  commandSessionReader,
} from "../../../src/adapters/session-readers/session-command-reader.js";
import { readSession } from "../../../src/lifecycle/sessions/read-session.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";
import { entryFor, FIXTURES } from "./reader-helpers.js";

const script = (name: string) => join(FIXTURES, name);
const thread = entryFor("command", { threadId: "T-019c545f" });

describe("the command session reader", () => {
  it("runs the command with the thread id appended and returns what it printed", async () => {
    const reader = commandSessionReader({
      command: process.execPath,
      args: [script("print-thread.mjs")],
      timeoutMs: 10_000,
    });
    const session = okOf(await reader.read(thread, { budgetBytes: 4096 }));
    expect(session.text).toBe(
      "# Thread T-019c545f\n\n## User\n\nturn 1: please check the hourly chart\n\n## Assistant\n\nturn 1: the chart is fine\n\n",
    );
    expect(session).toMatchObject({ truncated: false, omittedBytes: 0, warnings: [] });
    expect(session.source).toMatch(/print-thread\.mjs T-019c545f"$/);
  });

  it("fills a {threadId} placeholder instead of appending, with no shell in between", async () => {
    const reader = commandSessionReader({
      command: process.execPath,
      args: [script("print-thread.mjs"), "{threadId}", "--repeat", "2"],
      timeoutMs: 10_000,
    });
    const hostile = entryFor("command", { threadId: "T-1; rm -rf / $(whoami)" });
    const session = okOf(await reader.read(hostile, { budgetBytes: 4096 }));
    expect(session.text.startsWith("# Thread T-1; rm -rf / $(whoami)\n")).toBe(true);
    expect(session.text).toMatch(/turn 2: the chart is fine/);
  });

  it("renders an Amp thread it printed by section, keeping the first prompt when cut", async () => {
    const amp = join(FIXTURES, "../transcripts/amp/T-019e2b3c-4d5e-7f60-8a7b-9c0d1e2f3a4b.md");
    const print = `const t = require("node:fs").readFileSync(${JSON.stringify(amp)}, "utf8"); process.stdout.write(t + "\\n## Assistant\\n\\nmore work\\n".repeat(3000));`;
    const reader = commandSessionReader({
      command: process.execPath,
      args: ["-e", print, "{threadId}"],
      timeoutMs: 10_000,
    });
    const session = okOf(await reader.read(thread, { budgetBytes: 2048 }));
    expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(2048);
    expect(session.text.startsWith("[user] @src/chart/hourly.ts shows 25 bars")).toBe(true);
    expect(session.text.match(/truncated/g)).toHaveLength(1);
    expect(session.text.endsWith("[assistant] more work\n")).toBe(true);
  });

  it("reads a Claude Code transcript a command prints through the format registry", async () => {
    // The fixture's shape: test/fixtures/transcripts/SOURCES.md (claude-code/).
    const transcript = join(
      FIXTURES,
      "../transcripts/claude-code/7d3c9a1e-5b2f-4c8d-9e0a-1f2b3c4d5e6f.jsonl",
    );
    const print = `process.stdout.write(require("node:fs").readFileSync(${JSON.stringify(transcript)}, "utf8"));`;
    const reader = commandSessionReader({
      command: process.execPath,
      args: ["-e", print, "{threadId}"],
      timeoutMs: 10_000,
    });
    const session = okOf(await reader.read(thread, { budgetBytes: 64 * 1024 }));
    // Rendered by role as the jsonl reader renders it, not the raw JSON lines.
    expect(session.text).toContain(
      "[user] The hourly chart shows 25 bars on the day the clocks change. Can you find out why?",
    );
    expect(session.text).toContain("[assistant] Let me look at how the hourly buckets are built.");
    expect(session.text).not.toContain('"sessionId"');
  });

  it("reads an Amp thread a command prints by section, and other text as it is", async () => {
    const amp = join(FIXTURES, "../transcripts/amp/T-019e2b3c-4d5e-7f60-8a7b-9c0d1e2f3a4b.md");
    const reader = commandSessionReader({
      command: process.execPath,
      args: [
        "-e",
        `process.stdout.write(require("node:fs").readFileSync(${JSON.stringify(amp)}, "utf8"));`,
      ],
      timeoutMs: 10_000,
    });
    const session = okOf(await reader.read(thread, { budgetBytes: 64 * 1024 }));
    expect(session.text.startsWith("[user] @src/chart/hourly.ts shows 25 bars")).toBe(true);
    const plain = commandSessionReader({
      command: process.execPath,
      args: ["-e", 'process.stdout.write(\'{"not":"a transcript"}\\nplain words\\n\')'],
      timeoutMs: 10_000,
    });
    expect(okOf(await plain.read(thread, { budgetBytes: 4096 })).text).toBe(
      '{"not":"a transcript"}\nplain words\n',
    );
  });

  it("keeps the end of a long output within the budget", async () => {
    const reader = commandSessionReader({
      command: process.execPath,
      args: [script("print-thread.mjs"), "--repeat", "5000"],
      timeoutMs: 10_000,
    });
    const session = okOf(await reader.read(thread, { budgetBytes: 1024 }));
    expect(Buffer.byteLength(session.text)).toBeLessThanOrEqual(1024);
    expect(session.truncated).toBe(true);
    // The source in the marker is shortened with "…" when long, so only its start is fixed.
    expect(session.text).toMatch(/^\[… truncated: the first [\d.]+ KB of /);
    expect(session.text.endsWith("turn 5000: the chart is fine\n\n")).toBe(true);
  });

  it("turns a non-zero exit into a clear error quoting stderr", async () => {
    const reader = commandSessionReader({
      command: process.execPath,
      args: [script("exit-nonzero.mjs")],
      timeoutMs: 10_000,
    });
    const error = errOf(await reader.read(thread, { budgetBytes: 4096 }));
    expect(error.code).toBe("SESSION_READ");
    expect(error.message).toMatch(/exited with code 3: error: thread T-019c545f not found/);
  });

  it("stops a command that outlives its timeout", async () => {
    const reader = commandSessionReader({
      command: process.execPath,
      args: [script("hang.mjs")],
      timeoutMs: 300,
    });
    const started = Date.now();
    const error = errOf(await reader.read(thread, { budgetBytes: 4096 }));
    expect(error.code).toBe("SESSION_READ");
    expect(error.message).toMatch(/did not finish within 300 ms/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops when the caller aborts", async () => {
    const reader = commandSessionReader({
      command: process.execPath,
      args: [script("hang.mjs")],
      timeoutMs: 10_000,
    });
    const error = errOf(
      await reader.read(thread, { budgetBytes: 4096, signal: AbortSignal.timeout(200) }),
    );
    expect(error.message).toMatch(/aborted/);
  });

  it("explains a command that cannot start and an entry without a thread id", async () => {
    const missing = commandSessionReader({
      command: "agent-memory-no-such-harness-cli",
      timeoutMs: 1_000,
    });
    expect(errOf(await missing.read(thread, { budgetBytes: 4096 })).message).toMatch(
      /Could not start .*PATH/,
    );
    const error = errOf(await missing.read(entryFor("command", {}), { budgetBytes: 4096 }));
    expect(error.code).toBe("INVALID_INPUT");
    expect(errOf(commandArgs(["{sessionPath}"], thread)).message).toMatch(/sessionPath/);
  });
});

describe("readSession", () => {
  it("routes an entry to the reader registered for its method, and explains a missing one", async () => {
    const readers = {
      command: commandSessionReader({
        command: process.execPath,
        args: [script("print-thread.mjs")],
        timeoutMs: 10_000,
      }),
    };
    expect(okOf(await readSession(readers, thread, { budgetBytes: 4096 })).text).toMatch(
      /^# Thread T-019c545f/,
    );
    const error = errOf(
      await readSession(readers, entryFor("amp-thread", { threadId: "T" }), { budgetBytes: 4096 }),
    );
    expect(error.message).toMatch(
      /No session reader for retrieval method "amp-thread" \(registered: command\)/,
    );
    expect(errOf(await readSession(readers, thread, { budgetBytes: 0 })).code).toBe(
      "INVALID_INPUT",
    );
  });
});
