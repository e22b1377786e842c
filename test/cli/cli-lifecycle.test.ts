import { spawn } from "node:child_process";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scaledMs } from "../helpers/time-scale.js";
import type { StoredJournalEntry } from "../../src/model/records/journal-entry.js";
import type { Pickup } from "../../src/lifecycle/sessions/session-pickup.js";
import { CLI, createSandbox, jsonOf, readTree, type CliRun, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(() => sandbox.cleanup());

/**
 * A fresh memory root (init'ed, with git) and `memory <args> --root <it>`: `memory` runs in
 * this process, `spawned` runs the executable (one call of each command here does).
 */
async function newMemory(name: string) {
  const root = join(sandbox.dir, name);
  const init = await sandbox.cliInProcess(["init", "--root", root]);
  expect(init.code).toBe(0);
  type Options = { input?: string; env?: Record<string, string> };
  const memory = (args: readonly string[], options: Options = {}) =>
    sandbox.cliInProcess([...args, "--root", root], { cwd: root, ...options });
  const spawned = (args: readonly string[], options: Options = {}) =>
    sandbox.cli([...args, "--root", root], { cwd: root, ...options });
  return { root, memory, spawned };
}

/** Exactly one stderr line, starting with "memory: ". */
function oneErrorLine(run: CliRun): string {
  const lines = run.stderr.split("\n").filter((line) => line !== "");
  expect({ lines, stderr: run.stderr }).toMatchObject({ lines: [expect.any(String)] });
  expect(lines[0]).toMatch(/^memory: /);
  return lines[0] ?? "";
}

const ENTRY_ID = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+$/;

describe("journal add and list", () => {
  it("adds quietly (the id, nothing else), lists pending, and refuses bad lines", async () => {
    const { root, memory, spawned } = await newMemory("journal");
    const added = await spawned([
      "journal",
      "add",
      "--harness",
      "amp",
      "--thread",
      "T-019c545f",
      "--cwd",
      ".",
      "--repo",
      "acme/console",
    ]);
    expect(added).toMatchObject({ code: 0, stderr: "" });
    const id = added.stdout.trimEnd();
    expect(added.stdout).toBe(`${id}\n`);
    expect(id).toMatch(ENTRY_ID);
    const noted = jsonOf<StoredJournalEntry>(
      await memory([
        "journal",
        "add",
        "--harness",
        "manual",
        "--note",
        "deploys need the VPN",
        "--session",
        "notes/s.md",
        "--timestamp",
        "2026-02-13T09:30:00Z",
        "--json",
      ]),
    );
    expect(noted).toMatchObject({
      version: 1,
      timestamp: "2026-02-13T09:30:00Z",
      harness: "manual",
      retrieval: { method: "file", sessionPath: join(root, "notes/s.md") },
      note: "deploys need the VPN",
    });
    const stored = JSON.parse(await readFile(join(root, "journal/pending", `${id}.json`), "utf8"));
    expect(stored).toMatchObject({
      harness: "amp",
      retrieval: { method: "amp-thread", threadId: "T-019c545f" },
      context: { cwd: root, repo: "acme/console" },
    });

    const listed = await spawned(["journal", "list"]);
    expect(listed.code).toBe(0);
    // Oldest first: the entry dated 2026-02-13 comes before the one added now.
    expect(listed.stdout).toBe(
      [
        `${noted.id}  manual  file ${join(root, "notes/s.md")}  "deploys need the VPN"`,
        `${id}  amp  amp-thread T-019c545f  acme/console`,
        "",
      ].join("\n"),
    );
    const asJson = jsonOf<StoredJournalEntry[]>(await memory(["journal", "list", "--json"]));
    expect(asJson.map((entry) => entry.id)).toEqual([noted.id, id]);
    expect((await memory(["journal", "list", "--status", "done"])).stdout).toBe(
      "No done journal entries.\n",
    );
    expect(jsonOf(await memory(["journal", "list", "--status", "invalid", "--json"]))).toEqual([]);
    await writeFile(join(root, "journal/pending/broken.json"), "{");
    expect((await memory(["journal", "list", "--status", "invalid"])).stdout).toMatch(
      /^journal\/pending\/broken\.json \(still in pending\): the file is not valid JSON/,
    );
    // Signals are not committed by journal add: consolidation commits them.
    expect(await sandbox.git(root, ["status", "--porcelain"])).toContain("journal/");

    const bad: [string[], RegExp, number][] = [
      [["journal", "add", "--thread", "T-1"], /--harness is required/, 2],
      [
        ["journal", "list", "--status", "later"],
        /unknown status "later": use pending, done or invalid/,
        2,
      ],
      [["journal", "add", "--harness", "amp", "--method", "jsonl"], /sessionPath/, 1],
      [["journal", "add", "--harness", "x", "--timestamp", "yesterday"], /timestamp/, 1],
    ];
    for (const [args, message, code] of bad) {
      const run = await memory(args);
      expect({ args, code: run.code }).toEqual({ args, code });
      expect(oneErrorLine(run)).toMatch(message);
    }
  });
});

describe("log and pickup", () => {
  it("logs sessions of two agents and picks each up; none yet is not an error", async () => {
    const { memory, spawned } = await newMemory("sessions");
    const none = await spawned(["pickup"]);
    expect(none).toMatchObject({ code: 0, stderr: "" });
    expect(none.stdout).toMatch(/^No session to pick up for agent 0/);
    expect((await memory(["pickup", "--json"])).stdout).toBe("null\n");

    const main = await spawned([
      "log",
      "--what",
      "migrated the db",
      "--why",
      "v2 schema",
      "--how",
      "npm run migrate",
      "--next",
      "drop the old table",
    ]);
    expect(main.code).toBe(0);
    expect(main.stdout).toMatch(
      /^Logged session 1 \(\d\d:\d\d UTC\) in sessions\/\d{4}\/\d\d\/\d\d\/agent0\.md\n$/,
    );
    const helper = await memory(["log", "--agent", "1"], {
      input:
        "## what\nfixed the flaky test\n## why\nred CI\n## how\nnpm test -- --repeat 50\n- next: ship it\n",
    });
    expect(helper.code).toBe(0);

    const zero = await memory(["pickup"]);
    expect(zero.code).toBe(0);
    expect(zero.stdout).toMatch(
      /^next: drop the old table\nfrom: sessions\/\d{4}\/\d\d\/\d\d\/agent0\.md \(agent 0, session 1, [\d-]+ \d\d:\d\d UTC\)\n\n## session 1 /,
    );
    expect(zero.stdout).toContain("### what\nmigrated the db\n");
    const one = jsonOf<Pickup>(await memory(["pickup", "--agent", "1", "--json"]));
    expect(one).toMatchObject({ next: "ship it", agent: 1, session: 1 });
    expect(one.text).toContain("npm test -- --repeat 50");
    // An agent with no log of its own sees what agent 0 is doing.
    expect(jsonOf<Pickup>(await memory(["pickup", "--agent", "2", "--json"]))).toMatchObject({
      next: "drop the old table",
      agent: 0,
    });

    const bad: [string[], string | undefined, RegExp, number][] = [
      [["log", "--what", "x", "--next", "y"], undefined, /missing --why, --how: give all four/, 2],
      [["log"], "", /no session given/, 2],
      [["log"], "just text\n", /lacks what, why, how, next/, 1],
      [
        ["log", "--agent", "one", "--what", "a", "--why", "b", "--how", "c", "--next", "d"],
        undefined,
        /--agent takes a whole number/,
        2,
      ],
      [["pickup", "--agent", "-1"], undefined, /--agent takes a whole number|option --agent/, 2],
    ];
    for (const [args, input, message, code] of bad) {
      const run = await memory(args, input === undefined ? {} : { input });
      expect({ args, code: run.code }).toEqual({ args, code });
      expect(oneErrorLine(run)).toMatch(message);
    }
  });
});

describe("search", () => {
  it("ranks captured notes: score, id, title, then the snippet indented", async () => {
    const { memory, spawned } = await newMemory("search");
    for (const [title, body] of [
      ["Igor is a designer", "He designs the console app and reviews every screen."],
      ["Deploy checklist", "Run the migrations, then deploy the console."],
      ["Lunch spots", "The noodle bar on the corner."],
    ] as const) {
      expect((await memory(["capture", title, "--body", body])).code).toBe(0);
    }
    const found = await spawned(["search", "designer", "console"]);
    expect(found.code).toBe(0);
    const lines = found.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ *\d+\.\d\d  id__[A-Za-z0-9]{6}  Igor is a designer$/);
    expect(lines[1]).toMatch(/^ {8}\S.*console/);
    expect(found.stdout).toContain("Deploy checklist");
    expect(found.stdout).not.toContain("Lunch spots");

    type Result = { id: string; title: string; score: number; snippet: string };
    const json = jsonOf<Result[]>(await memory(["search", "noodle", "--json", "--limit", "1"]));
    expect(json).toHaveLength(1);
    expect(json[0]).toMatchObject({ title: "Lunch spots" });
    expect(json[0]?.snippet).toContain("noodle");
    expect((await memory(["search", "zebra", "--status", "archived"])).stdout).toBe(
      'No notes match "zebra".\n',
    );
    const badLimit = await memory(["search", "x", "--limit", "0"]);
    expect(badLimit.code).toBe(2);
    expect(oneErrorLine(badLimit)).toMatch(/--limit takes a whole number from 1 to 100/);
    expect(oneErrorLine(await memory(["search", "x", "--k", "101"]))).toMatch(
      /--k takes a whole number from 1 to 100/,
    );
    expect(oneErrorLine(await memory(["search", "x", "--tag", "a b"]))).toMatch(/not a tag name/);
    const noWords = await memory(["search", "!!"]);
    expect(noWords.code).toBe(1);
    expect(oneErrorLine(noWords)).toMatch(/no letter or digit/);
  });
});

