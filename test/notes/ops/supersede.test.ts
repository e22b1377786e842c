/**
 * Issue 30: `memory.supersede(old, new)` writes the supersession mark into the old note (a
 * compare-and-swap, one write, one commit), keeps its text and links, and refuses a
 * self-supersession, a loop, an unknown id and an archived successor with nothing written.
 */
import * as git from "isomorphic-git";
import { describe, expect, it } from "vitest";
import { noteSupersession } from "../../../src/model/supersession/supersession.js";
import { freshMemory, sequentialIds } from "../../helpers/fresh-memory.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

const DAY = Date.UTC(2026, 2, 14, 22, 30);

async function twoNotes() {
  const fresh = await freshMemory({ generateId: sequentialIds("S"), now: () => DAY });
  const { memory } = fresh;
  const old = okOf(
    await memory.capture(
      {
        title: "Sessions in SQLite",
        body: "We store sessions in SQLite.\n\n## Backups\nNightly.",
        tags: ["decisions"],
      },
      { commit: "memory: capture old" },
    ),
  );
  const current = okOf(
    await memory.capture(
      { title: "Sessions in Postgres", body: "We store sessions in Postgres." },
      { commit: "memory: capture new" },
    ),
  );
  const file = `${fresh.root}/${old.path}`;
  const text = async () => String(await fresh.fs.promises.readFile(file, "utf8"));
  return { ...fresh, old, current, text };
}

describe("supersede", () => {
  it("marks the old note first in its body, keeps its text, in one commit, dated today (UTC)", async () => {
    const { memory, fs, root, old, current, text } = await twoNotes();
    const done = okOf(
      await memory.supersede(old.id, current.id, {
        reason: "SQLite could not take the write load",
        commit: "memory: supersede",
      }),
    );
    expect(done).toMatchObject({
      changed: true,
      date: "2026-03-14",
      successor: { id: current.id, title: "Sessions in Postgres" },
    });
    expect(done.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(await text()).toBe(
      `# Sessions in SQLite\n\n#decisions\n\n> Superseded by [[${current.id}|Sessions in Postgres]] on 2026-03-14: SQLite could not take the write load.\n\nWe store sessions in SQLite.\n\n## Backups\nNightly.\n`,
    );
    const read = okOf(await memory.read(old.id));
    expect(noteSupersession(read.body)?.successorId).toBe(current.id);
    expect(okOf(await memory.links(current.id)).inbound.map((link) => link.id)).toContain(old.id);
    const log = await git.log({ fs, dir: root });
    expect(log.map((entry) => entry.commit.message.trim())).toEqual([
      "memory: supersede",
      "memory: capture new",
      "memory: capture old",
    ]);
  });

  it("marks one section, with the date given", async () => {
    const { memory, old, current, text } = await twoNotes();
    okOf(await memory.supersede(old.id, current.id, { section: "backups", date: "2026-01-02" }));
    expect(await text()).toContain(
      `## Backups\n\n> Superseded by [[${current.id}|Sessions in Postgres]] on 2026-01-02.\n\nNightly.\n`,
    );
  });

  it("writes nothing when the same mark is there already", async () => {
    const { memory, old, current, text } = await twoNotes();
    okOf(
      await memory.supersede(old.id, current.id, {
        commit: "memory: supersede",
        date: "2026-01-05",
        reason: "first",
      }),
    );
    const before = await text();
    const again = okOf(await memory.supersede(old.id, current.id, { commit: "memory: again" }));
    expect(again).toMatchObject({
      changed: false,
      commit: null,
      date: "2026-01-05",
      reason: "first",
    });
    expect(await text()).toBe(before);
  });

  it("refuses, with nothing written: itself, a loop, unknown ids, an archived successor, a stale hash, bad input", async () => {
    const { memory, old, current, text } = await twoNotes();
    const third = okOf(await memory.capture({ title: "Third", body: "x" }));
    okOf(await memory.supersede(current.id, third.id));
    okOf(await memory.supersede(third.id, old.id));
    const archived = okOf(await memory.capture({ title: "Old idea", body: "y" }));
    okOf(await memory.move(archived.id, "archived"));
    const fourth = okOf(await memory.capture({ title: "Fourth", body: "z" }));
    const before = await text();
    const expectRefused = async (
      run: ReturnType<typeof memory.supersede>,
      code: string,
      message: RegExp,
    ) => {
      const error = errOf(await run);
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    };
    await expectRefused(
      memory.supersede(old.id, current.id),
      "CONFLICT",
      new RegExp(`${current.id} -> ${third.id} -> ${old.id}`),
    );
    await expectRefused(
      memory.supersede(old.id, old.id),
      "INVALID_INPUT",
      /cannot supersede itself/,
    );
    await expectRefused(memory.supersede(old.id, "id__Zz9Zz9"), "NOT_FOUND", /id__Zz9Zz9/);
    await expectRefused(memory.supersede("id__Zz9Zz9", current.id), "NOT_FOUND", /id__Zz9Zz9/);
    await expectRefused(memory.supersede(old.id, archived.id), "CONFLICT", /archived/);
    await expectRefused(
      memory.supersede(old.id, fourth.id, { date: "2026-13-01" }),
      "INVALID_INPUT",
      /YYYY-MM-DD/,
    );
    await expectRefused(
      memory.supersede(old.id, fourth.id, { reason: "a\nb" }),
      "INVALID_INPUT",
      /one line/,
    );
    await expectRefused(
      memory.supersede(old.id, fourth.id, { section: "Nope" }),
      "NOT_FOUND",
      /no section/,
    );
    await expectRefused(
      memory.supersede(old.id, fourth.id, { expectedHash: "0000000000000000" }),
      "CONFLICT",
      /changed since it was read/,
    );
    expect(await text()).toBe(before);
  });
});

describe("readers see the current note first", () => {
  it("search ranks a superseded note below its successor and marks it; read names the successor", async () => {
    const { memory, old, current } = await twoNotes();
    const before = okOf(await memory.search("sessions SQLite store"));
    expect(before[0]?.id).toBe(old.id);
    okOf(await memory.supersede(old.id, current.id, { reason: "load", date: "2026-03-01" }));
    const after = okOf(await memory.search("sessions SQLite store"));
    expect(after.map((result) => result.id)).toEqual([current.id, old.id]);
    expect(after[1]?.supersededBy).toEqual({ id: current.id, title: "Sessions in Postgres" });
    expect(after[0]?.supersededBy).toBeUndefined();
    expect(okOf(await memory.read(old.id)).supersededBy).toEqual({
      id: current.id,
      title: "Sessions in Postgres",
      date: "2026-03-01",
      reason: "load",
    });
    expect(okOf(await memory.read(current.id)).supersededBy).toBeUndefined();
  });

  it("a section mark does not make the note superseded", async () => {
    const { memory, old, current } = await twoNotes();
    okOf(await memory.supersede(old.id, current.id, { section: "Backups" }));
    expect(okOf(await memory.read(old.id)).supersededBy).toBeUndefined();
    const found = okOf(await memory.search("sessions SQLite store"));
    expect(found[0]?.id).toBe(old.id);
    expect(found[0]?.supersededBy).toBeUndefined();
  });
});
