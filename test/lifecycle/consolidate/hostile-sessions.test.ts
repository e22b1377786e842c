/**
 * Issue 28, findings 1 and 2: what a session holds can neither wedge consolidation nor reach
 * the model as a secret. A long word never breaks the search query; an entry whose source is
 * refused (a credential store, by name or by content) is set aside in journal/invalid/ with
 * its reason instead of holding its place in every later run; session text is scrubbed.
 */
import * as nodeFs from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSessionReaders } from "../../../src/adapters/session-readers/default-session-readers.js";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { salientTerms } from "../../../src/lifecycle/consolidate/select-related-notes.js";
import { MAX_QUERY_LENGTH } from "../../../src/notes/search/search-options.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const HOME = join(mkdtempSync(join(tmpdir(), "hostile-sessions-")), "home");

const ANSWER = JSON.stringify({
  notes: [{ op: "create", key: "k", title: "A fact", tags: ["t"], body: "b" }],
  inbox: [],
});

/** 5,000 characters of base64, as a pasted blob or JWT body looks. */
const BLOB = Buffer.from(Array.from({ length: 3_750 }, (_, i) => (i * 7919) % 251)).toString(
  "base64",
);

async function memoryWithFiles(files: Record<string, string>, budget?: number) {
  const prompts: string[] = [];
  const { memory, persistence } = await freshMemory({
    llm: llmFromFunction((request) => {
      prompts.push(request.system + request.prompt);
      return ANSWER;
    }),
    // Transcripts on the real disk, read by the real readers confined to the Codex folder.
    sessionReaders: defaultSessionReaders({ fs: nodeFs, allowedRoots: [`${HOME}/.codex`] }),
    ...(budget === undefined ? {} : { consolidationBudget: { sessionTokens: budget } }),
  });
  for (const [path, text] of Object.entries(files)) {
    nodeFs.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    nodeFs.writeFileSync(path, text);
  }
  return { memory, prompts, persistence };
}

