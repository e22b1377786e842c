/**
 * The SessionReader contract: every reader must pass this suite. It is about the port, not a
 * transcript format: the fixture writes the suite's messages in the reader's own format
 * (lines of a text file, JSON Lines of a harness, what a command prints), and the suite
 * checks what any reader owes consolidation: the newest part within the budget, honest
 * truncation figures, and typed errors for bad budgets, missing or binary sources and aborts.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { JournalEntry } from "../model/records/journal-entry.js";
import { MIN_BUDGET_BYTES } from "../model/records/session-budget.js";
import type { SessionReader, SessionReadFailure, SessionText } from "../ports/session-reader.js";
import { resultOf, settlesWithin } from "./port-call.js";
import { errOf, okOf } from "./result-helpers.js";

/**
 * What a session holds: messages (oldest first, each one line of plain text) that the
 * fixture writes in the reader's own format, or the raw bytes of the source as they are.
 *
 * @example
 * ```ts
 * const chat: SessionContent = { messages: ["please check the chart", "the chart is fine"] };
 * const binary: SessionContent = { bytes: new Uint8Array([0x68, 0x00, 0x69]) };
 * ```
 */
export type SessionContent =
  | { readonly messages: readonly string[] }
  | { readonly bytes: Uint8Array };

/**
 * A reader and the journal entry that makes it read one session.
 *
 * @example
 * ```ts
 * const subject: SessionUnderTest = { reader: fileSessionReader(), entry };
 * ```
 */
export interface SessionUnderTest {
  readonly reader: SessionReader;
  readonly entry: JournalEntry;
}

/**
 * Builds readers over sessions; one fixture per test, cleaned up after it.
 *
 * @example
 * ```ts
 * const fixture: SessionReaderContractFixture = {
 *   session: async (content) => {
 *     const path = join(dir, "session.md");
 *     await writeFile(path, "messages" in content ? content.messages.join("\n") + "\n" : content.bytes);
 *     return { reader: fileSessionReader(), entry: entryFor(path) };
 *   },
 *   missing: async () => ({ reader: fileSessionReader(), entry: entryFor(join(dir, "gone.md")) }),
 *   cleanup: () => rm(dir, { recursive: true, force: true }),
 * };
 * ```
 */
export interface SessionReaderContractFixture {
  /** A reader and an entry whose session is `content`. */
  session(content: SessionContent): Promise<SessionUnderTest>;
  /**
   * A reader and an entry whose source does not exist, which must be a NOT_FOUND error.
   * Leave it out when the reader cannot tell a missing source from a failure (a command).
   */
  missing?(): Promise<SessionUnderTest>;
  /** A reader and an entry whose read never finishes on its own (a command that hangs). */
  hanging?(): Promise<SessionUnderTest>;
  cleanup?(): Promise<void>;
}

/** Builds a fresh fixture for each test. */
export type MakeSessionReaderFixture = () => Promise<SessionReaderContractFixture>;

const GENEROUS = 64 * 1024;
const BUDGETS = [MIN_BUDGET_BYTES, 300, 1000, 4096];
const BAD_BUDGETS = [0, -1, MIN_BUDGET_BYTES - 1, 1000.5, Number.NaN, Number.POSITIVE_INFINITY];
/** How long an aborted read may take: a command gets SIGTERM and must be waited for. */
const ABORT_MS = 3000;

/** Numbered so each is found exactly, of a length that makes a few hundred overflow any budget. */
function messages(count: number): string[] {
  return Array.from(
    { length: count },
    (_, i) => `message ${String(i).padStart(4, "0")}: the hourly chart shows ${i % 7} bars`,
  );
}

/**
 * Registers the SessionReader contract (a vitest `describe` block) for the reader the
 * fixtures `make` builds.
 *
 * @example
 * ```ts
 * // my-reader.test.ts, in the host's repository
 * import { runSessionReaderContract } from "agent-memory/testing";
 *
 * runSessionReaderContract("ampThreadReader", async () => {
 *   const threads = fakeAmpServer();
 *   return {
 *     session: async (content) => ({ reader: ampThreadReader({ url: threads.url }), entry: threads.add(content) }),
 *     cleanup: () => threads.close(),
 *   };
 * });
 * ```
 */
