/**
 * The checks of the concurrency test: every reported outcome against the repository, and
 * every sentence against the final tree.
 */
import type { Sandbox } from "./cli-harness.js";
import type { ExpectedNote, OpRecord } from "./concurrency-workload.js";
import type { PushedNote } from "./concurrency-remote.js";

const FOLDER = { inbox: "inbox", active: "topics", archived: "archive" } as const;

/**
 * Each record whose report the repository contradicts, as a line saying why: a commit it
 * named that is not in the history, or lacks the change; a change it said was not applied
 * that is in the memory anyway.
 */
export async function misreported(
  sandbox: Sandbox,
  root: string,
  records: readonly OpRecord[],
  tree: Readonly<Record<string, string>>,
): Promise<string[]> {
  const problems: string[] = [];
  const history = new Set((await sandbox.git(root, ["rev-list", "HEAD"])).trim().split("\n"));
  const everything = Object.values(tree).join("\n");
  for (const record of records) {
    const what = `worker ${record.worker} ${record.kind} ${record.id} (${record.outcome})`;
    if (record.outcome === "committed") {
      const commit = record.commit ?? "";
      if (!history.has(commit)) {
        problems.push(`${what}: commit ${commit} is not in the history`);
        continue;
      }
      const path = record.kind === "tier" ? "index.md" : (record.path ?? "");
      const text = await sandbox.git(root, ["show", `${commit}:${path}`]).catch(() => undefined);
      const expected = record.kind === "tier" ? record.id : record.text;
      if (text === undefined) problems.push(`${what}: ${path} is not in ${commit}`);
      else if (expected !== undefined && !text.includes(expected))
        problems.push(`${what}: ${path} in ${commit} lacks ${expected}`);
    } else if (record.outcome === "applied-not-committed" && record.notCommitted === undefined) {
      // "Applied, not committed" must say why; a bare null commit hid a commit made by
      // another process (a sync's) between the command's write and its own commit.
      problems.push(`${what}: applied, no commit, and no reason given`);
    } else if (record.outcome === "not-applied") {
      if (record.text !== undefined && everything.includes(record.text))
        problems.push(`${what}: reported not applied, but ${record.text} is in the memory`);
    }
  }
  return problems;
}

/** Sentences and changes the final tree does not hold as the reports say it should. */
export function lost(
  notes: readonly ExpectedNote[],
  pushed: readonly PushedNote[],
  tree: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  const paths = Object.keys(tree);
  for (const note of notes) {
    const files = paths.filter((path) => path.endsWith(` ${note.id}.md`));
    if (files.length !== 1) {
      problems.push(`${note.id}: ${files.length} files (${files.join(", ")})`);
      continue;
    }
    const [path = ""] = files;
    const text = tree[path] ?? "";
    if (!path.startsWith(`${FOLDER[note.status]}/`))
      problems.push(`${note.id}: at ${path}, expected under ${FOLDER[note.status]}/`);
    if (!text.startsWith(`# ${note.title}\n`))
      problems.push(`${note.id}: title is not ${note.title}`);
    for (const line of note.texts)
      if (!text.includes(line)) problems.push(`${note.id}: ${line} is missing`);
  }
  const everything = Object.values(tree).join("\n");
  for (const note of pushed)
    if (!everything.includes(note.sentence)) problems.push(`${note.id} (other clone) is missing`);
  return problems;
}