describe("search --k, --tag, --status, archived marks and score parts", () => {
  it("narrows by tag and status, marks archived notes, and shows why each note ranked", async () => {
    const { memory } = await newMemory("search-options");
    const ids: string[] = [];
    for (const [title, body, tag, status] of [
      ["Deploy checklist", "Run the migrations, then deploy.", "infra/deploy", "active"],
      ["Old deploy notes", "How we used to deploy by hand.", "infra", "archived"],
      ["Deploy party", "Cake after the deploy.", "social", "active"],
    ] as const) {
      const run = await memory([
        "capture",
        title,
        "--body",
        body,
        "--tag",
        tag,
        "--status",
        status,
      ]);
      expect(run.code).toBe(0);
      ids.push(/id__[A-Za-z0-9]{6}/.exec(run.stdout)?.[0] ?? "");
    }

    type Result = {
      id: string;
      status: string;
      score: number;
      scores: { lexical: number; graph: number; vector: number | null };
    };
    const all = jsonOf<Result[]>(await memory(["search", "deploy", "--json"]));
    expect(all).toHaveLength(3);
    for (const result of all) {
      expect(result.scores.vector).toBeNull();
      expect(result.scores.lexical + result.scores.graph).toBeCloseTo(result.score);
    }
    const infra = jsonOf<Result[]>(await memory(["search", "deploy", "--tag", "#infra", "--json"]));
    expect(infra.map((r) => r.id).toSorted()).toEqual([ids[0], ids[1]].toSorted());
    const text = (await memory(["search", "deploy", "--tag", "infra", "--status", "archived"]))
      .stdout;
    expect(text).toMatch(/Old deploy notes {2}\[archived\]\n/);
    expect(text).not.toContain("Deploy checklist");
    expect(jsonOf<Result[]>(await memory(["search", "deploy", "--k", "1", "--json"]))).toHaveLength(
      1,
    );
  });
});

