/**
 * `memory why` and the MCP tool `why` on the built CLI with real git: after a consolidation
 * (an LLM command that answers one fixed plan) and a hand edit committed by a person, each
 * part of the note names its commit, and the consolidated part its journal entry.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";
import { startMcp } from "../mcp/mcp-client.js";
import { scaledMs } from "../helpers/time-scale.js";

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
});
afterAll(() => sandbox.cleanup());

const fixture = resolve(import.meta.dirname, "../fixtures/cli-llm/create-one-note.mjs");
const llmCmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(fixture)}`;

interface WhyJson {
  id: string;
  path: string;
  attribution: string;
  parts: Array<{ from: number; to: number; text: string; commits: string[]; uncommitted: number }>;
  commits: Array<{
    commit: string;
    by: string;
    author: { name: string };
    sources: Array<{ ref: string; harness: string }>;
  }>;
}

describe("memory why", () => {
  it(
    "names the consolidation and its journal entry, and the person behind a hand edit",
    { timeout: scaledMs(180_000) },
    async () => {
      const root = join(sandbox.dir, "why");
      succeeded(await memoryCli(["init", "--root", root]));
      const memory = (args: readonly string[]) =>
        memoryCli([...args, "--root", root], { cwd: root });
      const entry = succeeded(
        await memory(["journal", "add", "--harness", "manual", "--note", "a fact worth keeping"]),
      ).stdout.trim();
      const report = jsonOf<{ created: string[]; commit: string }>(
        succeeded(await memory(["consolidate", "--llm-cmd", llmCmd, "--json"])),
      );
      const id = report.created[0] ?? "";
      const path = join(root, "topics", `a-fact ${id}.md`);
      await writeFile(path, `${await readFile(path, "utf8")}\nAda checked this.\n`);
      await sandbox.git(root, ["add", "-A"]);
      await sandbox.git(root, [
        "-c",
        "user.name=Ada",
        "-c",
        "user.email=ada@example.com",
        "commit",
        "-q",
        "-m",
        "note: Ada checked it",
      ]);
      const hand = (await sandbox.git(root, ["rev-parse", "HEAD"])).trim();

      const text = succeeded(await memory(["why", id])).stdout;
      const date = text.match(/manual, (\S+) \(journal/)?.[1] ?? "";
      const day = (sha: string) =>
        text.match(new RegExp(`^${sha.slice(0, 10)} (\\S+)`, "m"))?.[1] ?? "";
      expect(text).toBe(
        [
          `${id}  A fact  (topics/a-fact ${id}.md)`,
          "",
          `lines 1-5  ${report.commit.slice(0, 10)}  # A fact`,
          `line 7     ${hand.slice(0, 10)}  Ada checked this.`,
          "",
          `${hand.slice(0, 10)} ${day(hand)} Ada <ada@example.com>: note: Ada checked it`,
          `${report.commit.slice(0, 10)} ${date.slice(0, 10)} agent-memory <agent-memory@localhost>: memory: consolidate 1 journal entry`,
          `  from manual, ${date} (journal ${entry})`,
          "",
        ].join("\n"),
      );
      const json = jsonOf<WhyJson>(succeeded(await memory(["why", id, "--json"])));
      expect(json.attribution).toBe("blame");
      expect(json.parts.map((part) => part.commits)).toEqual([
        [report.commit],
        [report.commit],
        [report.commit],
        [hand],
      ]);
      expect(json.commits.map((commit) => [commit.by, commit.author.name])).toEqual([
        ["other", "Ada"],
        ["consolidation", "agent-memory"],
      ]);
      expect(json.commits[1]?.sources).toEqual([
        expect.objectContaining({ ref: entry, harness: "manual" }),
      ]);

      const mcp = await startMcp(sandbox, root);
      try {
        expect(await mcp.ok("why", { id })).toEqual(json);
        expect((await mcp.failure("why", { id: "id__Zz9Zz9" })).code).toBe("NOT_FOUND");
      } finally {
        await mcp.close();
      }
    },
  );
});
