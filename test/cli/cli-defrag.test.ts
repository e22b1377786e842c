import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemoryAnalysis } from "../../src/notes/analysis/memory-analysis.js";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  readTree,
  type CliRun,
  type Sandbox,
} from "./cli-harness.js";

/**
 * One memory for analyze and defrag, written straight into topics/ with fixed ids so the
 * fixture model's decisions can name them:
 * - a checklist linking to two near-identical "deploy day" notes, a runbook (oversize) and a
 *   note that does not exist (a broken link); the first deploy-day note links back (a cycle);
 * - an orphan nothing links to, committed long ago.
 */
const NOTES: Record<string, string> = {
  "deploy-checklist id__Deploy.md":
    "# Deploy checklist\n\n#ops\n\nRun the migrations, then follow [[id__Tuesd1|the deploy day]] and " +
    "[[id__Tuesd2|its twin]]. The [[id__Manual|runbook]] has every step; the [[id__Gone00|old wiki]] had more.\n",
  "deploy-day id__Tuesd1.md":
    "# Deploy day\n\n#ops\n\nWe deploy on Tuesdays after the weekly review, never on Fridays, and always " +
    "with the on-call engineer watching the dashboards and the error rates. Back to [[id__Deploy|the checklist]].\n",
  "deploy-day-rule id__Tuesd2.md":
    "# Deploy day rule\n\n#ops\n\nWe deploy on Tuesdays after the weekly review, never on Fridays, and always " +
    "with the on-call engineer watching the dashboards and the error rates.\n",
  "runbook id__Manual.md": `# Runbook\n\n${Array.from({ length: 400 }, (_, i) => `Step ${i + 1}: check service ${i}.`).join("\n")}\n`,
  "old-lunch-spots id__Lonely.md": "# Old lunch spots\n\nThe noodle bar on the corner closed.\n",
};
const COMMITTED_AT = "2025-01-01T00:00:00Z";

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/defrag-decision.mjs");
/** An --llm-cmd answering every defrag prompt with `decision`. */
const llmCmd = (decision: unknown) =>
  [process.execPath, fixture, JSON.stringify(decision)].map((word) => `'${word}'`).join(" ");

let sandbox: Sandbox;
let root: string;
let cli: ReturnType<typeof firstOfEachSpawned>;
/** `memory <args> --root <root>`: each command's first call a real process, then in-process. */
const memory = (args: readonly string[]) => cli([...args, "--root", root]);
const head = () => sandbox.git(root, ["rev-parse", "HEAD"]);

beforeAll(async () => {
  sandbox = await createSandbox();
  cli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "notes");
  const init = await sandbox.cliInProcess(["init", "--root", root]);
  if (init.code !== 0) throw new Error(`memory init failed: ${init.stderr}`);
  await mkdir(join(root, "topics"), { recursive: true });
  for (const [name, text] of Object.entries(NOTES))
    await writeFile(join(root, "topics", name), text);
  await sandbox.git(root, ["add", "-A"]);
  await sandbox.git(root, [
    "-c",
    "user.name=Test",
    "-c",
    "user.email=test@example.com",
    "commit",
    "-q",
    `--date=${COMMITTED_AT}`,
    "-m",
    "notes written by hand",
  ]);
});
afterAll(() => sandbox.cleanup());

/** Exactly one stderr line, starting with "memory: ". */
function oneErrorLine(run: CliRun): string {
  const lines = run.stderr.split("\n").filter((line) => line !== "");
  expect({ lines, stderr: run.stderr }).toMatchObject({ lines: [expect.any(String)] });
  return lines[0] ?? "";
}

