/**
 * The memories the site tests render: the quickstart's (examples/quickstart.ts: its notes,
 * links, tags and tiers as they stand when it ends, written through the real CLI into a git
 * repository), and a generated larger one of real prose (LoCoMo, bench/prose-notes.ts).
 */
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { proseNotes } from "../../bench/prose-notes.js";
import { writeNotes } from "../../bench/synthetic-memory.js";
import { jsonOf, succeeded, type Sandbox } from "../cli/cli-harness.js";

/** The quickstart memory's ids, by what each note is. */
export interface QuickstartIds {
  readonly console: string;
  readonly release: string;
  readonly igor: string;
  readonly runbook: string;
}

/**
 * The quickstart's end state: the console app (warm), the release-branch decision and Igor
 * (hot), linking each other; plus the runbook its session log says comes next, captured to the
 * inbox with a link to a note that does not exist yet (a broken link the site must mark).
 */
export async function quickstartMemory(sandbox: Sandbox, root: string): Promise<QuickstartIds> {
  succeeded(await sandbox.cli(["init", "--root", root]));
  const capture = async (title: string, tags: string[], body: string, status = "active") => {
    const run = succeeded(
      await sandbox.cli([
        "capture",
        title,
        "--root",
        root,
        "--status",
        status,
        "--body",
        body,
        "--json",
        ...tags.flatMap((tag) => ["--tag", tag]),
      ]),
    );
    return jsonOf<{ note: { id: string } }>(run).note.id;
  };
  const consoleId = await capture(
    "Console app at axiom",
    ["repo", "work"],
    "The web console; its query builder emits a structured format.",
  );
  const igor = await capture(
    "Igor owns the console's design",
    ["people"],
    "Igor is a fullstack developer with deep expertise in design.\nHe asks for a design review before every release.",
  );
  const release = await capture(
    "Deploys go through the release branch",
    ["decision"],
    `Decided on 2026-11-21: the [[${consoleId}|console app]] ships from \`release\` after review.\nOwner: [[${igor}|Igor]].`,
  );
  const runbook = await capture(
    "Rollback runbook",
    [],
    `To write: how to roll back a [[${release}|release]], and the [[id__Gone00|old deploy notes]] it replaces.`,
    "inbox",
  );
  // Igor's note links back to the decision, as the quickstart's consolidation wrote it.
  succeeded(
    await sandbox.cli([
      "edit",
      igor,
      "--root",
      root,
      "--append",
      `See [[${release}|how deploys work]].`,
    ]),
  );
  for (const [id, tier] of [
    [release, "hot"],
    [igor, "hot"],
    [consoleId, "warm"],
  ] as const) {
    succeeded(await sandbox.cli(["tier", id, tier, "--root", root]));
  }
  return { console: consoleId, release, igor, runbook };
}

/**
 * A generated memory of `count` LoCoMo notes, five of them hot, in one commit; with
 * `commit: false`, not committed (git's `add` of 10,000 files took most of a minute of a
 * loaded machine's time, and the site then shows file times and no history).
 */
export function proseMemory(
  sandbox: Sandbox,
  root: string,
  count: number,
  options: { readonly commit?: boolean } = {},
): string[] {
  const notes = proseNotes(count, 0.1);
  writeNotes(root, notes);
  const hot = notes.slice(0, 5).map((note) => `- [[${note.id}|${titleOf(note.markdown)}]]`);
  writeFileSync(join(root, "index.md"), `# Index\n\n## Hot\n\n${hot.join("\n")}\n\n## Warm\n\n`);
  if (options.commit === false) return notes.map((note) => note.id);
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, env: sandbox.env, stdio: "pipe" });
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-qm", "memory: seed");
  return notes.map((note) => note.id);
}

/** A note's title: its first heading. */
export function titleOf(markdown: string): string {
  return /^# (.*)$/m.exec(markdown)?.[1] ?? "";
}
