/**
 * Issue 30: a note superseded for more than N days (the `supersededArchiveDays` guardrail,
 * default 30) is a finding in the defrag prompt, and the model may archive it; a note
 * superseded more recently is not offered. Run with the prompt-bound stand-in model, which
 * answers from the prompt's text alone.
 */
import { describe, expect, it } from "vitest";
import { promptBoundLlm } from "../../../src/testing/prompt-bound-llm.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

async function seeded(guardrails: { supersededArchiveDays?: number } = {}) {
  const llm = promptBoundLlm();
  const fresh = await freshMemory({ llm, defragGuardrails: guardrails });
  const { memory } = fresh;
  const note = async (title: string, body: string) =>
    okOf(await memory.capture({ title, body }, { status: "active" }));
  const current = await note("Database", "We use Postgres since the spring.");
  const old = await note("Database choice", "We use SQLite for everything.");
  const recent = await note("Queue", "We use Redis for the job queue.");
  const queue = await note("Queue choice", "We use SQS for the job queue.");
  // Linked, so neither is an orphan the stand-in would archive for that reason instead.
  const hub = await note(
    "Stack",
    `See [[${current.id}|db]], [[${old.id}|old db]], [[${recent.id}|queue]], [[${queue.id}|sqs]].`,
  );
  okOf(await memory.supersede(old.id, current.id, { reason: "scale", date: daysAgo(61) }));
  okOf(await memory.supersede(recent.id, queue.id, { reason: "cost", date: daysAgo(11) }));
  okOf(await memory.commit("seed"));
  return { ...fresh, llm, old, recent, current, queue, hub };
}

describe("defrag: superseded for more than N days", () => {
  it("shows a note superseded 61 days ago as a finding, and its archive is carried out", async () => {
    const { memory, llm, old, recent, current } = await seeded();
    const report = okOf(await memory.defrag());
    const prompt = llm.calls.map((call) => call.request.prompt).join("\n");
    const line = prompt.split("\n").find((text) => text.startsWith("superseded for more than"));
    expect(line).toBe(
      "superseded for more than 30 days (the successor holds the current fact; archive these unless " +
        `a person still needs them in topics/): ${old.id} (by ${current.id}, 61 d)`,
    );
    expect(line).not.toContain(recent.id);
    // Only the stand-in's tiering of the recently superseded note is refused: never top of mind.
    expect(report.refused?.map((refused) => [refused.rule, refused.action])).toEqual([
      ["tiers", { type: "tier", tier: "hot", id: recent.id }],
    ]);
    expect(report.applied).toContainEqual(expect.objectContaining({ type: "archive", id: old.id }));
    expect(report.applied.some((action) => "id" in action && action.id === recent.id)).toBe(false);
    // Archived, never deleted: the old text is still there, mark and all.
    const archived = okOf(await memory.read(old.id));
    expect(archived.status).toBe("archived");
    expect(archived.body).toContain("We use SQLite for everything.");
    expect(archived.supersededBy?.id).toBe(current.id);
    expect(okOf(await memory.read(recent.id)).status).toBe("active");
  });

  it("takes N from the defrag guardrails: with 7 days, the note superseded 11 days ago is offered too", async () => {
    const { memory, llm, old, recent } = await seeded({ supersededArchiveDays: 7 });
    okOf(await memory.defrag());
    const line = llm.calls
      .flatMap((call) => call.request.prompt.split("\n"))
      .find((text) => text.startsWith("superseded for more than 7 days"));
    expect(line).toContain(old.id);
    expect(line).toContain(`${recent.id} (by `);
  });

  it("adds no line to the prompt of a memory without old supersessions", async () => {
    const { memory, llm } = await seeded({ supersededArchiveDays: 100 });
    okOf(await memory.defrag());
    expect(llm.calls.some((call) => call.request.prompt.includes("superseded for more than"))).toBe(
      false,
    );
  });
});