describe("memory analyze", () => {
  it("prints the whole analysis as JSON, and a readable report", async () => {
    const json = await memory(["analyze", "--json"]);
    expect(json).toMatchObject({ code: 0, stderr: "" });
    const analysis = jsonOf<MemoryAnalysis>(json);
    expect(analysis.notes.map((note) => note.id)).toEqual([
      "id__Deploy",
      "id__Lonely",
      "id__Manual",
      "id__Tuesd1",
      "id__Tuesd2",
    ]);
    const age = Math.floor((Date.now() - Date.parse(COMMITTED_AT)) / 86_400_000);
    expect(analysis.orphans).toEqual([{ id: "id__Lonely", ageDays: expect.any(Number) }]);
    expect(Math.abs((analysis.orphans[0]?.ageDays ?? 0) - age)).toBeLessThanOrEqual(1);
    expect(analysis.nearDuplicates).toEqual([
      { a: "id__Tuesd1", b: "id__Tuesd2", similarity: expect.any(Number) },
    ]);
    const similarity = analysis.nearDuplicates[0]?.similarity ?? 0;
    expect(similarity).toBeGreaterThanOrEqual(0.6);
    expect(analysis.brokenLinks).toEqual([{ sourceId: "id__Deploy", targetId: "id__Gone00" }]);
    expect(analysis.oversize).toEqual([{ id: "id__Manual", size: expect.any(Number) }]);
    expect(analysis.cycles).toEqual([["id__Deploy", "id__Tuesd1"]]);
    expect(analysis.clusters).toEqual([
      { id: "id__Deploy", noteIds: ["id__Deploy", "id__Manual", "id__Tuesd1", "id__Tuesd2"] },
    ]);

    const text = await memory(["analyze"]);
    expect(text).toMatchObject({ code: 0, stderr: "" });
    const days = analysis.orphans[0]?.ageDays ?? 0;
    const size = analysis.oversize[0]?.size ?? 0;
    expect(text.stdout).toBe(
      [
        "5 notes: 5 active, 0 in the inbox, 0 archived.",
        "1 cluster, 1 near-duplicate pair, 1 orphan, 1 oversize note, 1 broken link, 3 dead ends, 1 cycle.",
        "",
        "Largest clusters:",
        "  4 notes  id__Deploy  Deploy checklist, Runbook, Deploy day, and 1 more",
        "",
        "Near-duplicates (similarity):",
        `  ${similarity.toFixed(2)}  id__Tuesd1 "Deploy day" ~ id__Tuesd2 "Deploy day rule"`,
        "",
        "Orphans (nothing links to them), oldest first:",
        `  id__Lonely  ${days} days  Old lunch spots`,
        "",
        "Oversize notes:",
        `  id__Manual  ${size} bytes  Runbook`,
        "",
        "Broken links:",
        '  id__Deploy "Deploy checklist" -> id__Gone00',
        "",
        "Cycles:",
        "  id__Deploy -> id__Tuesd1 -> id__Deploy",
        "",
      ].join("\n"),
    );
  });
});

