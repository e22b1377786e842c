/**
 * The adapter-independent half of a Git contract fixture: file edits behind the adapter's
 * back and read-only inspection of the result, done with isomorphic-git (which reads
 * CLI-made repositories too).
 */
import { dirname, join } from "node:path";
import * as git from "isomorphic-git";
import type { FsLike } from "../../src/adapters/fs/fs-like.js";
import type { GitFixture } from "../../src/testing/git-fixture.js";

/** The adapter-independent half of a fixture, over `fs` with the repository at `repoRoot`. */
export function commonFixture(
  fs: FsLike,
  repoRoot: string,
): Pick<GitFixture, "write" | "remove" | "headFiles" | "head" | "stagedPaths" | "resetBranch"> {
  const base = { fs, dir: repoRoot };
  return {
    async write(repoPath, content) {
      await fs.promises.mkdir(dirname(join(repoRoot, repoPath)), { recursive: true });
      await fs.promises.writeFile(join(repoRoot, repoPath), content);
    },
    remove: (repoPath) => fs.promises.unlink(join(repoRoot, repoPath)),
    async resetBranch(sha) {
      const branch = await git.currentBranch({ ...base, fullname: true });
      if (typeof branch !== "string")
        throw new Error("the fixture repository has no current branch");
      await git.writeRef({ ...base, ref: branch, value: sha, force: true });
    },
    async headFiles() {
      const files = await git.listFiles({ ...base, ref: "HEAD" });
      return files.toSorted();
    },
    async head() {
      const sha = await git.resolveRef({ ...base, ref: "HEAD" });
      const { commit } = await git.readCommit({ ...base, oid: sha });
      return {
        sha,
        name: commit.author.name,
        email: commit.author.email,
        timeMs: commit.author.timestamp * 1000,
      };
    },
    async stagedPaths() {
      const rows = await git.statusMatrix(base);
      // stage 1 means "same as HEAD"; for a file not in HEAD, 0 means "not staged".
      return rows
        .filter(([, inHead, , stage]) => (inHead === 1 ? stage !== 1 : stage !== 0))
        .map(([file]) => file)
        .toSorted();
    },
  };
}
