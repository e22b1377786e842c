/**
 * HEAD read from the git dir's files, the way `git rev-parse --verify -q HEAD` resolves it,
 * without a process. A long-lived process (the daemon, an MCP server, a host) asks for HEAD
 * before every read that shows a note's times; spawning git for it costs a fork of the whole
 * process (at 100,000 notes, a process of about a gigabyte) and git's own start. Only the
 * plain layouts are read: HEAD holding a commit id, or `ref: refs/heads/<branch>` with the
 * branch loose or in `packed-refs`. Anything else (reftable, a symbolic branch, a ref outside
 * refs/heads/, content of another shape, a read error) answers undefined, and the caller asks
 * git.
 *
 * @module
 */
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { errnoCode } from "../fs/fs-like.js";

const OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const BRANCH = /^ref: (refs\/heads\/[^\s]+)$/;

/**
 * HEAD's commit (undefined on a branch with no commit yet), or undefined when the files do not
 * say it plainly.
 *
 * @example
 * ```ts
 * const head = await headFromFiles("/repo/.git"); // { commit: "9fceb02..." }, or undefined: ask git
 * ```
 */
export async function headFromFiles(
  gitdir: string,
): Promise<{ readonly commit: string | undefined } | undefined> {
  try {
    const head = (await readFile(resolve(gitdir, "HEAD"), "utf8")).trim();
    if (OID.test(head)) return { commit: head };
    const branch = BRANCH.exec(head)?.[1];
    if (branch === undefined || !plainRefName(branch)) return undefined;
    // A linked worktree's git dir names the shared one, where the branches live.
    const common = await readFile(resolve(gitdir, "commondir"), "utf8").then(
      (text) => resolve(gitdir, text.trim()),
      (cause: unknown) => (isMissing(cause) ? gitdir : undefined),
    );
    if (common === undefined) return undefined;
    if (await exists(resolve(common, "reftable"))) return undefined;
    const loose = await readFile(resolve(common, branch), "utf8").then(
      (text) => text.trim(),
      (cause: unknown) => (isMissing(cause) ? null : undefined),
    );
    if (loose === undefined) return undefined;
    if (loose !== null) return OID.test(loose) ? { commit: loose } : undefined;
    // Not loose: packed, or a branch with no commit yet (git then says no HEAD).
    const packed = await readFile(resolve(common, "packed-refs"), "utf8").then(
      (text) => text,
      (cause: unknown) => (isMissing(cause) ? "" : undefined),
    );
    if (packed === undefined) return undefined;
    for (const line of packed.split("\n")) {
      const [commit = "", name] = line.trimEnd().split(" ");
      if (name === branch) return OID.test(commit) ? { commit } : undefined;
    }
    return { commit: undefined };
  } catch {
    return undefined;
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

function isMissing(cause: unknown): boolean {
  const code = errnoCode(cause);
  return code === "ENOENT" || code === "ENOTDIR";
}

/** A name git could have written: no empty, dot-led or `.lock` part, so no `..` either. */
function plainRefName(name: string): boolean {
  return name
    .split("/")
    .every((part) => part !== "" && !part.startsWith(".") && !part.endsWith(".lock"));
}
