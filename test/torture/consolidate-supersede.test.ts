/**
 * Issues 30 and 31: consolidation with supersede ops under faults. The scripted model's answer
 * also supersedes a shown note (Topic2, by the note it creates) and one it was not shown (an
 * unknown id, refused on its own). A fault at any mutating call, then a re-run: no sentence
 * lost, no link broken, no id duplicated, nothing consolidated twice, and the old note carries
 * exactly one mark. `TORTURE_FULL=1` sweeps every k (docs/torture.md).
 */
import { afterAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import { readSupersessions } from "../../src/model/supersession/supersession.js";
import type { Llm } from "../../src/ports/llm.js";
import { faultyPorts, type FaultMode } from "./fault-ports.js";
import { compare, freshWorld, memoryOver, picture, scriptedModel } from "./world.js";

const FULL = process.env["TORTURE_FULL"] === "1";
const SAMPLES = 6;
const figures: string[] = [];

/** The scripted model, its consolidation answers carrying a sound and a refused supersede. */
function supersedingModel(): Llm {
  const scripted = scriptedModel().llm;
  return {
    complete: (request) =>
      scripted.complete(request).map((answer) => {
        if (request.system.startsWith("You reorganise")) return answer;
        const plan = JSON.parse(answer) as { notes: { key?: string }[] };
        if (!plan.notes.some((note) => note.key === "fact")) return answer;
        const supersede = [
          { id: "id__Nope00", by: "new:fact", reason: "never shown" },
          ...(request.prompt.includes("id: id__Topic2")
            ? [{ id: "id__Topic2", by: "new:fact", reason: "the cut moved", date: "2026-11-20" }]
            : []),
        ];
        return JSON.stringify({ ...plan, supersede });
      }),
  };
}

async function marksOnTopic2(world: Awaited<ReturnType<typeof freshWorld>>): Promise<number> {
  const memory = memoryOver(world.persistence, world.git, supersedingModel());
  const note = await memory.read("id__Topic2");
  return note.isOk() ? readSupersessions(note.value.body).length : -1;
}

async function run(at: number | undefined, mode: FaultMode) {
  const world = await freshWorld();
  const before = await picture(world.persistence);
  const faulty = faultyPorts(world.persistence, world.git, { at, mode });
  const first = memoryOver(faulty.persistence, faulty.git, supersedingModel()).consolidate();
  let firstRun: Awaited<typeof first> | undefined;
  if (mode === "fail") firstRun = await first;
  else await Promise.race([first, faulty.fired.then(() => new Promise((r) => setTimeout(r, 5)))]);
  const calls = faulty.calls();
  const rerun = await memoryOver(world.persistence, world.git, supersedingModel()).consolidate();
  const after = await picture(world.persistence);
  return {
    calls,
    first: firstRun,
    rerun,
    found: compare(before, after),
    marks: await marksOnTopic2(world),
  };
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

describe("torture: consolidation with supersede ops", () => {
  it(
    "loses nothing, breaks no link, consolidates nothing twice and marks the old note once at any fault point",
    async () => {
      const clean = await run(undefined, "fail");
      const report = clean.first?.isOk() === true ? clean.first.value : undefined;
      expect(report?.superseded?.map((mark) => mark.id)).toEqual(["id__Topic2"]);
      expect(report?.refused?.map((refusal) => [refusal.id, refusal.rule])).toEqual([
        ["id__Nope00", "not-shown"],
      ]);
      expect(clean.marks).toBe(1);
      let faultPoints = 0;
      let lost = 0;
      for (const mode of ["fail", "dead"] as const) {
        for (const k of points(clean.calls)) {
          const found = await run(k, mode);
          faultPoints++;
          lost += found.found.lost.length;
          expect({
            mode,
            k,
            ...found.found,
            rerunOk: found.rerun.isOk(),
            marks: found.marks,
          }).toEqual({
            mode,
            k,
            lost: [],
            brokenLinks: [],
            duplicateIds: [],
            consolidatedTwice: 0,
            rerunOk: true,
            marks: 1,
          });
        }
      }
      figures.push(
        `consolidate with supersede ops | ${clean.calls} mutating calls | ${faultPoints} fault points | ${lost} sentences lost`,
      );
    },
    scaledMs(FULL ? 900_000 : 300_000),
  );
});

afterAll(() => {
  if (figures.length > 0)
    console.log(`torture, supersede (${FULL ? "full" : "sampled"}):\n${figures.join("\n")}`);
});
