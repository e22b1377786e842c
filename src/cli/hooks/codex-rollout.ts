/**
 * Where Codex keeps a thread's rollout: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<thread
 * id>.jsonl` (CODEX_HOME defaults to ~/.codex), or the same name under `archived_sessions/`.
 * The notify payload names the thread, not the file, so the file is looked up by its name.
 *
 * @module
 */

import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** The Codex home: $CODEX_HOME, else ~/.codex. */
export function codexHome(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const explicit = env["CODEX_HOME"];
  if (explicit !== undefined && explicit !== "") return explicit;
  const home = env["HOME"];
  return home === undefined || home === "" ? undefined : join(home, ".codex");
}

/**
 * The rollout file of `threadId`, newest day first, or undefined when there is none.
 *
 * @example
 * ```ts
 * await findRollout("/home/me/.codex", "019a9e2c-6b1d-7f30-9c4e-2d8a5b7f1e03");
 * ```
 */
export async function findRollout(home: string, threadId: string): Promise<string | undefined> {
  const suffix = `-${threadId}.jsonl`;
  const sessions = join(home, "sessions");
  for (const year of await childrenNewestFirst(sessions)) {
    for (const month of await childrenNewestFirst(join(sessions, year))) {
      for (const day of await childrenNewestFirst(join(sessions, year, month))) {
        const dir = join(sessions, year, month, day);
        const found = (await childrenNewestFirst(dir)).find(
          (name) => name.startsWith("rollout-") && name.endsWith(suffix),
        );
        if (found !== undefined) return join(dir, found);
      }
    }
  }
  const archived = join(home, "archived_sessions");
  const found = (await childrenNewestFirst(archived)).find(
    (name) => name.startsWith("rollout-") && name.endsWith(suffix),
  );
  return found === undefined ? undefined : join(archived, found);
}

async function childrenNewestFirst(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => []);
  return names.toSorted().toReversed();
}
