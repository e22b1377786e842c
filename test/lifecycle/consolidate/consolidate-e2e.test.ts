import { log as gitLog } from "isomorphic-git";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../../src/adapters/llm/llm-from-function.js";
import type { LlmRequest } from "../../../src/ports/llm.js";
import { freshMemory } from "../../helpers/fresh-memory.js";
import { seedNotes } from "../../helpers/seed-notes.js";
import { errOf, okOf } from "../../helpers/result-helpers.js";

/** An LLM that replays recorded answers in order and keeps every request it saw. */
function scriptedLlm(answers: readonly string[]) {
  const requests: LlmRequest[] = [];
  const llm = llmFromFunction((request) => {
    requests.push(request);
    const answer = answers[requests.length - 1];
    if (answer === undefined) throw new Error("the script ran out of answers");
    return answer;
  });
  return { llm, requests };
}

describe("consolidation, end to end on memfs + isomorphic-git", () => {
  it("turns journal entries, session-log sections and inbox notes into linked notes, in one commit", async () => {
    const answer = JSON.stringify({
      notes: [
        {
          op: "create",
          key: "release-branch",
          title: "Deploys go through the release branch",
          tags: ["decision"],
          body: "Decided on 2026-11-21. The [[id__Consol|console app]] ships from `release`. Owner: [[new:igor|Igor]].",
        },
        {
          op: "create",
          key: "igor",
          title: "Igor owns the console",
          tags: ["people"],
          body: "See [[new:release-branch|the deploy rule]]. token: sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
        },
        {
          op: "update",
          id: "id__Consol",
          title: "Console app",
          tags: ["repo"],
          body: "The web console. Deploys: [[new:release-branch|release branch]].",
        },
      ],
      inbox: [{ id: "id__Inbox1", action: "merged", into: "new:igor" }],
    });
    const { llm, requests } = scriptedLlm([answer]);
    const { memory, fs, root } = await freshMemory({ llm, now: () => Date.UTC(2026, 10, 22, 12) });
    await seedNotes(fs, root, [
      { id: "id__Consol", title: "Console app", body: "The web console." },
      {
        id: "id__Inbox1",
        title: "Igor likes design reviews",
        body: "quick thought",
        folder: "inbox",
      },
    ]);
    okOf(await memory.commit("seed"));
    const entry = okOf(
      await memory.journal.add({
        harness: "manual",
        retrieval: { method: "none" },
        // The console app is named, so the prompt shows its note (only shown notes may be rewritten).
        note: "Igor decided deploys of the console app use the release branch.",
      }),
    );
    okOf(
      await memory.sessionLog.append({
        what: "set up deploys",
        why: "releases were ad hoc",
        how: "release branch",
        next: "write the runbook",
      }),
    );

    const report = okOf(await memory.consolidate());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.prompt).toContain(
      "Igor decided deploys of the console app use the release branch.",
    );
    expect(requests[0]?.prompt).toContain("set up deploys");
    expect(requests[0]?.prompt).toContain("id__Inbox1");
    expect(report.consumed).toEqual([entry.id]);
    expect(report.created).toHaveLength(2);
    expect(report.updated).toEqual(["id__Consol"]);
    expect(report.commit).toMatch(/^[0-9a-f]{40}$/);
    // The commit names its sources as trailers, for `memory why` (provenance).
    const [last] = await gitLog({ fs, dir: root, depth: 1 });
    expect(last?.commit.message).toContain(
      `\n\nMemory-Source: journal ${entry.id}; harness manual; date ${entry.timestamp}\n` +
        `Memory-Source: session-log sessions/2026/11/22/agent0.md#1; date 2026-11-22`,
    );

    const [releaseId, igorId] = report.created;
    const release = okOf(await memory.read(releaseId ?? ""));
    expect(release.status).toBe("active");
    expect(release.body).toContain(`[[${igorId}|Igor]]`);
    const igor = okOf(await memory.read(igorId ?? ""));
    expect(igor.body).toContain("[REDACTED:anthropic-key]");
    expect(igor.body).toContain("quick thought");
    expect(errOf(await memory.read("id__Inbox1")).code).toBe("NOT_FOUND");
    expect(okOf(await memory.read("id__Consol")).body).toContain(`[[${releaseId}|release branch]]`);
    expect(okOf(await memory.brokenLinks())).toEqual([]);

    expect(okOf(await memory.journal.pending())).toEqual([]);
    expect(okOf(await memory.journal.list({ status: "done" })).map((done) => done.id)).toEqual([
      entry.id,
    ]);
    expect(okOf(await memory.sessionLog.unconsumed())).toEqual([]);
    const status = await import("isomorphic-git").then((git) =>
      git.statusMatrix({ fs, dir: root }),
    );
    expect(
      status
        .filter(([, head, work, stage]) => !(head === 1 && work === 1 && stage === 1))
        .map(([file]) => file)
        // The spend ledger is private (git-ignored in a memory made by init), never committed.
        .filter((file) => !file.startsWith(".agent-memory/")),
    ).toEqual([]);

    // Nothing pending: the next run finishes without calling the model.
    const again = okOf(await memory.consolidate());
    expect(requests).toHaveLength(1);
    expect(again.consumed).toEqual([]);
    expect(again.commit).toBeNull();
  });

  it("fails clearly without an LLM, and finishes without one when nothing is pending", async () => {
    const { memory } = await freshMemory();
    okOf(await memory.journal.add({ harness: "manual", retrieval: { method: "none" }, note: "x" }));
    const error = errOf(await memory.consolidate());
    expect(error.code).toBe("LLM");
    expect(error.message).toMatch(/pass `llm` to createMemory/);
  });
});
