/**
 * Issue 28: a run's new notes that link to each other are written link targets first, so a run
 * stopped between two creates leaves no link to a note not yet written.
 */
import { describe, expect, it } from "vitest";
import { inMemoryPorts } from "../../../src/adapters/in-memory/in-memory.js";
import { creationOrder } from "../../../src/lifecycle/consolidate/creation-order.js";
import { writePlan } from "../../../src/lifecycle/consolidate/write-plan.js";
import type { PlannedCreate } from "../../../src/lifecycle/consolidate/consolidation-plan.js";
import { createMemory } from "../../../src/memory.js";
import type { Persistence } from "../../../src/ports/persistence.js";
import { okOf } from "../../helpers/result-helpers.js";

const create = (key: string, body: string): PlannedCreate => ({
  key,
  title: `Note ${key}`,
  tags: [],
  body,
});

describe("the order of a run's creates", () => {
  it("puts every new note after the new notes it links to; unrelated and cyclic ones keep the plan's order", () => {
    const plan = [
      create("a", "A needs [[new:b|b]] and [[new:c#part|c]]."),
      create("b", "B needs [[new:c]]."),
      create("c", "C stands alone."),
      create("d", "D and [[new:e|e]] link each other."),
      create("e", "E and [[new:d|d]] link each other."),
    ];
    expect(creationOrder(plan).map((note) => note.key)).toEqual(["c", "b", "a", "e", "d"]);
  });

  it("writes the linked-to note first, so a stop after the first write leaves no dangling link", async () => {
    const ports = okOf(await inMemoryPorts());
    const written: string[] = [];
    const recording: Persistence = {
      ...ports.persistence,
      list: (dir) => ports.persistence.list(dir),
      read: (path) => ports.persistence.read(path),
      write: (path, content) => {
        written.push(path);
        return ports.persistence.write(path, content);
      },
    };
    const memory = createMemory({ persistence: recording });
    const ids = { linker: "id__Lnk001", target: "id__Tgt001" };
    okOf(
      await writePlan(
        memory,
        {
          creates: [
            create("linker", "Deploys follow [[new:target|the target]]."),
            create("target", "The target note."),
          ],
          updates: [],
          inbox: [],
        },
        { run: "r1", seed: "seed", ids, expected: {} },
      ),
    );
    const notes = written.filter((path) => path.endsWith(".md"));
    expect(notes.findIndex((path) => path.includes(ids.target))).toBeLessThan(
      notes.findIndex((path) => path.includes(ids.linker)),
    );
  });
});
