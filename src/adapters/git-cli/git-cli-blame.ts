/**
 * `Git.blame` over the git CLI: one `git blame --porcelain HEAD` (which follows the file
 * through whole-file renames and moves) and one `git log --no-walk` for the messages of the
 * commits it names.
 */
import { err, ok, type Result } from "neverthrow";
import { GitError } from "../../errors.js";
import type { Blame, BlameCommit, BlameLine } from "../../ports/git.js";
import type { Exec } from "./git-cli-run.js";
import { commitTimeMs } from "../../shared/commit-time.js";

const RECORD = "\u001e";
const FIELD = "\u001f";
/** Commits per `git log --no-walk` call, well under any command-line length limit. */
const MESSAGES_PER_CALL = 200;

/**
 * Which commit wrote each line of `path` (relative to the top level `toplevel`) at HEAD;
 * null when HEAD has no such file or there is no commit yet.
 *
 * @example
 * ```ts
 * const blame = await blameWithCli(exec, "/repo", "orgs/acme/topics/vpn id__Kf9mNp.md");
 * ```
 */
export async function blameWithCli(
  exec: Exec,
  toplevel: string,
  path: string,
): Promise<Result<Blame | null, GitError>> {
  const cwd = toplevel;
  const head = await exec(["rev-parse", "--verify", "-q", "HEAD"], { cwd, allowExit: 1 });
  if (head.isErr()) return err(head.error);
  if (head.value.trim() === "") return ok(null);
  const ran = await exec(["blame", "--porcelain", "HEAD", "--", path], { cwd });
  if (ran.isErr()) {
    return /no such path/i.test(ran.error.message) ? ok(null) : err(ran.error);
  }
  const parsed = parsePorcelain(ran.value);
  if (parsed === undefined) {
    return err(new GitError(`Could not read the output of git blame for ${path}.`));
  }
  const ids = [...parsed.authors.keys()];
  const messages = new Map<string, string>();
  for (let start = 0; start < ids.length; start += MESSAGES_PER_CALL) {
    const batch = ids.slice(start, start + MESSAGES_PER_CALL);
    const log = await exec(
      [
        "-c",
        "log.showSignature=false",
        "log",
        "--no-walk=unsorted",
        `--format=%H${FIELD}%B${RECORD}`,
        ...batch,
      ],
      { cwd },
    );
    if (log.isErr()) return err(log.error);
    for (const record of log.value.split(RECORD)) {
      const [id = "", message = ""] = record.replace(/^\n/, "").split(FIELD);
      if (id !== "") messages.set(id, message.replace(/\n+$/, ""));
    }
  }
  const commits = new Map<string, BlameCommit>();
  for (const [id, { author, authorTimeMs, summary }] of parsed.authors) {
    commits.set(id, { id, author, authorTimeMs, message: messages.get(id) ?? summary });
  }
  return ok({ lines: parsed.lines, commits });
}

interface PorcelainAuthor {
  readonly author: { name: string; email: string };
  readonly authorTimeMs: number;
  readonly summary: string;
}

/**
 * The porcelain format: per line a header `<sha> <orig> <final> [<count>]`, the commit's
 * fields the first time it appears (`author`, `author-mail`, `author-time`, `summary`, ...),
 * then the line itself after a tab.
 */
function parsePorcelain(
  output: string,
): { lines: BlameLine[]; authors: Map<string, PorcelainAuthor> } | undefined {
  const lines: BlameLine[] = [];
  const fields = new Map<string, Map<string, string>>();
  let current: string | undefined;
  const rows = output.split("\n");
  if (rows.at(-1) === "") rows.pop();
  for (const row of rows) {
    if (row.startsWith("\t")) {
      if (current === undefined) return undefined;
      lines.push({ text: row.slice(1), commit: current });
      continue;
    }
    const header = /^([0-9a-f]{40,64}) \d+ \d+(?: \d+)?$/.exec(row);
    if (header !== null) {
      current = header[1] ?? "";
      if (!fields.has(current)) fields.set(current, new Map());
      continue;
    }
    if (current === undefined) return undefined;
    const space = row.indexOf(" ");
    const key = space < 0 ? row : row.slice(0, space);
    fields.get(current)?.set(key, space < 0 ? "" : row.slice(space + 1));
  }
  const authors = new Map<string, PorcelainAuthor>();
  for (const [id, values] of fields) {
    authors.set(id, {
      author: {
        name: values.get("author") ?? "",
        email: (values.get("author-mail") ?? "").replace(/^<|>$/g, ""),
      },
      authorTimeMs: commitTimeMs(Number(values.get("author-time") ?? "0")),
      summary: values.get("summary") ?? "",
    });
  }
  return { lines, authors };
}
