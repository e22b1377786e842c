/**
 * Issue 32: `memory status --tokens` counts what every surface costs an agent, for the memory
 * at hand, beside the budgets; the SessionStart hook stays within its budget in tokens and
 * within the characters Claude Code shows of a hook's output.
 */
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NoteMeta } from "../../src/notes/store/note-meta.js";
import { gptTokenizer } from "../../src/adapters/index.js";
import { createSandbox, jsonOf, type Sandbox } from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

let sandbox: Sandbox;
let root: string;
/** `memory <args>` in the memory's folder, a real process (the hooks, `status` once). */
const inRoot = (args: readonly string[], input?: string) =>
  sandbox.cli(args, { cwd: root, ...(input === undefined ? {} : { input }) });
/** The same, in this process (the setup, the second `status`). */
const inRootInProcess = (args: readonly string[]) => sandbox.cliInProcess(args, { cwd: root });

interface Row {
  surface: string;
  tokens: number;
  characters: number;
  budget: number | null;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  const init = await sandbox.cliInProcess(["init", "--root", root]);
  if (init.code !== 0) throw new Error(`memory init failed: ${init.stderr}`);
  // Twelve hot notes of some 600 tokens each: far more than any default budget holds.
  const notes: NoteMeta[] = [];
  for (let n = 0; n < 12; n++) {
    const captured = await inRootInProcess([
      "capture",
      `Runbook ${n}: rolling back a release`,
      "--body",
      `Step ${n}. ${"Roll back with deploy --undo, then tell the channel what broke and why. ".repeat(40)}`,
      "--status",
      "active",
      "--json",
    ]);
    notes.push(jsonOf<{ note: NoteMeta }>(captured).note);
  }
  await writeFile(
    join(root, "index.md"),
    [
      "# Index",
      "",
      "## Hot",
      "",
      ...links(notes.slice(0, 10)),
      "",
      "## Warm",
      "",
      ...links(notes.slice(10)),
      "",
    ].join("\n"),
  );
}, scaledMs(300_000));
afterAll(() => sandbox.cleanup());

const links = (some: NoteMeta[]) => some.map((note) => `- [[${note.id}|${note.title}]]`);
describe("memory status --tokens", () => {
  // Spawned CLI calls on a shared machine: generous limits, never a timing assertion.
  it(
    "counts every surface in tokens beside its budget, and each budgeted one is within it",
    { timeout: scaledMs(180_000) },
    async () => {
      const run = await inRoot(["status", "--tokens", "--json"]);
      expect(run.code).toBe(0);
      const rows = jsonOf<{ tokens: Row[] }>(run).tokens;
      expect(rows.map((row) => row.surface)).toEqual([
        "AGENTS.md section",
        "SessionStart hook output",
        "PreCompact hook output",
        "memory context",
        "MCP tools/list",
        "MCP read answer",
        "MCP search answer",
        "MCP links answer",
        "MCP context answer",
      ]);
      const by = new Map(rows.map((row) => [row.surface, row]));
      expect(by.get("AGENTS.md section")).toMatchObject({ budget: 2000 });
      expect(by.get("memory context")).toMatchObject({ budget: 1200 });
      for (const surface of ["AGENTS.md section", "SessionStart hook output", "memory context"]) {
        const row = by.get(surface);
        // Full enough to show the budget binds, and within it.
        expect(row?.tokens).toBeGreaterThan(500);
        expect(row?.tokens).toBeLessThanOrEqual(row?.budget ?? 0);
      }
      expect(by.get("SessionStart hook output")?.characters).toBeLessThanOrEqual(10_000);
      expect(by.get("PreCompact hook output")?.tokens).toBe(0);
      for (const surface of ["MCP tools/list", "MCP read answer", "MCP search answer"]) {
        expect(by.get(surface)?.tokens).toBeGreaterThan(0);
      }
      const text = await inRootInProcess(["status", "--tokens"]);
      expect(text.stdout).toMatch(/tokens \(o200k_base\):/);
      expect(text.stdout).toMatch(/AGENTS\.md section +\d+ of 2000/);
    },
  );

  it(
    "the SessionStart hook prints whole notes and whole list lines within the token budget",
    { timeout: scaledMs(180_000) },
    async () => {
      const run = await inRoot(
        ["hook", "claude-code", "session-start", "--budget", "1000", "--timeout-ms", "120000"],
        JSON.stringify({ session_id: "s1", hook_event_name: "SessionStart" }),
      );
      expect(run.code).toBe(0);
      expect(run.stdout.length).toBeLessThanOrEqual(10_000);
      const context = (
        JSON.parse(run.stdout) as { hookSpecificOutput: { additionalContext: string } }
      ).hookSpecificOutput.additionalContext;
      expect(gptTokenizer().countTokens(context)).toBeLessThanOrEqual(1000);
      const lines = context.trimEnd().split("\n");
      // Inlined bodies end with their last sentence; the list ends with the count of the rest.
      for (const line of lines.filter((text) => text.startsWith("Step "))) {
        expect(line.endsWith("what broke and why.")).toBe(true);
      }
      expect(context).toContain("### Runbook 0: rolling back a release (");
      for (const line of lines.filter((text) => text.startsWith("- [["))) {
        expect(line).toMatch(/^- \[\[id__\w{6}\|Runbook \d+: rolling back a release\]\]$/);
      }

      // A budget too small for the whole list: whole lines, then how many more.
      const small = await inRoot(
        ["hook", "claude-code", "session-start", "--budget", "150", "--timeout-ms", "120000"],
        JSON.stringify({ session_id: "s2", hook_event_name: "SessionStart" }),
      );
      const tight = (
        JSON.parse(small.stdout) as { hookSpecificOutput: { additionalContext: string } }
      ).hookSpecificOutput.additionalContext;
      expect(gptTokenizer().countTokens(tight)).toBeLessThanOrEqual(150);
      expect(tight.trimEnd().split("\n").at(-1)).toMatch(
        /^- \d+ more notes? in the index note \(index\.md\)$/,
      );
    },
  );
});
