/**
 * Consolidation over real transcript files through the CLI (real git; the first consolidation
 * runs dist/cli.js, the other calls run in this process): what a
 * reader cannot read is never consumed, says why, and `memory journal list` shows it.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, jsonOf, type CliRun, type Sandbox } from "./cli-harness.js";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
});
afterAll(() => sandbox.cleanup());

const TRANSCRIPTS = resolve(import.meta.dirname, "../fixtures/transcripts");
const llm = resolve(import.meta.dirname, "../fixtures/cli-llm/record-prompt.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(llm)}`;

/** A fresh memory; `memory` runs in this process, `spawned` runs the executable. */
async function newMemory(name: string) {
  const root = join(sandbox.dir, name);
  expect((await sandbox.cliInProcess(["init", "--root", root])).code).toBe(0);
  const memory = (args: readonly string[], env: Record<string, string> = {}) =>
    sandbox.cliInProcess([...args, "--root", root], { cwd: root, env });
  const spawned = (args: readonly string[], env: Record<string, string> = {}) =>
    sandbox.cli([...args, "--root", root], { cwd: root, env });
  return { root, memory, spawned };
}

async function add(
  memory: (args: readonly string[]) => Promise<CliRun>,
  harness: string,
  session: string,
  timestamp: string,
): Promise<string> {
  const run = await memory([
    "journal",
    "add",
    "--harness",
    harness,
    "--session",
    session,
    "--timestamp",
    timestamp,
  ]);
  expect(run.code).toBe(0);
  return run.stdout.trim();
}

describe("consolidate over transcripts", () => {
  it("consumes the readable transcript, leaves unknown and empty ones pending with the reason, and journal list shows it", async () => {
    const { root, memory, spawned } = await newMemory("transcripts");
    const odd = join(sandbox.dir, "odd");
    await mkdir(odd, { recursive: true });
    // An unknown JSON Lines shape, and a Claude Code file with only bookkeeping lines.
    await writeFile(
      join(odd, "unknown.jsonl"),
      '{"event":"start","at":1}\n{"event":"stop","at":2}\n',
    );
    await writeFile(
      join(odd, "empty-claude.jsonl"),
      '{"type":"file-history-snapshot","messageId":"m1","snapshot":{"messageId":"m1","trackedFileBackups":{},"timestamp":"2026-05-04T09:12:00.000Z"},"isSnapshotUpdate":false}\n',
    );
    const claude = join(TRANSCRIPTS, "claude-code/7d3c9a1e-5b2f-4c8d-9e0a-1f2b3c4d5e6f.jsonl");
    const read = await add(memory, "claude-code", claude, "2026-05-04T09:00:00Z");
    const unknown = await add(memory, "manual", join(odd, "unknown.jsonl"), "2026-05-04T09:01:00Z");
    const empty = await add(
      memory,
      "claude-code",
      join(odd, "empty-claude.jsonl"),
      "2026-05-04T09:02:00Z",
    );

    const promptFile = join(sandbox.dir, "prompt.txt");
    const run = await spawned(["consolidate", "--llm-cmd", llmCmd], { PROMPT_FILE: promptFile });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Consolidated 1 journal entry\./);
    expect(run.stdout).toContain("Left pending, not consumed (2 sessions could not be read;");
    expect(run.stdout).toMatch(
      new RegExp(`  ${unknown}: .*not in a format the "jsonl" reader knows`),
    );
    expect(run.stdout).toMatch(
      new RegExp(`  ${empty}: .*looks like a Claude Code session but holds no prompt`),
    );

    // The model saw the readable session: prompts under [user], the queued one once.
    const prompt = await readFile(promptFile, "utf8");
    expect(prompt).toContain("[user] The hourly chart shows 25 bars on the day the clocks change.");
    expect(prompt.match(/\[user\] run the tests too/g)).toHaveLength(1);

    // Nothing unread was consumed.
    expect((await readdir(join(root, "journal/pending"))).toSorted()).toEqual(
      [`${unknown}.json`, `${empty}.json`].toSorted(),
    );
    expect(await readdir(join(root, "journal/done"))).toEqual([`${read}.json`]);

    const listed = await memory(["journal", "list"]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(
        `${unknown}  manual  jsonl .*\\n  not read by the run of .*: .*not in a format the "jsonl" reader knows.*holds 2 JSON objects of an unknown shape \\(the first has the keys: event, at\\)`,
      ),
    );
    const json = jsonOf<{ id: string; unread?: { reason: string } }[]>(
      await memory(["journal", "list", "--json"]),
    );
    expect(json.find((entry) => entry.id === empty)?.unread?.reason).toMatch(/holds no prompt/);

    // A second run reads nothing new: it says so and still consumes nothing.
    const again = await memory(["consolidate", "--llm-cmd", llmCmd]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Nothing consolidated: no pending session could be read\./);
    expect(await readdir(join(root, "journal/pending"))).toHaveLength(2);
  });

  it("never reads a transcript outside the allowed session roots: the entry is set aside in journal/invalid/ with the reason", async () => {
    const { root, memory } = await newMemory("outside-roots");
    // A file of this machine that is not a transcript folder (the sandbox's parent, which no
    // root covers), as a synced journal entry could name it.
    const outside = await mkdtemp(join(tmpdir(), "not-a-transcript-folder-"));
    try {
      // Not named like a credential store (those are refused when the entry is added).
      const secret = join(outside, "notes.txt");
      await writeFile(secret, "aws_secret_access_key = do-not-send-this\n");
      const entry = await add(memory, "manual", secret, "2026-05-04T10:00:00Z");
      const promptFile = join(sandbox.dir, "prompt-outside.txt");
      const run = await memory(["consolidate", "--llm-cmd", llmCmd], { PROMPT_FILE: promptFile });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(
        new RegExp(`  ${entry}: .*outside the folders transcripts are read from`),
      );
      const prompt = await readFile(promptFile, "utf8").catch(() => "");
      expect(prompt).not.toContain("do-not-send-this");
      // Refused for a reason of its own: no later run could read it, so it holds no place.
      expect(await readdir(join(root, "journal/pending"))).toEqual([]);
      expect(await readdir(join(root, "journal/invalid"))).toContain(`${entry}.json`);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
