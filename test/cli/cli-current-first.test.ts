/**
 * Issue 30 through the built CLI: a superseded hot note is never inlined by `memory context`
 * or the Claude Code SessionStart hook (its successor is, in its place), and `memory doctor
 * --json` reports the tier entry.
 */
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSandbox,
  firstOfEachSpawned,
  scaledHookLimit,
  jsonOf,
  type Sandbox,
  succeeded,
} from "./cli-harness.js";
import { scaledMs } from "../helpers/time-scale.js";

/** `memory`: each command's first call in this file a real process, the later ones in-process. */
let memoryCli: ReturnType<typeof firstOfEachSpawned>;
let sandbox: Sandbox;
let root: string;
const memory = (args: readonly string[], input?: string) =>
  memoryCli([...args, "--root", root], input === undefined ? {} : { input });

async function capture(title: string, body: string): Promise<string> {
  const run = await memory(["capture", title, "--status", "active", "--body", body, "--json"]);
  return jsonOf<{ note: { id: string } }>(succeeded(run)).note.id;
}

beforeAll(async () => {
  sandbox = await createSandbox();
  memoryCli = firstOfEachSpawned(sandbox);
  root = join(sandbox.dir, "memory");
  succeeded(await memory(["init"]));
});
afterAll(() => sandbox.cleanup());

describe("a superseded note in the hot tier", () => {
  it(
    "context and the SessionStart hook inline its successor instead; doctor warns with the fix",
    { timeout: scaledMs(180_000) },
    async () => {
      const old = await capture("Database", "We use SQLite for everything.");
      const now = await capture("Database now", "We use Postgres since March.");
      succeeded(await memory(["tier", old, "hot"]));
      succeeded(await memory(["supersede", old, now, "--reason", "scale", "--date", "2026-03-14"]));

      const context = succeeded(await memory(["context"]));
      expect(context.stdout).toContain("We use Postgres since March.");
      expect(context.stdout).not.toContain("SQLite");

      const hook = await readFile(
        resolve(
          import.meta.dirname,
          "../fixtures/hooks/claude-code/stdin.session-start.startup.json",
        ),
        "utf8",
      );
      const started = succeeded(
        await memory(["hook", "claude-code", "session-start", ...scaledHookLimit()], hook),
      );
      expect(started.stdout).toContain("We use Postgres since March.");
      expect(started.stdout).not.toContain("SQLite");

      const doctor = await memory(["doctor", "--json"]);
      const findings = jsonOf<{ findings: { kind: string; id?: string; fix: string }[] }>(
        doctor,
      ).findings;
      expect(findings).toContainEqual(
        expect.objectContaining({
          kind: "superseded-tiered",
          id: old,
          fix: `Tier the current note instead: memory tier ${old} none, then memory tier ${now} hot.`,
        }),
      );
    },
  );
});
