/**
 * Issue 30's done-when scenario, end to end on real git: a decision made in one Claude Code
 * session ("we deploy the API with Fly.io") and reversed a week later in another, with a
 * reason, each consolidated by the real consolidation with the prompt-bound stand-in model.
 * Afterwards the old note carries the superseded mark with the second session's date and
 * reason, search puts the new note first and marks the old one, AGENTS.md and `memory context`
 * carry the new fact and not the old one as current, and `memory why` on the new note names
 * the second session (harness, session id) and its commit. Real files, the git CLI, HOME
 * pointed at an empty folder; the built CLI answers `why` and `context` as a subprocess.
 *
 * The transcripts are Claude Code JSONL in the shape of test/fixtures/sessions/
 * claude-code-session.jsonl (see test/fixtures/transcripts/SOURCES.md for where it comes from).
 */
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../src/adapters/git-cli/git-cli.js";
import { defaultSessionReaders } from "../../src/adapters/session-readers/default-session-readers.js";
import { sessionContext } from "../../src/lifecycle/context/session-context.js";
import { createMemory, type Memory } from "../../src/memory.js";
import { noteSupersession } from "../../src/model/supersession/supersession.js";
import { promptBoundLlm } from "../../src/testing/prompt-bound-llm.js";
import { createSandbox, jsonOf, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { okOf } from "../helpers/result-helpers.js";
import { scaledMs } from "../helpers/time-scale.js";

const FIRST_SESSION = "5c1f2a9e-7b3d-4e8a-9f10-2d6c8b4a7e31";
const SECOND_SESSION = "9e2b7c40-1d5a-4f63-8b2e-6a0f3c9d1e57";
/** The decision, and a sentence only the old note holds. */
const DECISION = "We deploy the API with Fly.io.";
const OLD_ONLY = "Fly.io machines start close to our users in Frankfurt.";
/** The reversal: the new fact, and the line that says the old one changed and why. */
const NEW_FACT = "We deploy the API with Render from now on.";
const REVERSAL =
  "As of 2026-03-14 this is reversed: we deploy the API with Fly.io no longer holds, because Fly.io kept dropping our websocket connections in Frankfurt.";

/** A Claude Code transcript line, in the shape of the real ones (see the module comment). */
function line(session: string, n: number, role: "user" | "assistant", text: string, at: string) {
  const common = {
    parentUuid: n === 1 ? null : `m-${n - 1}`,
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/api",
    sessionId: session,
    version: "2.0.61",
    gitBranch: "main",
  };
  const message =
    role === "user"
      ? { role, content: text }
      : {
          model: "claude-sonnet-4-5-20250929",
          id: `msg_${session.slice(0, 8)}${n}`,
          type: "message",
          role,
          content: [{ type: "text", text }],
          stop_reason: null,
          stop_sequence: null,
        };
  return JSON.stringify({ ...common, message, type: role, uuid: `m-${n}`, timestamp: at });
}

let sandbox: Sandbox;
let root = "";
let memory: Memory;
let clock = 0;
const ids = { old: "", new: "" };
const runs = { first: "", second: "" };
let entries = { first: "", second: "" };
let superseded: unknown[] = [];
let refused: unknown[] = [];

const git = (...args: string[]) =>
  execFileSync("git", args, {
    cwd: root,
    env: { ...process.env, ...sandbox.env },
    encoding: "utf8",
  });

async function transcript(session: string, turns: [string, string], at: string): Promise<string> {
  const path = join(sandbox.dir, "transcripts", `${session}.jsonl`);
  await writeFile(
    path,
    `${[line(session, 1, "user", turns[0], at), line(session, 2, "assistant", turns[1], at)].join("\n")}\n`,
  );
  return path;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  fs.mkdirSync(join(sandbox.dir, "transcripts"));
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
  memory = createMemory({
    persistence: fsPersistence({ fs, root }),
    git: gitCli({ dir: root, env: sandbox.env }),
    llm: promptBoundLlm(),
    sessionReaders: defaultSessionReaders({ fs }),
    now: () => clock,
  });

  // Session 1, 2026-03-07: the decision. Consolidated that night; the decision is then hot.
  clock = Date.UTC(2026, 2, 7, 23);
  const one = okOf(
    await memory.journal.add({
      harness: "claude-code",
      timestamp: "2026-03-07T10:00:00.000Z",
      retrieval: {
        method: "jsonl",
        threadId: FIRST_SESSION,
        sessionPath: await transcript(
          FIRST_SESSION,
          [DECISION, OLD_ONLY],
          "2026-03-07T10:00:00.000Z",
        ),
      },
    }),
  );
  const first = okOf(await memory.consolidate());
  ids.old = first.created[0] ?? "";
  runs.first = first.commit ?? "";
  okOf(await memory.index.promote(ids.old, "hot", { commit: "tier: the deploy decision is hot" }));

  // Session 2, a week later: the decision reversed, with a reason. Consolidated next morning,
  // so a date taken from the clock would be 2026-03-15, not the session's 2026-03-14.
  clock = Date.UTC(2026, 2, 15, 6);
  const two = okOf(
    await memory.journal.add({
      harness: "claude-code",
      timestamp: "2026-03-14T16:20:00.000Z",
      retrieval: {
        method: "jsonl",
        threadId: SECOND_SESSION,
        sessionPath: await transcript(
          SECOND_SESSION,
          [NEW_FACT, REVERSAL],
          "2026-03-14T16:20:00.000Z",
        ),
      },
    }),
  );
  const second = okOf(await memory.consolidate());
  refused = [...(second.refused ?? [])];
  ids.new = second.created[0] ?? "";
  runs.second = second.commit ?? "";
  superseded = [...(second.superseded ?? [])];
  entries = { first: one.id, second: two.id };
}, scaledMs(180_000));