export function runSessionReaderContract(name: string, make: MakeSessionReaderFixture): void {
  describe(`SessionReader contract: ${name}`, () => {
    let fixture: SessionReaderContractFixture;
    beforeEach(async () => {
      fixture = await make();
    });
    afterEach(async () => {
      await fixture.cleanup?.();
    });

    it("reads a session within the budget whole: every message, in order, nothing cut", async () => {
      const all = messages(3);
      const session = okOf(await readSession(await fixture.session({ messages: all }), GENEROUS));
      expectWithinBudget(session, GENEROUS);
      expect(firstKeptMessage(session.text, all)).toBe(0);
      expect(session.truncated).toBe(false);
      expect(session.omittedBytes).toBe(0);
      expect(session.totalBytes).toBeGreaterThan(0);
      expect(session.source.trim()).not.toBe("");
    });

    it.each(BUDGETS)("keeps the newest messages within a budget of %i bytes", async (budget) => {
      const all = messages(400);
      const session = okOf(await readSession(await fixture.session({ messages: all }), budget));
      expectWithinBudget(session, budget);
      expect(session.truncated).toBe(true);
      expect(session.omittedBytes).toBeGreaterThan(0);
      expect(session.omittedBytes).toBeLessThanOrEqual(session.totalBytes);
      // What is kept is the end: a run of the newest messages, in order. A reader may also keep
      // the first message (the task the session was about) ahead of the cut, never the middle.
      const newest = all.slice(1);
      expect(firstKeptMessage(session.text, newest)).toBeGreaterThan(0);
    });

    it("cuts a single message larger than the budget to fit", async () => {
      const huge = `one long message: ${"the chart is fine ".repeat(2000)}`.trim();
      const session = okOf(await readSession(await fixture.session({ messages: [huge] }), 1000));
      expectWithinBudget(session, 1000);
      expect(session.truncated).toBe(true);
      expect(session.omittedBytes).toBeGreaterThan(0);
      expect(session.omittedBytes).toBeLessThanOrEqual(session.totalBytes);
    });

    it.each(BAD_BUDGETS)("refuses a budget of %s bytes as INVALID_INPUT", async (budget) => {
      const subject = await fixture.session({ messages: messages(3) });
      expect(errOf(await readSession(subject, budget)).code).toBe("INVALID_INPUT");
    });

    it("reports a missing source as NOT_FOUND", async ({ skip }) => {
      if (fixture.missing === undefined) return skip("the reader has no missing source to tell");
      expectFailure(errOf(await readSession(await fixture.missing(), GENEROUS)), "NOT_FOUND");
    });

    it("refuses binary content (a NUL byte) as SESSION_READ", async () => {
      const bytes = new TextEncoder().encode("[user] hello\n\0\u0001\u0002binary\n[user] bye\n");
      const subject = await fixture.session({ bytes });
      expectFailure(errOf(await readSession(subject, GENEROUS)), "SESSION_READ");
    });

    it("fails as SESSION_READ, without the text, when the signal is already aborted", async () => {
      const subject = await fixture.session({ messages: messages(3) });
      const controller = new AbortController();
      controller.abort();
      const pending = readSession(subject, GENEROUS, controller.signal);
      const result = await settlesWithin(ABORT_MS, "read() with an aborted signal", pending);
      expectFailure(errOf(result), "SESSION_READ");
    });

    it("stops a read that hangs when the signal aborts", async ({ skip }) => {
      if (fixture.hanging === undefined) return skip("the reader's reads cannot hang");
      const controller = new AbortController();
      const pending = readSession(await fixture.hanging(), GENEROUS, controller.signal);
      await new Promise((resolve) => setTimeout(resolve, 100));
      controller.abort();
      const result = await settlesWithin(ABORT_MS, "read() after an abort", pending);
      expectFailure(errOf(result), "SESSION_READ");
    });
  });
}

function readSession(subject: SessionUnderTest, budgetBytes: number, signal?: AbortSignal) {
  const options = signal === undefined ? { budgetBytes } : { budgetBytes, signal };
  return resultOf("read", () => subject.reader.read(subject.entry, options));
}

function expectWithinBudget(session: SessionText, budget: number): void {
  expect(new TextEncoder().encode(session.text).length).toBeLessThanOrEqual(budget);
}

/**
 * The index of the oldest message found whole in `text`, checking that the kept messages are
 * the newest ones, in order: a message is kept with all that follow it, or left out.
 */
function firstKeptMessage(text: string, all: readonly string[]): number {
  const first = all.findIndex((message) => text.includes(message));
  expect(first, "no message of the session is in the text").toBeGreaterThanOrEqual(0);
  const kept = all.slice(first);
  const positions = kept.map((message) => text.indexOf(message));
  expect(
    positions.every((position) => position >= 0),
    "a newer message is missing",
  ).toBe(true);
  expect(
    positions.toSorted((a, b) => a - b),
    "messages are out of order",
  ).toEqual(positions);
  return first;
}

function expectFailure(error: SessionReadFailure, code: SessionReadFailure["code"]): void {
  expect(error).toBeInstanceOf(Error);
  expect(error.code).toBe(code);
  expect(error.message.trim()).not.toBe("");
}
