/**
 * Issues 30 and 31: a run of several sessions shows each session's related notes. One search
 * over the most frequent words of all sessions let three long sessions about painting drown
 * the short one reversing a decision, so the model never saw the note it had to supersede
 * (found by `npm run eval:lifecycle`). Also: a shown note whose body has `## ` headings no
 * longer hides the notes after it from the prompt-bound model.
 */
import { execFileSync } from "node:child_process";
import * as nodeFs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fsPersistence } from "../../../src/adapters/fs/fs-persistence.js";
import { gitCli } from "../../../src/adapters/git-cli/git-cli.js";
import { relatedNotesQueries } from "../../../src/lifecycle/consolidate/select-related-notes.js";
import { createMemory } from "../../../src/memory.js";
import { noteSupersession } from "../../../src/model/supersession/supersession.js";
import { promptBoundLlm } from "../../../src/testing/prompt-bound-llm.js";
import { isolatedGitEnv } from "../../helpers/git-env.js";
import { okOf } from "../../helpers/result-helpers.js";

const PAINTING =
  "Painting with acrylic colours on canvas again today. The brushes, the palette, the easel, " +
  "the sunflowers, the landscape, the studio light, the gallery, the sketch, the frame, the " +
  "varnish, the texture, the portrait, the pigment and the watercolour all came up again.";

describe("the context of a run with several sessions", () => {
  let base = "";
  let dir = "";
  let env: Record<string, string> = {};

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), "agent-memory-context-"));
    env = await isolatedGitEnv(base);
    dir = join(base, "memory");
    nodeFs.mkdirSync(dir);
    execFileSync("git", ["init", "-q", "-b", "main"], {
      cwd: dir,
      env: { ...process.env, ...env },
    });
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it("searches once per session, so a rare subject finds its note beside frequent ones", () => {
    const sessions = [
      PAINTING,
      PAINTING,
      "We decided to use SQLite for the cache no longer holds.",
    ];
    const queries = relatedNotesQueries(
      sessions.map((text, i) => ({ label: `s${i}`, text })),
      [],
    );
    expect(queries.some((query) => query.includes("sqlite"))).toBe(true);
    expect(relatedNotesQueries([{ label: "one", text: PAINTING }], [])).toHaveLength(1);
  });

  it("shows the note a short session contradicts, and the model supersedes it", async () => {
    const memory = createMemory({
      persistence: fsPersistence({ fs: nodeFs, root: dir }),
      git: gitCli({ dir, env }),
      llm: promptBoundLlm(),
      now: () => Date.UTC(2026, 2, 14, 12),
    });
    const painting = okOf(
      await memory.capture(
        {
          title: "Painting notes",
          tags: ["art"],
          body: `${PAINTING}\n\n## Colours\n\n${PAINTING}`,
        },
        { status: "active", commit: "seed" },
      ),
    );
    const decision = okOf(
      await memory.capture(
        {
          title: "We decided to use SQLite for the cache",
          tags: ["decision"],
          body: "We decided to use SQLite for the cache. It needs no server to run.",
        },
        { status: "active", commit: "seed" },
      ),
    );
    for (const [i, note] of [PAINTING, PAINTING, PAINTING].entries())
      okOf(
        await memory.journal.add({
          harness: "manual",
          retrieval: { method: "none" },
          note,
          timestamp: `2026-03-14T09:0${i}:00.000Z`,
        }),
      );
    okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        note: "We use Postgres from now on. We decided to use SQLite for the cache no longer holds.",
        timestamp: "2026-03-14T09:05:00.000Z",
      }),
    );
    const report = okOf(await memory.consolidate());
    expect(report.refused ?? []).toEqual([]);
    expect((report.superseded ?? []).map((mark) => mark.id)).toEqual([decision.id]);
    expect(noteSupersession(okOf(await memory.read(decision.id)).body)).toBeDefined();
    expect(noteSupersession(okOf(await memory.read(painting.id)).body)).toBeUndefined();
  });
});
