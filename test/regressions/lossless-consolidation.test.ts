/**
 * Issue 12: consolidation never loses a word people or agents wrote. One test per numbered
 * defect of the issue (the scrubber's, defrag's and the raw signals' are beside their code).
 */
import { fromPromise } from "xstate";
import { describe, expect, it } from "vitest";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import type {
  MarkConsolidatedInput,
  MarkConsolidatedOutput,
  RunAgentInput,
  RunAgentOutput,
} from "../../src/lifecycle/consolidate/consolidation-steps.js";
import type { LlmRequest } from "../../src/ports/llm.js";
import type { Persistence } from "../../src/ports/persistence.js";
import { PersistenceError } from "../../src/errors.js";
import { errAsync } from "neverthrow";
import { freshMemory } from "../helpers/fresh-memory.js";
import { seedNotes } from "../helpers/seed-notes.js";
import { errOf, okOf } from "../helpers/result-helpers.js";

const TOPIC = "id__Topic1";
const INBOX = "id__Inbox1";
const DAY = 86_400_000;

function scripted(answers: readonly unknown[]) {
  const requests: LlmRequest[] = [];
  const llm = llmFromFunction((request) => {
    requests.push(request);
    const answer = answers[Math.min(requests.length, answers.length) - 1];
    return typeof answer === "string" ? answer : JSON.stringify(answer);
  });
  return { llm, requests };
}

const killedAfterWriting = fromPromise<MarkConsolidatedOutput, MarkConsolidatedInput>(async () => {
  throw new Error("killed after writing the notes");
});

async function setup(answers: readonly unknown[], overrides: { now?: () => number } = {}) {
  const script = scripted(answers);
  const fresh = await freshMemory({ llm: script.llm, ...overrides });
  await seedNotes(fresh.fs, fresh.root, [
    { id: TOPIC, title: "Deploys go through the release branch", body: "Deploys use release." },
    { id: INBOX, title: "Release approvals", body: "Inbox text about approvals.", folder: "inbox" },
  ]);
  okOf(await fresh.memory.commit("seed"));
  return { ...fresh, ...script };
}

const addEntry = (memory: Awaited<ReturnType<typeof setup>>["memory"], note: string) =>
  memory.journal.add({ harness: "manual", retrieval: { method: "none" }, note });

const bodyOf = async (memory: Awaited<ReturnType<typeof setup>>["memory"], id: string) =>
  okOf(await memory.read(id)).body;

