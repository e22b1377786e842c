// The spend ledger and caps through the built CLI: real processes, real git, a model command.
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

const LLM = resolve(import.meta.dirname, "../fixtures/cli-llm/create-one-note.mjs");
const LLM_CMD = `${JSON.stringify(process.execPath)} ${JSON.stringify(LLM)}`;

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let run: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let root: string;

interface StatusJson {
  readonly pendingJournalEntries: number;
  readonly spend: {
    readonly ledger: string;
    readonly today: {
      tokens: number;
      inputTokens: number;
      outputTokens: number;
      calls: number;
      runs: number;
    };
    readonly last7Days: { tokens: number; calls: number; runs: number };
    readonly perDay: number;
    readonly perRun: number;
    readonly estimatedCallsToday: number;
  };
}

beforeAll(async () => {
  sandbox = await createSandbox();
  run = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  succeeded(await run(["init", "--root", root]));
  succeeded(
    await run(["journal", "add", "--harness", "manual", "--note", "a fact", "--root", root]),
  );
}, scaledMs(60_000));
afterAll(() => sandbox.cleanup());

describe("memory consolidate/status with the spend ledger", () => {
  it(
    "a cap too small stops with BUDGET, exit 1, the entry pending and no model call",
    async () => {
      const stopped = await run([
        "consolidate",
        "--llm-cmd",
        LLM_CMD,
        "--max-tokens",
        "100",
        "--json",
        "--root",
        root,
      ]);
      expect(stopped.code).toBe(1);
      const error = jsonOf<{ error: { code: string; message: string } }>(stopped).error;
      expect(error.code).toBe("BUDGET");
      expect(error.message).toMatch(/this run's cap of 100 has 100 left/);
      expect(error.message).toContain("--max-tokens");
      const status = jsonOf<StatusJson>(await run(["status", "--json", "--root", root]));
      expect(status.pendingJournalEntries).toBe(1);
      expect(status.spend.today.calls).toBe(0);
    },
    scaledMs(180_000),
  );

  it(
    "a run within the caps records its tokens: status shows them, the commit carries the trailer",
    async () => {
      succeeded(await run(["consolidate", "--llm-cmd", LLM_CMD, "--root", root]));
      const trailer = await sandbox.git(root, [
        "log",
        "-1",
        "--format=%(trailers:key=Model-Tokens,valueonly)",
      ]);
      expect(trailer.trim()).toMatch(/^in=\d+ out=\d+ calls=1 counted=estimate$/);

      const status = jsonOf<StatusJson>(await run(["status", "--json", "--root", root]));
      expect(status.pendingJournalEntries).toBe(0);
      expect(status.spend.ledger).toBe(".agent-memory/spend.jsonl");
      expect(status.spend.today).toMatchObject({ calls: 1, runs: 1 });
      expect(status.spend.today.tokens).toBeGreaterThan(500);
      expect(status.spend.last7Days.tokens).toBe(status.spend.today.tokens);
      expect(status.spend.estimatedCallsToday).toBe(1);
      expect(status.spend).toMatchObject({ perRun: 400_000, perDay: 2_000_000 });
      // Owner-only, like every derived file under .agent-memory/.
      expect((await stat(join(root, ".agent-memory/spend.jsonl"))).mode & 0o777).toBe(0o600);

      const text = await run(["status", "--root", root]);
      expect(text.stdout).toMatch(
        /model spend today \(UTC\): [\d,]+ tokens \([\d,]+ in, [\d,]+ out\) in 1 call over 1 run; cap 2,000,000 a day \([\d,]+ left\), 400,000 a run; 1 call estimated with the tokenizer\nmodel spend, last 7 days: /,
      );
    },
    scaledMs(180_000),
  );

  it(
    "the day's cap comes from AGENT_MEMORY_MAX_TOKENS_PER_DAY and counts the earlier run",
    async () => {
      succeeded(
        await run(["journal", "add", "--harness", "manual", "--note", "another", "--root", root]),
      );
      const before = jsonOf<StatusJson>(await run(["status", "--json", "--root", root]));
      const cap = String(before.spend.today.tokens + 1_000);
      const env = { AGENT_MEMORY_MAX_TOKENS_PER_DAY: cap };
      const stopped = await run(["consolidate", "--llm-cmd", LLM_CMD, "--root", root], {
        env,
      });
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toContain("BUDGET");
      expect(stopped.stderr).toContain("today's cap (UTC)");
      expect(stopped.stderr).toContain("AGENT_MEMORY_MAX_TOKENS_PER_DAY");
      const after = jsonOf<StatusJson>(await run(["status", "--json", "--root", root], { env }));
      expect(after.pendingJournalEntries).toBe(1);
      expect(after.spend.perDay).toBe(Number(cap));
      expect(after.spend.today.calls).toBe(1);
    },
    scaledMs(180_000),
  );

  it(
    "a cap that is not a whole number is a usage error",
    async () => {
      const bad = await run([
        "defrag",
        "--llm-cmd",
        LLM_CMD,
        "--max-tokens",
        "lots",
        "--root",
        root,
      ]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--max-tokens takes a whole number of tokens above 0");
    },
    scaledMs(180_000),
  );
});