describe("memory defrag", () => {
  const decision = {
    hotTier: ["id__Deploy"],
    warmTier: ["id__Tuesd1"],
    actions: [{ type: "archive", id: "id__Lonely" }],
  };

  it("needs an LLM command; a dry run prints the plan and changes nothing", async () => {
    const noModel = await memory(["defrag"]);
    expect(noModel.code).toBe(1);
    expect(oneErrorLine(noModel)).toMatch(
      /^memory: defrag needs an LLM command: pass --llm-cmd "claude -p" .* or set AGENT_MEMORY_LLM_CMD\.$/,
    );

    const treeBefore = await readTree(root);
    const headBefore = await head();
    const dry = await memory(["defrag", "--llm-cmd", llmCmd(decision), "--dry-run"]);
    expect(dry).toMatchObject({ code: 0, stderr: "" });
    expect(dry.stdout).toMatch(MODEL_LINE);
    expect(dry.stdout.replace(MODEL_LINE, "")).toBe(
      [
        "Dry run: nothing was changed. The validated plan:",
        "Actions (1):",
        '  archive id__Lonely "Old lunch spots"',
        "Hot tier (1):",
        "  id__Deploy  Deploy checklist",
        "Warm tier (1):",
        "  id__Tuesd1  Deploy day",
        "",
      ].join("\n"),
    );
    expect(withoutLedger(await readTree(root))).toEqual(withoutLedger(treeBefore));
    expect(await head()).toBe(headBefore);
  });

  it("holds a decision whose actions all break a rule: exit 1, each refusal named, no note changed", async () => {
    const treeBefore = await readTree(root);
    const headBefore = await head();
    const bad = { ...decision, actions: [{ type: "archive", id: "id__Gone00" }] };
    const run = await memory(["defrag", "--llm-cmd", llmCmd(bad), "--timeout", "60"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^Held for review: 1 of 1 proposed action broke a rule \(more than half\), so nothing was applied\. The proposal is saved in \.agent-memory\/defrag-held\/[0-9a-f]+\.json\.\n/,
    );
    expect(run.stdout).toContain(
      "  archive id__Gone00\n    [unknown-id] (batch 1) archive names id__Gone00, which no note carries.",
    );
    const tree = await readTree(root);
    const held = Object.keys(tree).filter((path) => path.startsWith(".agent-memory/defrag-held/"));
    expect(held).toHaveLength(1);
    for (const path of held) delete tree[path];
    expect(withoutLedger(tree)).toEqual(withoutLedger(treeBefore));
    expect(await head()).toBe(headBefore);
    const json = await memory(["defrag", "--llm-cmd", llmCmd(bad), "--json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report).toMatchObject({ held: true, proposed: 1, applied: [] });
    expect(report.refused).toEqual([
      {
        batch: 1,
        action: { type: "archive", id: "id__Gone00" },
        rule: "unknown-id",
        message: "archive names id__Gone00, which no note carries.",
      },
    ]);
  });

  it("applies the plan: the orphan archived, the tiers in index.md, one commit", async () => {
    const run = await memory(["defrag", "--llm-cmd", llmCmd(decision)]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const commit = (await head()).trim();
    expect(run.stdout).toMatch(MODEL_LINE);
    expect(run.stdout.replace(MODEL_LINE, "")).toBe(
      [
        "Defragmented: 1 action applied.",
        '  archive id__Lonely "Old lunch spots"',
        "Hot tier (1):",
        "  id__Deploy  Deploy checklist",
        "Warm tier (1):",
        "  id__Tuesd1  Deploy day",
        "Snapshot before defrag: none needed, nothing was uncommitted.",
        `Committed ${commit.slice(0, 7)}.`,
        "",
      ].join("\n"),
    );
    expect(await readdir(join(root, "archive"))).toEqual(["old-lunch-spots id__Lonely.md"]);
    expect(await readdir(join(root, "topics"))).not.toContain("old-lunch-spots id__Lonely.md");
    const index = await readFile(join(root, "index.md"), "utf8");
    expect(index).toMatch(/## Hot\n\n- \[\[id__Deploy\|Deploy checklist\]\]\n/);
    expect(index).toMatch(/## Warm\n\n- \[\[id__Tuesd1\|Deploy day\]\]\n/);
    expect((await sandbox.git(root, ["log", "-1", "--format=%B"])).trim()).toMatch(
      /^memory: defrag \(1 action\)\n\narchive id__Lonely\nhot: id__Deploy\nwarm: id__Tuesd1\n\nModel-Tokens: in=\d+ out=\d+ calls=1 counted=estimate$/,
    );
    expect(await sandbox.git(root, ["status", "--porcelain"])).toBe("");
  });
});

/** The summary's spend line (issue 31): its figures depend on the prompt, so only its shape. */
const MODEL_LINE =
  /^Model: 1 call, [\d,]+ tokens in, [\d,]+ out \(estimated with the tokenizer\)\.\n/m;

/** A tree without the private spend ledger, which every model call (dry runs too) appends to. */
function withoutLedger(tree: Record<string, string>): Record<string, string> {
  const {
    [".agent-memory/spend.jsonl"]: _ledger,
    [".agent-memory/.gitignore"]: _ignore,
    ...rest
  } = tree;
  return rest;
}
