/**
 * Issues 30 and 31: consolidation's `supersede` op on real git. With the prompt-bound model, a
 * decision made in one session and reversed a week later ends with the old note marked as
 * superseded (date and reason from the second session) in the run's own commit, and the new
 * note holding the new fact. An op the prompt does not justify is refused on its own, with
 * its rule, and the rest of the answer is applied.
 */
import { execFileSync } from "node:child_process";
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import { createMemory } from "../../../src/memory.js";
import { noteSupersession } from "../../../src/model/supersession/supersession.js";
import type { Llm } from "../../../src/ports/llm.js";
import { promptBoundLlm } from "../../../src/testing/prompt-bound-llm.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { okOf } from "../../helpers/result-helpers.js";

const DECISION = "We decided to use SQLite for the cache. It needs no server to run.";
const REVERSAL =
  "We use Postgres for the cache from now on. We decided to use SQLite for the cache no longer holds: SQLite locked under concurrent writes.";

describe("consolidation's supersede op", () => {
  let base = "";
  let dir = "";
  let env: Record<string, string> = {};
  let clock = Date.UTC(2026, 2, 7, 12);
  const memoryWith = (llm: Llm) =>
    createMemory({
      persistence: fsPersistence({ fs: nodeFs, root: dir }),
      git: gitCli({ dir, env }),
      llm,
      now: () => clock,
    });
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" });

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-supersede-"));
    env = await isolatedGitEnv(base);
    dir = join(base, "memory");
    nodeFs.mkdirSync(dir);
    git("init", "-q", "-b", "main");
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("marks a decision reversed a week later as superseded, in the run's commit, with the session's date and reason", async () => {
    const llm = promptBoundLlm();
    const memory = memoryWith(llm);
    clock = Date.UTC(2026, 2, 7, 12);
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: DECISION,
        timestamp: "2026-03-07T10:00:00.000Z",
      }),
    );
    const first = okOf(await memory.consolidate());
    expect(first.created).toHaveLength(1);
    const oldId = first.created[0] ?? "";

    clock = Date.UTC(2026, 2, 14, 12);
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: REVERSAL,
        timestamp: "2026-03-14T09:00:00.000Z",
      }),
    );
    const second = okOf(await memory.consolidate());
    expect(second.refused).toEqual([]);
    expect(second.created).toHaveLength(1);
    const newId = second.created[0] ?? "";
    // The prompt showed the old note as related context: the model could only supersede it so.
    expect(llm.calls[1]?.request.prompt).toContain(`id: ${oldId}`);
    expect(second.superseded).toEqual([
      {
        id: oldId,
        by: newId,
        date: "2026-03-14",
        reason: `Note from the agent: ${REVERSAL}`,
      },
    ]);

    const old = okOf(await memory.read(oldId));
    const mark = noteSupersession(old.body);
    expect(mark?.successorId).toBe(newId);
    expect(mark?.date).toBe("2026-03-14");
    expect(mark?.reason).toContain("SQLite locked under concurrent writes");
    // Nothing written is lost: the old text stays under the mark.
    expect(old.body).toContain(DECISION);
    const successor = okOf(await memory.read(newId));
    expect(successor.body).toContain("We use Postgres for the cache from now on.");

    // The mark is in the run's own commit, and the tree is clean.
    expect(second.commit).not.toBeNull();
    const changed = git("show", "--name-only", "--format=%B", "HEAD");
    expect(changed).toContain(`superseded ${oldId}: by ${newId} on 2026-03-14`);
    expect(changed).toContain(old.path);
    expect(changed).toContain(successor.path);
    // The spend ledger under .agent-memory/ is private: never committed, so never "clean".
    const changes = git("status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter((line) => line.trim() !== "" && !line.includes(".agent-memory/"));
    expect(changes).toEqual([]);
  });

  it("refuses a supersede of a note the model was not shown, and applies the rest of the answer", async () => {
    const seedMemory = memoryWith(llmFromFunction(() => "{}"));
    // Archived: never in a consolidation prompt, so the model cannot have seen it.
    const hidden = okOf(
      await seedMemory.capture(
        { title: "Unrelated gardening note", body: "Tomatoes want sun.", tags: [] },
        { status: "archived", commit: "seed" },
      ),
    );
    const answer = JSON.stringify({
      notes: [
        {
          op: "create",
          key: "ci",
          title: "CI runs on every push",
          tags: [],
          body: "CI runs on every push.",
        },
      ],
      inbox: [],
      supersede: [{ id: hidden.id, by: "new:ci", reason: "made up", date: "2026-03-14" }],
    });
    const memory = memoryWith(llmFromFunction(() => answer));
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "CI runs on every push.",
      }),
    );
    const report = okOf(await memory.consolidate());
    expect(report.created).toHaveLength(1);
    expect(report.superseded).toEqual([]);
    expect(report.refused).toEqual([
      {
        where: "supersede[0]",
        op: "supersede",
        id: hidden.id,
        rule: "not-shown",
        reason: `${hidden.id} was not shown in this prompt, so the model cannot know it no longer holds.`,
      },
    ]);
    expect(okOf(await memory.read(hidden.id)).body).toBe("Tomatoes want sun.");
    expect(git("show", "--format=%B", "-s", "HEAD")).toContain(
      `refused supersede[0] (not-shown): ${hidden.id}`,
    );
  });
});
