/**
 * Issue 31, part 4: the spend cap under faults. A lifecycle run whose cap lets consolidation's
 * call through and stops defrag before its first call (BUDGET), and a consolidation the cap
 * stops before its call; each with a fault at any mutating call (the spend ledger's writes
 * included), then a re-run with no cap. No sentence lost, no broken link, no duplicate id,
 * nothing consolidated twice, and the re-run finishes. `TORTURE_FULL=1` sweeps every k.
 */
import { afterAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import type { Memory } from "../../src/memory.js";
import type { Tokenizer } from "../../src/ports/tokenizer.js";
import { faultyPorts, type FaultMode } from "./fault-ports.js";
import { compare, freshWorld, memoryOver, picture, scriptedModel } from "./world.js";

const FULL = process.env["TORTURE_FULL"] === "1";
const SAMPLES = 6;

/** Every text counts 100 tokens: a call needs 200 to be made and spends 300 (answer 100). */
const FLAT: Tokenizer = { countTokens: (text) => (text === "" ? 0 : 100) };

interface Case {
  readonly name: string;
  /** The run's cap: 400 lets one call through, 100 none. */
  readonly perRun: number;
  run(memory: Memory): PromiseLike<{ isErr(): boolean }>;
  /** What the clean capped run must report. */
  check(result: unknown): void;
}

const CASES: Case[] = [
  {
    name: "run(): consolidation kept, defrag stopped by the cap",
    perRun: 400,
    run: async (m) => m.run({ defragEvery: { consolidations: 1 } }),
    check: (result) => {
      expect(result).toMatchObject({
        value: { defrag: { budgetStop: { code: "BUDGET", scope: "run", spent: 300 } } },
      });
    },
  },
  {
    name: "consolidate stopped by the cap before its call",
    perRun: 100,
    run: async (m) => m.consolidate(),
    check: (result) => {
      expect(result).toMatchObject({ error: { code: "BUDGET", figures: { scope: "run" } } });
    },
  },
];
const figures: string[] = [];

async function run(c: Case, at: number | undefined, mode: FaultMode) {
  const world = await freshWorld();
  const before = await picture(world.persistence);
  const faulty = faultyPorts(world.persistence, world.git, { at, mode });
  const capped = { tokenizer: FLAT, budget: { perRun: c.perRun, answerReserve: 0 } };
  const first = c.run(memoryOver(faulty.persistence, faulty.git, scriptedModel().llm, capped));
  let firstRun: Awaited<typeof first> | undefined;
  if (mode === "fail") firstRun = await first;
  else await Promise.race([first, faulty.fired.then(() => new Promise((r) => setTimeout(r, 5)))]);
  const calls = faulty.calls();
  // The re-run, with budget: it resumes and finishes.
  const rerun = await memoryOver(world.persistence, world.git, scriptedModel().llm, {
    tokenizer: FLAT,
  }).run({ defragEvery: { consolidations: 1 } });
  const after = await picture(world.persistence);
  return { calls, first: firstRun, rerun, found: compare(before, after) };
}

function points(n: number): number[] {
  const every = Array.from({ length: n }, (_, i) => i + 1);
  if (FULL || n <= SAMPLES) return every;
  return [
    ...new Set(
      Array.from(
        { length: SAMPLES },
        (_, i) => every[Math.round((i * (n - 1)) / (SAMPLES - 1))] ?? 1,
      ),
    ),
  ];
}

describe.each(CASES)("torture: $name", (c) => {
  it(
    "loses nothing, does nothing twice, and the re-run with budget finishes at any fault point",
    async () => {
      const clean = await run(c, undefined, "fail");
      c.check(clean.first);
      expect(clean.found).toMatchObject({ lost: [], brokenLinks: [], duplicateIds: [] });
      // The clean re-run consolidated the fact exactly once.
      expect(clean.found.consolidatedTwice).toBe(0);
      expect(clean.rerun.isOk()).toBe(true);
      let faultPoints = 0;
      let lost = 0;
      let twice = 0;
      for (const mode of ["fail", "dead", "torn"] as const) {
        for (const k of points(clean.calls)) {
          const found = await run(c, k, mode);
          faultPoints++;
          lost += found.found.lost.length;
          twice += found.found.consolidatedTwice;
          expect({ mode, k, ...found.found, rerunOk: found.rerun.isOk() }).toEqual({
            mode,
            k,
            lost: [],
            brokenLinks: [],
            duplicateIds: [],
            consolidatedTwice: 0,
            rerunOk: true,
          });
        }
      }
      figures.push(
        `${c.name} | ${clean.calls} mutating calls | ${faultPoints} fault points | ${lost} sentences lost | ${twice} consolidated twice`,
      );
    },
    scaledMs(FULL ? 900_000 : 180_000),
  );
});

afterAll(() => {
  if (figures.length > 0)
    console.log(`torture, issue 31 budget (${FULL ? "full" : "sampled"}):\n${figures.join("\n")}`);
});
