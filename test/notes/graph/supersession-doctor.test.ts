/**
 * Issue 30: doctor reports a tiered note that is superseded, a loop of supersession marks,
 * and a mark whose successor is missing or archived, each with the fix.
 */
import { describe, expect, it } from "vitest";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { okOf } from "../../helpers/result-helpers.js";

const KINDS = new Set([
  "superseded-tiered",
  "supersession-loop",
  "successor-missing",
  "successor-archived",
]);

const mark = (to: string) => `> Superseded by [[${to}]] on 2026-03-01.\n\n`;

async function supersessionFindings(memory: Awaited<ReturnType<typeof freshMemory>>["memory"]) {
  const report = okOf(await memory.doctor());
  return report.findings.filter((finding) => KINDS.has(finding.kind));
}

describe("doctor: supersession findings", () => {
  it("warns about a hot or warm note that is superseded, naming the note shown in its place", async () => {
    const { memory } = await freshMemory();
    const old = okOf(await memory.capture({ title: "SQLite", body: "We use SQLite." }));
    const mid = okOf(await memory.capture({ title: "MySQL", body: "We use MySQL." }));
    const now = okOf(await memory.capture({ title: "Postgres", body: "We use Postgres." }));
    okOf(await memory.index.set({ hot: [old.id], warm: [mid.id] }));
    okOf(await memory.supersede(old.id, mid.id, { date: "2026-03-01" }));
    okOf(await memory.supersede(mid.id, now.id, { date: "2026-04-01" }));

    const found = await supersessionFindings(memory);
    expect(found).toEqual([
      {
        kind: "superseded-tiered",
        severity: "warning",
        path: "index.md",
        id: old.id,
        message: `The hot tier lists ${old.id} ("SQLite"), which is superseded by ${mid.id} since 2026-03-01: AGENTS.md and the session context show ${now.id} ("Postgres") in its place.`,
        fix: `Tier the current note instead: memory tier ${old.id} none, then memory tier ${now.id} hot.`,
      },
      expect.objectContaining({ kind: "superseded-tiered", id: mid.id }),
    ]);
    expect(found[1]?.message).toMatch(/^The warm tier lists/);
  });

  it("reports a loop once, as an error at the note whose id sorts first", async () => {
    const { memory, fs, root } = await freshMemory();
    const a = okOf(await memory.capture({ title: "A", body: "a" }));
    const b = okOf(await memory.capture({ title: "B", body: "b" }));
    const c = okOf(await memory.capture({ title: "C", body: "c" }));
    // By hand: `memory supersede` refuses a loop.
    await fs.promises.writeFile(`${root}/${a.path}`, `# A\n\n${mark(b.id)}a\n`);
    await fs.promises.writeFile(`${root}/${b.path}`, `# B\n\n${mark(c.id)}b\n`);
    await fs.promises.writeFile(`${root}/${c.path}`, `# C\n\n${mark(b.id)}c\n`);

    const found = await supersessionFindings(memory);
    const first = [b.id, c.id].toSorted()[0] ?? "";
    const cycle =
      first === b.id ? `${b.id} -> ${c.id} -> ${b.id}` : `${c.id} -> ${b.id} -> ${c.id}`;
    expect(found).toEqual([
      {
        kind: "supersession-loop",
        severity: "error",
        path: first === b.id ? b.path : c.path,
        id: first,
        message: `Supersession marks go round in a loop (${cycle}): no note of it is current, so every surface leaves them out.`,
        fix: `Edit the mark of one note of the loop (memory edit ${first}): point it at the note that is current, or remove the mark from the note that is.`,
      },
    ]);
  });

  it("reports a successor that is missing (error) or archived (warning), for a note or a section", async () => {
    const { memory, fs, root } = await freshMemory();
    const gone = okOf(await memory.capture({ title: "Gone", body: "g" }));
    const retired = okOf(await memory.capture({ title: "Retired", body: "r" }));
    const whole = okOf(await memory.capture({ title: "Whole", body: "w" }));
    const part = okOf(
      await memory.capture({ title: "Part", body: "## Database\n\nSQLite.\n\n## Team\n\nFour." }),
    );
    okOf(await memory.supersede(whole.id, gone.id, { date: "2026-03-01" }));
    okOf(await memory.supersede(part.id, retired.id, { section: "Database", date: "2026-03-01" }));
    okOf(await memory.archive(retired.id));
    await fs.promises.unlink(`${root}/${gone.path}`);

    const found = await supersessionFindings(memory);
    expect(found).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "successor-missing",
          severity: "error",
          id: whole.id,
          message: `The note is marked superseded by ${gone.id}, which no note carries: a reader cannot find the current version.`,
        }),
        expect.objectContaining({
          kind: "successor-archived",
          severity: "warning",
          id: part.id,
          message: `Its section "Database" is marked superseded by ${retired.id} ("Retired"), which is archived: the current version is retired.`,
          fix: `Move ${retired.id} back (memory move ${retired.id} active) if it is current, archive this note too (memory archive ${part.id}), or point the mark at the note that is current now.`,
        }),
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it("says nothing about a current memory with a well-formed supersession", async () => {
    const { memory } = await freshMemory();
    const old = okOf(await memory.capture({ title: "Old", body: "o" }));
    const now = okOf(await memory.capture({ title: "Now", body: "n" }));
    okOf(await memory.index.set({ hot: [now.id], warm: [] }));
    okOf(await memory.supersede(old.id, now.id, { date: "2026-03-01" }));
    expect(await supersessionFindings(memory)).toEqual([]);
  });
});