describe("hostile sessions", () => {
  it("builds a query memory.search accepts from a transcript holding a 5,000-character base64 word", async () => {
    expect(BLOB.length).toBe(5_000);
    const session = { label: "s", text: `${BLOB} ${BLOB} ${BLOB} deploy deploy the console` };
    const query = salientTerms([session], []);
    expect(query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(query.split(" ").every((word) => word.length <= 40)).toBe(true);
    expect(query).toContain("deploy");
    // Many distinct long (but wordlike) terms still fit.
    const long = Array.from({ length: 40 }, (_, i) => `${"w".repeat(38)}${i.toString(36)}`);
    expect(salientTerms([{ label: "s", text: long.join(" ") }], []).length).toBeLessThanOrEqual(
      MAX_QUERY_LENGTH,
    );

    const path = `${HOME}/.codex/sessions/2026/05/06/rollout-blob.md`;
    const { memory } = await memoryWithFiles({ [path]: `[user] the token is ${BLOB} ${BLOB}\n` });
    const entry = okOf(
      await memory.journal.add({
        harness: "codex",
        retrieval: { method: "file", sessionPath: path },
      }),
    );
    const report = okOf(await memory.consolidate());
    expect(report.consumed).toEqual([entry.id]);
  });

  it("refuses a credential store named by an entry, whatever the method, quarantines it, and consolidates the next entries", async () => {
    const auth = `${HOME}/.codex/auth.json`;
    const good = `${HOME}/.codex/sessions/2026/05/06/rollout-good.md`;
    const { memory, prompts, persistence } = await memoryWithFiles(
      {
        [auth]: '{"OPENAI_API_KEY":"sk-proj-abcdefghijklmnopqrstuvwxyz0123456789"}',
        [good]: "[user] we deploy the console with pnpm\n",
      },
      // One entry per run: a refused entry kept pending would hold the only place forever.
      600,
    );
    // Added by hand behind the library's back, as a sync from a hostile remote would.
    for (const [i, method] of ["file", "jsonl", "command"].entries()) {
      okOf(
        await persistence.write(
          `journal/pending/2026-01-0${i + 1}T00-00-00.000Z-bad${i}.json`,
          JSON.stringify({
            version: 1,
            timestamp: `2026-01-0${i + 1}T00:00:00.000Z`,
            harness: "codex",
            retrieval:
              method === "command" ? { method, threadId: auth } : { method, sessionPath: auth },
            context: {},
          }),
        ),
      );
    }
    const next = okOf(
      await memory.journal.add({
        harness: "codex",
        timestamp: "2026-02-01T00:00:00.000Z",
        retrieval: { method: "file", sessionPath: good },
      }),
    );
    // Adding one by the API is refused at once, with the reason.
    expect(
      errOf(
        await memory.journal.add({
          harness: "x",
          retrieval: { method: "file", sessionPath: auth },
        }),
      ).message,
    ).toMatch(/auth\.json is a credential store/);

    const consumed: string[] = [];
    for (let run = 0; run < 5 && consumed.length === 0; run++) {
      const report = okOf(await memory.consolidate());
      consumed.push(...report.consumed);
      for (const item of report.unreadable) {
        expect(item).toMatchObject({ refused: true, quarantined: true });
        expect(item.reason).toMatch(/credential store/);
      }
    }
    expect(consumed).toEqual([next.id]);
    expect(prompts.join("\n")).not.toContain("sk-proj-");
    const invalid = okOf(await memory.journal.list({ status: "invalid" }));
    expect(invalid.map((file) => file.id).toSorted()).toEqual([
      "2026-01-01T00-00-00.000Z-bad0",
      "2026-01-02T00-00-00.000Z-bad1",
      "2026-01-03T00-00-00.000Z-bad2",
    ]);
    expect(invalid.map((file) => file.reason)).toEqual(
      Array(3).fill(expect.stringMatching(/credential store/)),
    );
    expect(okOf(await memory.journal.pending())).toEqual([]);
  });

  it("refuses a file that is mostly secrets whatever its name, and scrubs the secrets of a real session", async () => {
    const creds = `${HOME}/.codex/sessions/2026/05/06/rollout-creds.md`;
    const session = `${HOME}/.codex/sessions/2026/05/06/rollout-talk.md`;
    const { memory, prompts } = await memoryWithFiles({
      [creds]:
        '{"claudeAiOauth":{"accessToken":"sk-ant-oat01-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEf","refreshToken":"sk-ant-ort01-ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210ZyXwVu"}}',
      [session]:
        "[user] the deploy failed; I exported AKIAIOSFODNN7EXAMPLE and password: hunter2hunter2 then retried the release of the console\n",
    });
    const bad = okOf(
      await memory.journal.add({ harness: "x", retrieval: { method: "file", sessionPath: creds } }),
    );
    const good = okOf(
      await memory.journal.add({
        harness: "x",
        retrieval: { method: "file", sessionPath: session },
      }),
    );
    const report = okOf(await memory.consolidate());
    expect(report.consumed).toEqual([good.id]);
    expect(report.unreadable).toEqual([
      expect.objectContaining({ id: bad.id, refused: true, quarantined: true }),
    ]);
    const prompt = prompts.join("\n");
    expect(prompt).not.toContain("AKIAIOSFODNN7EXAMPLE");
    expect(prompt).not.toContain("hunter2hunter2");
    expect(prompt).not.toContain("sk-ant-oat01");
    expect(prompt).toContain("[REDACTED:aws-access-key]");
    expect(prompt).toContain("retried the release of the console");
    expect(report.warnings).toContainEqual({
      id: good.id,
      warning: expect.stringMatching(
        /2 secret\(s\) removed from the session before the model saw it/,
      ),
    });
  });

  it("keeps an entry pending, not quarantined, when its transcript is only missing (it may be on another machine)", async () => {
    const { memory } = await memoryWithFiles({});
    const entry = okOf(
      await memory.journal.add({
        harness: "x",
        retrieval: { method: "file", sessionPath: `${HOME}/.codex/sessions/elsewhere.md` },
      }),
    );
    const report = okOf(await memory.consolidate());
    expect(report.unreadable).toEqual([expect.not.objectContaining({ quarantined: true })]);
    expect(okOf(await memory.journal.pending()).map((e) => e.id)).toEqual([entry.id]);
  });
});
