/**
 * Hostile hook payloads (issue 28): what a harness, or anything that can run a hook with its
 * own stdin, may feed `memory hook`. Each runs the built CLI as a real process; the hook
 * always exits 0, logs why it refused, queues nothing it should not and leaves no record
 * behind. A transcript path that climbs out of the transcript folders is queued (the hook
 * cannot know another machine's folders) but consolidation refuses it and sets it aside.
 */
import { spawn } from "node:child_process";
import * as nodeFs from "node:fs";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSessionReaders } from "../../src/adapters/session-readers/default-session-readers.js";
import { fsPersistence } from "../../src/adapters/fs/fs-persistence.js";
import { llmFromFunction } from "../../src/adapters/llm/llm-from-function.js";
import { sessionRoots } from "../../src/cli/framework/cli-session-readers.js";
import { HOOKS } from "../../src/cli/hooks/session-hooks.js";
import { createMemory } from "../../src/memory.js";
import { CLI, createSandbox, succeeded, type Sandbox } from "../cli/cli-harness.js";
import { okOf } from "../helpers/result-helpers.js";
import { scaledMs } from "../helpers/time-scale.js";

let sandbox: Sandbox;
let root: string;

function hook(event: string, input: string): Promise<number | null> {
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [CLI, "hook", "claude-code", event, "--root", root, "--timeout-ms", "300000"],
      { env: sandbox.env, stdio: ["pipe", "ignore", "ignore"] },
    );
    child.on("close", done);
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
  });
}

const files = async (folder: string) =>
  (await readdir(join(root, folder)).catch(() => [])).filter((name) => name.endsWith(".json"));

beforeAll(async () => {
  sandbox = await createSandbox();
  root = join(sandbox.dir, "memory");
  succeeded(await sandbox.cliInProcess(["init", "--root", root]));
});
afterAll(async () => {
  await sandbox.cleanup();
});

describe("hostile hook payloads", () => {
  it(
    "refuse huge, malformed and credential-store payloads: exit 0, logged, nothing queued, no record left",
    async () => {
      const home = sandbox.env["HOME"] ?? "";
      const cases: readonly (readonly [string, string, RegExp])[] = [
        [
          "a 2 MB payload",
          JSON.stringify({ session_id: "x".repeat(2_000_000), transcript_path: "/t.jsonl" }),
          /the payload has \d+ characters; a hook payload has at most/,
        ],
        ["not JSON", "{{{ not json", /the stdin payload is not the hook JSON/],
        ["a JSON array", "[1,2,3]", /the stdin payload is not the hook JSON/],
        [
          "a number for the transcript",
          '{"session_id":"s","transcript_path":42}',
          /the stdin payload is not the hook JSON/,
        ],
        [
          "Claude Code's credentials",
          JSON.stringify({
            session_id: "c1",
            transcript_path: `${home}/.claude/.credentials.json`,
          }),
          /\.credentials\.json is a credential store/,
        ],
        [
          "Codex's auth.json reached by traversal",
          JSON.stringify({
            session_id: "c2",
            transcript_path: `${home}/.claude/projects/p/../../../.codex/auth.json`,
          }),
          /auth\.json is a credential store/,
        ],
        [
          "an SSH key",
          JSON.stringify({ session_id: "c3", transcript_path: `${home}/.ssh/id_ed25519` }),
          /id_ed25519 is a credential store/,
        ],
      ];
      const codes = await Promise.all(cases.map(([, input]) => hook("session-end", input)));
      expect(codes).toEqual(cases.map(() => 0));
      const log = await readFile(join(root, ".agent-memory", "hooks.log"), "utf8");
      for (const [, , expected] of cases) expect(log).toMatch(expected);
      expect(await files("journal/pending")).toEqual([]);
      expect(await files(".agent-memory/hook-spool")).toEqual([]);
    },
    scaledMs(600_000),
  );

  it(
    "a transcript path that climbs out of the transcript folders is queued, then refused and quarantined by consolidation",
    async () => {
      const home = join(sandbox.dir, "home-traversal");
      const secret = join(home, "notes.txt");
      nodeFs.mkdirSync(home, { recursive: true });
      nodeFs.writeFileSync(secret, "my bank pin and private diary\n");
      const prompts: string[] = [];
      const memory = createMemory({
        persistence: fsPersistence({ fs: nodeFs, root }),
        llm: llmFromFunction((request) => {
          prompts.push(request.prompt);
          return '{"notes": [], "inbox": []}';
        }),
        sessionReaders: defaultSessionReaders({
          fs: nodeFs,
          allowedRoots: sessionRoots({ env: { HOME: home }, cwd: "/" }),
        }),
      });
      const handler = HOOKS["claude-code"]?.["session-end"];
      if (handler === undefined) throw new Error("no session-end hook");
      const outcome = await handler(memory, {
        harness: "claude-code",
        payload: JSON.stringify({
          session_id: "t1",
          transcript_path: `${home}/.claude/projects/p/../../../notes.txt`,
        }),
        env: { HOME: home },
        budget: 0,
      });
      expect(outcome.outcome).toBe("queued");
      const report = okOf(await memory.consolidate());
      expect(report.unreadable).toEqual([
        expect.objectContaining({ refused: true, quarantined: true }),
      ]);
      expect(report.unreadable[0]?.reason).toMatch(/outside the folders transcripts are read from/);
      expect(prompts.join("")).not.toContain("bank pin");
      expect(okOf(await memory.journal.pending())).toEqual([]);
      expect(okOf(await memory.journal.list({ status: "invalid" }))).toHaveLength(1);
    },
    scaledMs(120_000),
  );
});