describe("consolidate", () => {
  const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/create-one-note.mjs");
  const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;

  it("needs an LLM command: exit 1 with how to set one", async () => {
    const { memory, spawned } = await newMemory("no-llm");
    const run = await spawned(["consolidate"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(oneErrorLine(run)).toMatch(
      /^memory: consolidate needs an LLM command: pass --llm-cmd "claude -p" .* or set AGENT_MEMORY_LLM_CMD\.$/,
    );
    const unsplittable = await memory(["consolidate", "--llm-cmd", "claude 'oops"]);
    expect(unsplittable.code).toBe(2);
    expect(oneErrorLine(unsplittable)).toMatch(/unterminated ' quote/);
  });

  it("dry run shows the plan and writes nothing; a run writes the notes, moves the entries to done and commits once", async () => {
    const { root, memory, spawned } = await newMemory("consolidate");
    const entry = (
      await memory(["journal", "add", "--harness", "manual", "--note", "a fact worth keeping"])
    ).stdout.trim();
    expect(entry).toMatch(ENTRY_ID);
    const headBefore = await sandbox.git(root, ["rev-parse", "HEAD"]);
    const filesOf = async () =>
      Object.keys(await readTree(root)).filter((path) => !path.startsWith(".agent-memory/"));
    const treeBefore = await filesOf();

    const dry = await memory(["consolidate", "--llm-cmd", llmCmd, "--dry-run"]);
    expect(dry).toMatchObject({ code: 0, stderr: "" });
    expect(dry.stdout).toMatch(
      /^Dry run: nothing was written\. The plan:\nWould create 1 note:\n {2}new:k {2}A fact {2}#t\nModel: 1 call, \d+ tokens in, \d+ out \(estimated with the tokenizer\)\.\n$/,
    );
    expect(await filesOf()).toEqual(treeBefore);
    expect(await sandbox.git(root, ["rev-parse", "HEAD"])).toBe(headBefore);

    // The environment variable is used when --llm-cmd is not given.
    const run = await spawned(["consolidate", "--json"], { env: { AGENT_MEMORY_LLM_CMD: llmCmd } });
    expect(run).toMatchObject({ code: 0 });
    const report = jsonOf<{
      consumed: string[];
      created: string[];
      commit: string;
      dryRun: boolean;
    }>(run);
    expect(report).toMatchObject({ consumed: [entry], dryRun: false });
    expect(report.created).toHaveLength(1);
    const [id] = report.created;
    const topics = await readdir(join(root, "topics"));
    expect(topics).toEqual([`a-fact ${id}.md`]);
    expect(await readFile(join(root, "topics", `a-fact ${id}.md`), "utf8")).toBe(
      "# A fact\n\n#t\n\nb\n",
    );
    expect(await readdir(join(root, "journal/pending"))).toEqual([]);
    expect(await readdir(join(root, "journal/done"))).toEqual([`${entry}.json`]);
    const subjects = (await sandbox.git(root, ["log", "--format=%H %s"])).trim().split("\n");
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).toBe(`${report.commit} memory: consolidate 1 journal entry`);
    expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");

    // Text output of a second run with nothing pending.
    const again = await memory(["consolidate", "--llm-cmd", llmCmd]);
    expect(again.stdout).toBe(
      "Nothing to consolidate: no pending journal entries, session-log sections or inbox notes.\n",
    );
  });

  it("reports the text summary, and a failed step on one stderr line with exit 1", async () => {
    const { root, memory } = await newMemory("consolidate-text");
    await memory(["log", "--what", "a", "--why", "b", "--how", "c", "--next", "d"]);
    const run = await memory(["consolidate", "--llm-cmd", llmCmd, "--timeout", "60"]);
    expect(run).toMatchObject({ code: 0 });
    expect(run.stdout).toMatch(
      /^Consolidated 1 session-log section\.\nCreated 1 note:\n {2}id__[A-Za-z0-9]{6} {2}A fact\nCommitted [0-9a-f]{7}\.\nModel: 1 call, \d+ tokens in, \d+ out \(estimated with the tokenizer\)\.\n$/,
    );

    await memory(["journal", "add", "--harness", "manual", "--note", "x"]);
    const failing = resolve(import.meta.dirname, "../fixtures/llm/fail.mjs");
    const failed = await memory([
      "consolidate",
      "--llm-cmd",
      `${JSON.stringify(process.execPath)} ${JSON.stringify(failing)}`,
    ]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toBe("");
    expect(oneErrorLine(failed)).toMatch(
      /^memory: .*failed at runAgent: .*exit code 3.*quota exceeded/,
    );
    expect(await readdir(join(root, "journal/pending"))).toHaveLength(1);
    const badTimeout = await memory(["consolidate", "--llm-cmd", llmCmd, "--timeout", "soon"]);
    expect(badTimeout.code).toBe(2);
    expect(oneErrorLine(badTimeout)).toMatch(/--timeout takes seconds, above 0/);
  });

  it("stops cleanly on SIGINT: the model command is stopped, entries stay pending, exit 1", async () => {
    const { root } = await newMemory("consolidate-abort");
    await sandbox.cliInProcess([
      "journal",
      "add",
      "--harness",
      "manual",
      "--note",
      "x",
      "--root",
      root,
    ]);
    const slow = resolve(import.meta.dirname, "../fixtures/llm/slow.mjs");
    const pidFile = join(sandbox.dir, "slow.pid");
    const child = spawn(
      process.execPath,
      [
        CLI,
        "consolidate",
        "--root",
        root,
        "--llm-cmd",
        `${JSON.stringify(process.execPath)} ${JSON.stringify(slow)} ${JSON.stringify(pidFile)}`,
      ],
      { env: sandbox.env, stdio: ["ignore", "pipe", "pipe"] },
    );
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((done) => child.on("close", done));
    const llmPid = await waitForFile(pidFile);
    child.kill("SIGINT");
    expect(await exited).toBe(1);
    expect(oneErrorLine({ code: 1, stdout: "", stderr })).toMatch(/aborted during runAgent/);
    expect(await readdir(join(root, "journal/pending"))).toHaveLength(1);
    expect(isRunning(Number(llmPid))).toBe(false);
  });
});

/** The content of `path` once it exists (polling, up to 10 s on an idle machine, scaled for load). */
async function waitForFile(path: string): Promise<string> {
  const until = Date.now() + scaledMs(10_000);
  while (Date.now() < until) {
    const text = await readFile(path, "utf8").catch(() => "");
    if (text !== "") return text;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`${path} never appeared`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
