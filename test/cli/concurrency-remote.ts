/**
 * The moving remote of the concurrency test: a second clone that keeps adding notes and
 * pushing, and the `memory sync` loop in the memory under test.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { CliRun, Sandbox } from "./cli-harness.js";

const IDENTITY = ["-c", "user.name=Other", "-c", "user.email=other@example.com"];
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A note the other clone pushed: its id and the sentence it holds. */
export interface PushedNote {
  readonly id: string;
  readonly sentence: string;
}

/** Adds one note per round in `clone` and pushes it (pulling first), until `done()`. */
export async function pushFromOtherClone(
  sandbox: Sandbox,
  clone: string,
  done: () => boolean,
  pauseMs: number,
): Promise<{ pushed: PushedNote[]; rounds: number }> {
  const pushed: PushedNote[] = [];
  const git = (args: readonly string[]) => sandbox.git(clone, [...IDENTITY, ...args]);
  await mkdir(join(clone, "inbox"), { recursive: true });
  let rounds = 0;
  while (!done()) {
    rounds += 1;
    const n = pushed.length;
    const id = `id__Ot${BASE62[Math.floor(n / 62 / 62) % 62]}${BASE62[Math.floor(n / 62) % 62]}${BASE62[n % 62]}x`;
    const sentence = `The other clone wrote sentence ${n}.`;
    await writeFile(
      join(clone, "inbox", `other-note-${n} ${id}.md`),
      `# Other note ${n}\n\n${sentence}\n`,
    );
    await git(["add", "-A"]);
    await git(["commit", "-q", "-m", `other: note ${n}`]);
    // The memory's sync pushes too: pull and push again until the push goes through.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await git(["pull", "-q", "--no-rebase", "--no-edit"]);
        await git(["push", "-q"]);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
      }
    }
    pushed.push({ id, sentence });
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return { pushed, rounds };
}

/** One `memory sync` run's outcome. */
export interface SyncRecord {
  readonly run: CliRun;
  readonly step?: string;
  readonly pulled?: string;
}

/** Runs `memory sync --json` in a loop until `done()`. */
export async function syncLoop(
  sandbox: Sandbox,
  root: string,
  llmCmd: string,
  done: () => boolean,
): Promise<SyncRecord[]> {
  const records: SyncRecord[] = [];
  while (!done()) records.push(await syncOnce(sandbox, root, llmCmd));
  return records;
}

/** One `memory sync --json`, with the step that failed or what the pull did. */
export async function syncOnce(
  sandbox: Sandbox,
  root: string,
  llmCmd: string,
): Promise<SyncRecord> {
  const run = await sandbox.cli([
    "sync",
    "--llm-cmd",
    llmCmd,
    "--defrag-every",
    "999999",
    "--root",
    root,
    "--json",
  ]);
  const json = JSON.parse(run.stdout || "{}") as {
    pulled?: string;
    error?: { step?: string; done?: { pulled?: string } };
  };
  const pulled = json.pulled ?? json.error?.done?.pulled;
  return {
    run,
    ...(json.error?.step === undefined ? {} : { step: json.error.step }),
    ...(pulled === undefined ? {} : { pulled }),
  };
}