afterAll(() => sandbox.cleanup());

const cli = (args: readonly string[]) => sandbox.cli([...args, "--root", root], { cwd: root });

describe("a decision made, then reversed a week later, through real consolidation", () => {
  it("marks the old note superseded with the second session's date and reason, and search puts the new note first", async () => {
    expect(ids.old).toMatch(/^id__/);
    expect(ids.new).toMatch(/^id__/);
    expect(ids.new).not.toBe(ids.old);
    expect(refused).toEqual([]);
    expect(superseded).toEqual([
      {
        id: ids.old,
        by: ids.new,
        date: "2026-03-14",
        reason: expect.stringContaining("websocket"),
      },
    ]);

    const old = okOf(await memory.read(ids.old));
    const mark = noteSupersession(old.body);
    expect(mark).toMatchObject({ successorId: ids.new, date: "2026-03-14" });
    expect(mark?.reason).toContain("kept dropping our websocket connections in Frankfurt");
    expect(old.supersededBy?.id).toBe(ids.new);
    // Nothing written is lost: the old text stays under the mark, in the file on disk.
    const onDisk = await readFile(join(root, old.path), "utf8");
    expect(onDisk).toContain(`> Superseded by [[${ids.new}|`);
    expect(onDisk).toContain(OLD_ONLY);
    expect(okOf(await memory.read(ids.new)).body).toContain(NEW_FACT);

    // The mark is in the second run's own commit, and the tree is clean.
    expect(git("show", "--name-only", "--format=%B", runs.second)).toContain(
      `superseded ${ids.old}: by ${ids.new} on 2026-03-14`,
    );
    const dirty = git("status", "--porcelain", "--untracked-files=all")
      .split("\n")
      .filter((entry) => entry.trim() !== "" && !entry.includes(".agent-memory/"));
    expect(dirty).toEqual([]);

    const results = okOf(await memory.search("how do we deploy the API"));
    expect(results[0]?.id).toBe(ids.new);
    expect(results[0]?.supersededBy).toBeUndefined();
    const oldHit = results.find((result) => result.id === ids.old);
    expect(oldHit?.supersededBy).toEqual({ id: ids.new, title: NEW_FACT });
  });

  // Waits for h30-surfaces (AGENTS.md, `memory context` current-first): the old note is hot.
  it("AGENTS.md and the session context carry the new fact and not the old one as current", async () => {
    okOf(await memory.agentsMd({ target: "AGENTS.md" }));
    const agents = await readFile(join(root, "AGENTS.md"), "utf8");
    const context = okOf(await sessionContext(memory, { budget: 4_000 })).text;
    for (const text of [agents, context]) {
      expect(text).toContain(NEW_FACT);
      // The old note's body is never inlined as current...
      expect(text).not.toContain(OLD_ONLY);
      // ...and wherever the old note is named, it is named as superseded.
      for (const named of text.split("\n").filter((row) => row.includes(ids.old)))
        expect(named.toLowerCase()).toContain("supersede");
    }
  });

  it(
    "memory why (the built CLI) names the second session, its harness and its commit",
    async () => {
      const why = jsonOf<{
        id: string;
        parts: { text: string; commits: string[] }[];
        commits: {
          commit: string;
          by: string;
          sources: { ref: string; harness: string; session?: string; date?: string }[];
        }[];
      }>(succeeded(await cli(["why", ids.new, "--json"])));
      expect(why.id).toBe(ids.new);
      const fact = why.parts.find((part) => part.text.includes(NEW_FACT));
      expect(fact?.commits).toEqual([runs.second]);
      expect(why.commits.find((commit) => commit.commit === runs.second)).toMatchObject({
        by: "consolidation",
        sources: [
          {
            ref: entries.second,
            harness: "claude-code",
            session: SECOND_SESSION,
            date: "2026-03-14T16:20:00.000Z",
          },
        ],
      });
      // The first session wrote none of the new note.
      expect(why.commits.map((commit) => commit.commit)).not.toContain(runs.first);

      const text = succeeded(await cli(["why", ids.new])).stdout;
      expect(text).toContain(runs.second.slice(0, 10));
      expect(text).toContain(SECOND_SESSION);
      expect(text).toContain("claude-code");
    },
    scaledMs(120_000),
  );

  // Waits for h30-surfaces, as the AGENTS.md test above.
  it(
    "memory context (the built CLI) carries the new fact and not the old one as current",
    async () => {
      const context = jsonOf<{ text: string; hot: { id: string; body: string | null }[] }>(
        succeeded(
          await sandbox.cli(["context", "--budget", "4000", "--json", "--root", root], {
            cwd: root,
          }),
        ),
      );
      expect(context.text).toContain(NEW_FACT);
      expect(context.text).not.toContain(OLD_ONLY);
      expect(context.hot.filter((note) => note.id === ids.old && note.body !== null)).toEqual([]);
      const plain = succeeded(
        await sandbox.cli(["context", "--budget", "4000", "--root", root], { cwd: root }),
      ).stdout;
      expect(plain).toContain(NEW_FACT);
      expect(plain).not.toContain(OLD_ONLY);
    },
    scaledMs(120_000),
  );
});