describe("defect 1: a resumed consolidation never replays its plan over newer text", () => {
  it("keeps the plan's own inbox merge and a later human edit", async () => {
    const answer = {
      notes: [
        {
          op: "update",
          id: TOPIC,
          title: "Deploys go through the release branch",
          tags: [],
          body: "Deploys use release. Model addition.",
        },
      ],
      inbox: [{ id: INBOX, action: "merged", into: TOPIC }],
    };
    const { memory, fs, root, requests } = await setup([answer]);
    okOf(await addEntry(memory, "deploys release branch approvals"));
    const crashed = await memory.consolidate({ actors: { markConsolidated: killedAfterWriting } });
    expect(JSON.stringify(errOf(crashed))).toContain("markConsolidated");
    expect(await bodyOf(memory, TOPIC)).toContain("Inbox text about approvals.");
    const path = okOf(await memory.read(TOPIC)).path;
    const text = String(await fs.promises.readFile(`${root}/${path}`, "utf8"));
    await fs.promises.writeFile(`${root}/${path}`, `${text}\nA human edit after the crash.\n`);

    const resumed = okOf(await memory.consolidate());
    const body = await bodyOf(memory, TOPIC);
    expect(body).toContain("Model addition.");
    expect(body).toContain("Inbox text about approvals.");
    expect(body).toContain("A human edit after the crash.");
    expect(resumed.consumed).toHaveLength(1);
    expect(requests).toHaveLength(1);
  });

  it("on a first run, an update of a note edited while the model thought keeps both texts", async () => {
    const answer = {
      notes: [
        {
          op: "update",
          id: TOPIC,
          title: "Deploys go through the release branch",
          tags: [],
          body: "Model rewrite.",
        },
      ],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const { memory, fs, root, llm } = await setup([answer]);
    okOf(await addEntry(memory, "deploys release branch"));
    const path = okOf(await memory.read(TOPIC)).path;
    const editingAgent = fromPromise<RunAgentOutput, RunAgentInput>(async ({ input, signal }) => {
      await fs.promises.writeFile(
        `${root}/${path}`,
        "# Deploys go through the release branch\n\nEdited meanwhile.\n",
      );
      return { answer: okOf(await llm.complete({ ...input.prompt, signal })) };
    });
    const report = okOf(await memory.consolidate({ actors: { runAgent: editingAgent } }));
    expect(await bodyOf(memory, TOPIC)).toBe("Edited meanwhile.");
    expect(report.conflicts).toHaveLength(1);
    const kept = okOf(await memory.read(report.conflicts?.[0]?.keptAs ?? ""));
    expect(kept.status).toBe("inbox");
    expect(kept.body).toContain("Model rewrite.");
    expect(kept.body).toContain(`[[${TOPIC}`);
  });
});

describe("defect 2: a plan saved by an inbox-only run does not match later runs", () => {
  it("a later run asks the model about the new entry and keeps edits", async () => {
    const inboxOnly = { notes: [], inbox: [{ id: INBOX, action: "archive" }] };
    const second = {
      notes: [
        {
          op: "create",
          key: "fresh",
          title: "A fresh fact",
          tags: [],
          body: "From the new entry.",
        },
      ],
      inbox: [],
    };
    const { memory, requests } = await setup([inboxOnly, second]);
    expect(
      (await memory.consolidate({ actors: { markConsolidated: killedAfterWriting } })).isErr(),
    ).toBe(true);
    okOf(await addEntry(memory, "a new entry about something else"));
    const report = okOf(await memory.consolidate());
    expect(requests).toHaveLength(2);
    expect(report.consumed).toHaveLength(1);
    expect(report.created).toHaveLength(1);
    expect(okOf(await memory.journal.pending())).toHaveLength(0);
  });
});

describe("defect 3: an interruption inside markConsolidated finishes marking", () => {
  it("creates nothing twice and leaves no manifest behind", async () => {
    const answer = {
      notes: [
        {
          op: "create",
          key: "fact",
          title: "One fact from two entries",
          tags: [],
          body: "The fact.",
        },
      ],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const { memory, persistence, requests } = await setup([answer]);
    const first = okOf(await addEntry(memory, "entry one"));
    okOf(await addEntry(memory, "entry two"));
    const halfMarked = fromPromise<MarkConsolidatedOutput, MarkConsolidatedInput>(async () => {
      okOf(await memory.journal.markConsolidated([first.id], { commit: null }));
      throw new Error("killed between the two done records");
    });
    expect((await memory.consolidate({ actors: { markConsolidated: halfMarked } })).isErr()).toBe(
      true,
    );
    const report = okOf(await memory.consolidate());
    expect(requests).toHaveLength(1);
    expect(report.consumed).toHaveLength(2);
    const titles = okOf(await memory.list()).map((meta) => meta.title);
    expect(titles.filter((title) => title === "One fact from two entries")).toHaveLength(1);
    expect(okOf(await persistence.list("journal/runs"))).toEqual([]);
    expect(okOf(await memory.journal.pending())).toHaveLength(0);
  });
});

describe("defect 4: one bad answer never wedges consolidation", () => {
  it("refuses an inbox merge cycle", async () => {
    const cycle = {
      notes: [],
      inbox: [
        { id: INBOX, action: "merged", into: "id__Inbox2" },
        { id: "id__Inbox2", action: "merged", into: INBOX },
      ],
    };
    const { memory, fs, root } = await setup([cycle]);
    await seedNotes(fs, root, [
      { id: "id__Inbox2", title: "Second inbox note", body: "Second.", folder: "inbox" },
    ]);
    const failed = await memory.consolidate();
    expect(errOf(failed).message).toMatch(/rejected twice/);
    expect(JSON.stringify(errOf(failed))).toMatch(/chain|cycle/);
    expect(await bodyOf(memory, INBOX)).toBe("Inbox text about approvals.");
    expect(await bodyOf(memory, "id__Inbox2")).toBe("Second.");
  });

  it("quarantines a saved plan that cannot be written, says so, and the next run asks afresh", async () => {
    const mergeIntoTopic = { notes: [], inbox: [{ id: INBOX, action: "merged", into: TOPIC }] };
    const script = scripted([
      mergeIntoTopic,
      { notes: [], inbox: [{ id: INBOX, action: "keep" }] },
    ]);
    const fresh = await freshMemory();
    let failWrites = true;
    const flaky: Persistence = {
      ...fresh.persistence,
      move: (from, to) =>
        failWrites && from.startsWith("inbox/")
          ? errAsync(new PersistenceError("disk full"))
          : fresh.persistence.move(from, to),
      write: (path, content) =>
        failWrites && path.startsWith("topics/")
          ? errAsync(new PersistenceError("disk full"))
          : fresh.persistence.write(path, content),
      remove: (path) => fresh.persistence.remove(path),
    };
    const { createMemory } = await import("../../src/memory.js");
    const memory = createMemory({ persistence: flaky, git: fresh.git, llm: script.llm });
    await seedNotes(fresh.fs, fresh.root, [
      { id: TOPIC, title: "Deploys go through the release branch", body: "Deploys use release." },
      { id: INBOX, title: "Release approvals", body: "Inbox text.", folder: "inbox" },
    ]);
    okOf(await addEntry(memory, "deploys release"));
    expect((await memory.consolidate()).isErr()).toBe(true);
    failWrites = false;
    okOf(await memory.remove(TOPIC, { force: true }));
    const stuck = await memory.consolidate();
    expect(errOf(stuck).message).toMatch(/quarantined/);
    const invalid = okOf(await memory.journal.list({ status: "invalid" }));
    expect(invalid.some((file) => file.path.startsWith("journal/invalid/run-"))).toBe(true);
    okOf(await memory.consolidate());
    expect(script.requests).toHaveLength(2);
    expect(await bodyOf(memory, INBOX)).toBe("Inbox text.");
  });
});

describe("defect 6: the model never replaces text it was not shown", () => {
  const long = Array.from(
    { length: 80 },
    (_, i) => `Deploy sentence number ${i} about release.`,
  ).join(" ");

  it("refuses a body-replacing update of a note the prompt cut, and accepts an append", async () => {
    const truncated = {
      notes: [
        {
          op: "update",
          id: TOPIC,
          title: "Deploys go through the release branch",
          tags: [],
          body: "Short.",
        },
      ],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const appended = {
      notes: [{ op: "append", id: TOPIC, title: "", tags: [], body: "Appended by the model." }],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const { memory, fs, root, requests } = await setup([truncated, appended]);
    await seedNotes(fs, root, [
      { id: TOPIC, title: "Deploys go through the release branch", body: long },
    ]);
    okOf(await addEntry(memory, "deploys release branch sentence"));
    okOf(await memory.consolidate());
    expect(requests).toHaveLength(2);
    expect(requests[1]?.prompt).toMatch(/was cut|append/);
    const body = await bodyOf(memory, TOPIC);
    expect(body.startsWith(long)).toBe(true);
    expect(body).toContain("Appended by the model.");
  });

  it("refuses an update of a note the prompt never showed, and an empty body", async () => {
    const { memory, fs, root } = await setup([
      {
        notes: [{ op: "update", id: "id__Hidden", title: "Hidden", tags: [], body: "" }],
        inbox: [],
      },
    ]);
    await seedNotes(fs, root, [
      { id: "id__Hidden", title: "Unrelated cooking recipe", body: "Keep me." },
    ]);
    okOf(await addEntry(memory, "deploys release"));
    expect((await memory.consolidate()).isErr()).toBe(true);
    expect(await bodyOf(memory, "id__Hidden")).toBe("Keep me.");
  });
});

describe("defect 9: links to ids that do not exist are refused", () => {
  it("asks for a repair and commits no broken link", async () => {
    const broken = {
      notes: [
        { op: "create", key: "k", title: "A fact", tags: [], body: "See [[id__Nope99|ghost]]." },
      ],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const fixed = {
      notes: [
        { op: "create", key: "k", title: "A fact", tags: [], body: `See [[${TOPIC}|deploys]].` },
      ],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const { memory, requests } = await setup([broken, fixed]);
    okOf(await addEntry(memory, "a fact"));
    const report = okOf(await memory.consolidate());
    expect(report.repaired).toBe(true);
    expect(requests[1]?.prompt).toContain("id__Nope99");
    expect(okOf(await memory.brokenLinks())).toEqual([]);
  });
});

describe("defect 10: an inbox note the model kept is not sent again until it changes", () => {
  it("skips the model for an unchanged kept note, asks again after an edit or the interval", async () => {
    let now = Date.UTC(2026, 10, 23);
    const { memory, fs, root, requests } = await setup(
      [{ notes: [], inbox: [{ id: INBOX, action: "keep" }] }],
      {
        now: () => now,
      },
    );
    okOf(await memory.consolidate());
    expect(requests).toHaveLength(1);
    now += 3_600_000;
    okOf(await memory.consolidate());
    expect(requests).toHaveLength(1);
    const path = okOf(await memory.read(INBOX)).path;
    await fs.promises.writeFile(`${root}/${path}`, "# Release approvals\n\nEdited.\n");
    okOf(await memory.consolidate());
    expect(requests).toHaveLength(2);
    now += 8 * DAY;
    okOf(await memory.consolidate());
    expect(requests).toHaveLength(3);
  });
});

describe("an update of a note shown whole", () => {
  it("is applied even when it removes text the model was shown", async () => {
    const answer = {
      notes: [
        {
          op: "update",
          id: TOPIC,
          title: "Deploys go through the release branch",
          tags: [],
          body: "Deploys use",
        },
      ],
      inbox: [{ id: INBOX, action: "keep" }],
    };
    const { memory } = await setup([answer]);
    okOf(await addEntry(memory, "deploys release branch"));
    const report = okOf(await memory.consolidate());
    expect(report.updated).toEqual([TOPIC]);
    expect(report.conflicts).toEqual([]);
    expect(await bodyOf(memory, TOPIC)).toBe("Deploys use");
  });
});
